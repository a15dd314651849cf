import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { brandPathList } from '@nordloan/domain/brands/resolve-brand';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { brandPages } from '#src/brands/brand-pages.ts';
import { messagesByLocale } from '#src/i18n/i18n.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { nordicText, renderBrand } from '#src/test/render-brand.tsx';

const english = /\b(the|and|your|loan|apply|page|please|sign in|log in|offers?|continue|years?)\b/i;

// The pages are lazily loaded modules: import them once up front, so that the first test of each kind
// measures rendering rather than the transform of the page's module graph.
beforeAll(async () => {
  await Promise.all([
    import('#src/app/routes/apply-page.tsx'),
    import('#src/app/routes/home-page.tsx'),
    import('#src/app/routes/insurance-page.tsx'),
    import('#src/app/routes/my-page.tsx'),
  ]);
}, 120_000);

beforeEach(() => {
  sessionStorage.clear();
  configureServiceUrls({ api: 'http://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 401 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

describe('every brand serves every path of its path style (§2, brands.md)', () => {
  for (const id of brandIds) {
    const brand = brands[id];
    const separate = brand.paths.myPageHost === 'separate';
    const messages = messagesByLocale[brand.i18n.defaultLocale];

    it(`${id}: the route table covers brandPathList`, () => {
      const served = [...brandPages(brand, 'main'), ...(separate ? brandPages(brand, 'myPage') : [])].map(
        (p) => p.path,
      );
      expect(served.sort()).toEqual(brandPathList(brand));
    });

    for (const host of separate ? (['main', 'myPage'] as const) : (['main'] as const)) {
      for (const page of brandPages(brand, host)) {
        it(`${id} ${page.path}: a ${page.kind} page in ${brand.i18n.defaultLocale}`, async () => {
          const { container } = renderBrand(brand, page.path, { isMyPageHost: host === 'myPage' });
          const expected =
            page.kind === 'my-page' ? messages.errors.unauthorizedTitle : messages.purposes[page.purpose];
          expect(await screen.findByRole('heading', { level: 1, name: expected })).toBeTruthy();
          if (page.kind === 'apply') expect(screen.getByTestId('amount-duration')).toBeTruthy();
          if (page.kind === 'apply') expect(screen.getByTestId('apply-steps')).toBeTruthy();
          expect(nordicText(container)).not.toMatch(english);
        });
      }
    }

    it(`${id}: the front page links to the apply pages, in ${brand.i18n.defaultLocale}`, async () => {
      const { container } = renderBrand(brand, '/');
      expect(await screen.findByRole('heading', { level: 1, name: messages.home.title })).toBeTruthy();
      expect(screen.getByTestId('primary-apply-link').getAttribute('href')).toBe(brand.paths.applyUnsecured);
      expect(nordicText(container)).not.toMatch(english);
    });

    it(`${id}: the footer shows the organisation and contact details`, async () => {
      renderBrand(brand, '/');
      const footer = await screen.findByTestId('site-footer');
      expect(footer.textContent).toContain(brand.organisation.name);
      expect(footer.textContent).toContain(brand.organisation.number);
      expect(footer.textContent).toContain(brand.contact.phone);
      expect(footer.textContent).toContain(brand.contact.email);
      expect(footer.querySelector(`a[href="mailto:${brand.contact.email}"]`)).toBeTruthy();
    });
  }
});

describe('amounts through Intl in the brand locale', () => {
  it('no-main shows the default amount in Norwegian kroner', async () => {
    renderBrand(brands['no-main'], '/soknad/forbrukslan');
    const field = await screen.findByTestId('amount-field');
    expect(field.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('150 000 kr');
  });

  it('fi-compare shows euros and Finnish years', async () => {
    const brand = brands['fi-compare'];
    renderBrand(brand, brand.paths.applyUnsecured);
    expect((await screen.findByTestId('amount-field')).textContent).toContain('€');
    expect(screen.getByTestId('duration-field').textContent).toContain('vuotta');
  });
});

describe('the separate personal-page host', () => {
  it('sends its front page to the personal page', async () => {
    const brand = brands['fi-main'];
    const { router } = renderBrand(brand, '/', { isMyPageHost: true });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(brand.paths.myPage);
  });
});
