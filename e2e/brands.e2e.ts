import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 5: every brand at `<id>.localhost` in a real Chromium against the real server — its language,
// its theme, one apply path — and the §2 rule that a token in the hash leaves the address bar once read.

const screenshotDir = join(import.meta.dirname, 'screenshots');

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

const brandUrl = (id: string, path = '/') => `http://${id}.localhost:${server.port}${path}`;

async function openPage(): Promise<{ page: Page; requests: string[]; console: string[] }> {
  const page = await context.newPage();
  const requests: string[] = [];
  const console: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  return { page, requests, console };
}

async function devLoginToken(country: 'NO' | 'SE' | 'FI' | 'DK', birthDate: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/auth/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nationalId: makeTestNationalId(country, birthDate, 3), country }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshotDir, { recursive: true });
  ({ server, browser } = await startServerAndBrowser());
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('every brand at <id>.localhost', () => {
  for (const id of brandIds) {
    const brand = brands[id];
    it(`${id}: ${brand.i18n.defaultLocale}, its theme, and ${brand.paths.applyUnsecured}`, async () => {
      const { page, requests, console } = await openPage();
      await page.goto(brandUrl(id));
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Language
      expect(await page.getAttribute('html', 'lang')).toBe(brand.i18n.defaultLocale);
      // Theme: the variable and a painted colour, and the brand's own (local) font
      const theme = await page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const button = document.querySelector('[data-testid="primary-apply-link"]');
        return {
          primary: root.getPropertyValue('--color-primary').trim(),
          buttonBackground: button ? getComputedStyle(button).backgroundColor : null,
          fontFamily: getComputedStyle(document.body).fontFamily,
        };
      });
      expect(theme.primary).toBe(brand.theme.primary);
      expect(theme.buttonBackground).toBe(hexToRgb(brand.theme.primary));
      expect(theme.fontFamily).toContain(brand.theme.fontFamily);
      await page.evaluate(() => document.fonts.ready);
      expect(
        await page.evaluate((family) => document.fonts.check(`16px "${family}"`), brand.theme.fontFamily),
      ).toBe(true);
      // Footer: organisation and contact
      const footer = page.getByTestId('site-footer');
      expect(await footer.textContent()).toContain(brand.organisation.name);
      expect(await footer.textContent()).toContain(brand.contact.email);
      await page.screenshot({ path: join(screenshotDir, `${id}-home.png`), fullPage: true });

      // One apply path, reached by its link, then loaded directly (the server's page fallback)
      await page.getByTestId('primary-apply-link').click();
      await page.waitForURL(brandUrl(id, brand.paths.applyUnsecured));
      await page.getByTestId('amount-duration').waitFor();
      const applyTitle = await page.getByRole('heading', { level: 1 }).textContent();
      await page.goto(brandUrl(id, brand.paths.applyUnsecured));
      await page.getByTestId('amount-field').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(applyTitle);
      expect(await page.getAttribute('html', 'lang')).toBe(brand.i18n.defaultLocale);
      await page.screenshot({ path: join(screenshotDir, `${id}-apply.png`), fullPage: true });

      // Nothing from the internet: every request went to this brand's own host.
      const foreign = requests.filter((url) => new URL(url).host !== `${id}.localhost:${server.port}`);
      expect(foreign).toEqual([]);
      expect(console.filter((line) => line.startsWith('pageerror'))).toEqual([]);
      await page.close();
    });
  }
});

describe('hosts', () => {
  it('plain localhost shows the index of all 15 brands', async () => {
    const { page } = await openPage();
    await page.goto(`http://localhost:${server.port}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const links = await page
      .locator('[data-brand]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    expect(links.sort()).toEqual(brandIds.map((id) => brandUrl(id)).sort());
    await page.screenshot({ path: join(screenshotDir, 'brand-index.png'), fullPage: true });
    await page.close();
  });

  it('an unknown brand falls back to se-main with the §8 warning', async () => {
    const { page, console } = await openPage();
    await page.goto(`http://no-such-brand.localhost:${server.port}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv-SE');
    expect(await page.getByTestId('site-footer').textContent()).toContain(
      brands['se-main'].organisation.name,
    );
    expect(console).toContain('warning: Invalid brand detected. Defaulting to the Swedish brand');
    await page.close();
  });

  it('the separate personal-page host of fi-main serves its personal page', async () => {
    const { page } = await openPage();
    await page.goto(`http://mine.fi-main.localhost:${server.port}/`);
    await page.waitForURL(`http://mine.fi-main.localhost:${server.port}${brands['fi-main'].paths.myPage}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi-FI');
    await page.close();
  });

  it("an unknown path shows 'This page could not be found' with the brand around it", async () => {
    const { page } = await openPage();
    await page.goto(brandUrl('dk-main', '/findes-ikke'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This page could not be found');
    expect(await page.getAttribute('html', 'lang')).toBe('da-DK');
    await page.screenshot({ path: join(screenshotDir, 'dk-main-404.png'), fullPage: true });
    await page.close();
  });
});

describe('small screens', () => {
  it('no-main apply page fits a 360 px wide phone without sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
    const page = await phone.newPage();
    await page.goto(brandUrl('no-main', '/soknad/forbrukslan'));
    await page.getByTestId('amount-field').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(screenshotDir, 'no-main-apply-phone.png'), fullPage: true });
    await phone.close();
  });
});

describe('§2 credentials leave the address bar once read', () => {
  it('an identity-provider token in the hash is read, used to log in, and removed', async () => {
    const token = await devLoginToken('NO', '1984-02-29');
    const { page } = await openPage();
    await page.goto(brandUrl('no-main', `/mine-tilbud#token=${token}&provider-name=dev`));
    await page.locator('[data-logged-in="true"]').waitFor();
    expect(page.url()).toBe(brandUrl('no-main', '/mine-tilbud'));
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    // The login is kept in sessionStorage (auth state version 2), the token is no longer in the URL.
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}'));
    expect(stored.version).toBe(2);
    expect(stored.state.token).toBe(token);
    expect(stored.state.authMethod).toBe('idp');
    await page.screenshot({ path: join(screenshotDir, 'no-main-my-page.png'), fullPage: true });
    await page.close();
  });

  it('a cross-domain token and application id in the query are removed too, other parameters stay', async () => {
    const token = await devLoginToken('SE', '1990-06-15');
    const { page } = await openPage();
    await page.goto(
      brandUrl(
        'se-main',
        `/soknad/forbrukslan?aid=00000000-0000-4000-8000-000000000000&token=${token}&utm_source=mail`,
      ),
    );
    await page.getByTestId('amount-field').waitFor();
    await page.waitForFunction(() => !window.location.search.includes('token'));
    expect(page.url()).toBe(brandUrl('se-main', '/soknad/forbrukslan?utm_source=mail'));
    await page.close();
  });

  it('a token that is not a JWT is removed as well, and nobody is logged in', async () => {
    const { page } = await openPage();
    await page.goto(brandUrl('dk-main', '/mypage#token=not-a-token&provider-name=dev'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(page.url()).toBe(brandUrl('dk-main', '/mypage'));
    expect(await page.locator('[data-logged-in="true"]').count()).toBe(0);
    await page.close();
  });
});
