import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrandPathPurpose } from '@nordloan/domain/brands/brand-config.schema';
import { brandIds, brands } from '@nordloan/domain/brands/registry';
import type { Locale } from '@nordloan/domain/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { withRequestOrigin } from './web-app.ts';

// Issue 12 goal 3 (ADR 0040): the HTML of every brand's apply pages already shows the page's first view,
// rendered from the app's components when the web app is built (apps/web/scripts/prerender.mjs), in the
// brand's language. This runs against the real build, making it when there is none yet.

const repoRoot = resolve(import.meta.dirname, '../../../..');
const webDist = join(repoRoot, 'apps/web/dist');

// What the applicant reads under the heading (apps/web/src/i18n/locales, `apply.*Lead`).
const leads: Record<Locale, { apply: string; preCheck: string; oneForm: string }> = {
  'nb-NO': {
    apply: 'Velg beløp og nedbetalingstid. Bankene svarer deg på Min side.',
    preCheck: 'Se hvilke lånemuligheter du har før du sender en full søknad.',
    oneForm: 'Fyll ut ett skjema og få tilbud på lånet som passer deg.',
  },
  'sv-SE': {
    apply: 'Välj belopp och återbetalningstid. Bankerna svarar dig på Mina sidor.',
    preCheck: 'Se vilka lånemöjligheter du har innan du skickar en fullständig ansökan.',
    oneForm: 'Fyll i ett formulär och få erbjudanden på lånet som passar dig.',
  },
  'fi-FI': {
    apply: 'Valitse summa ja laina-aika. Pankit vastaavat sinulle Omilla sivuilla.',
    preCheck: 'Näe lainamahdollisuutesi ennen kuin lähetät varsinaisen hakemuksen.',
    oneForm: 'Täytä yksi lomake ja saat tarjouksia sinulle sopivasta lainasta.',
  },
  'da-DK': {
    apply: 'Vælg beløb og løbetid. Bankerne svarer dig på Min side.',
    preCheck: 'Se dine lånemuligheder, før du sender en fuld ansøgning.',
    oneForm: 'Udfyld én formular, og få tilbud på det lån, der passer dig.',
  },
};

const applyPurposes: BrandPathPurpose[] = ['applyUnsecured', 'applySecured', 'preCheck', 'oneFormApply'];

function leadFor(locale: Locale, purpose: BrandPathPurpose): string {
  if (purpose === 'preCheck') return leads[locale].preCheck;
  if (purpose === 'oneFormApply') return leads[locale].oneForm;
  return leads[locale].apply;
}

const applyPages = brandIds.flatMap((id) =>
  applyPurposes.flatMap((purpose) => {
    const path = brands[id].paths[purpose];
    return path ? [{ id, purpose, path }] : [];
  }),
);

describe('the apply pages paint before their script (issue 12 goal 3)', () => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(join(webDist, '.vite/prerender.json'))) {
      const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('web build failed');
    }
    t = await createTestApp({ config: { webDistDir: webDist } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('covers every apply page of the 15 brands', () => {
    const built = JSON.parse(readFileSync(join(webDist, '.vite/prerender.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(Object.keys(built).sort()).toEqual([...brandIds].sort());
    for (const { id, path } of applyPages) expect(Object.keys(built[id] ?? {})).toContain(path);
  });

  it.each(applyPages)('$id $path: lang, heading and lead in the HTML', async ({ id, purpose, path }) => {
    const brand = brands[id];
    const page = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'text/html', host: `${id}.localhost`, 'accept-encoding': 'identity' },
    });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(`<html lang="${brand.i18n.defaultLocale}" data-brand="${id}"`);
    const root = html.slice(html.indexOf('<div id="root"'));
    // The skip link first (its attributes in the renderer's order).
    expect(root).toMatch(/^<div id="root" data-first-view inert><a [^>]*class="skip-link"/);
    expect(root).toContain(`<p class="lead">${leadFor(brand.i18n.defaultLocale, purpose)}</p>`);
    expect(root).toMatch(/<h1 id="apply-title">[^<]+<\/h1>/);
    // The first step's form as the app renders it (it is hydrated, test ids included), and nothing the
    // page's CSP would refuse.
    expect(root).toContain('<form');
    expect(root).toContain('data-testid="step-count"');
    expect(root).not.toMatch(/ style="|nordloan-prerender\.invalid/);
    // Its style sheets inline and the app's modules after the first paint, both allowed by hash.
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">|<script type="module"/);
    // The brand's configuration chunk among them (ADR 0086): the app starts once it is in.
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const brandChunk = manifest[`src/brands/generated/${id}.js`]?.file;
    if (brandChunk) expect(/data-modules="([^"]*)"/.exec(html)?.[1]?.split(' ')).toContain(`/${brandChunk}`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(policy).toMatch(/style-src 'self'( 'sha256-[^']+'){2,}/);
  });

  it('sends no first view for the personal page', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: brands['no-main'].paths.myPage,
      headers: { accept: 'text/html', host: 'no-main.localhost' },
    });
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('sends none on a separate personal-page host, where the apply paths are not pages', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: brands['fi-main'].paths.applyUnsecured,
      headers: { accept: 'text/html', host: 'mine.fi-main.localhost' },
    });
    expect(page.body).toContain('<div id="root"></div>');
  });
});

describe('the request origin in a first view', () => {
  it('names the separate personal-page host of the request, escaped', () => {
    const markup =
      '<a href="https://mine.nordloan-prerender.invalid/mine-tilbud">x</a><a href="https://nordloan-prerender.invalid/">y</a>';
    expect(withRequestOrigin(markup, 'https', 'www.lanesjekk.no')).toBe(
      '<a href="https://mine.lanesjekk.no/mine-tilbud">x</a><a href="https://www.lanesjekk.no/">y</a>',
    );
    expect(withRequestOrigin(markup, 'http', 'a"b.localhost:3000')).toContain(
      'http://mine.a&#34;b.localhost:3000/mine-tilbud',
    );
    expect(withRequestOrigin('<p>plain</p>', 'http', 'x')).toBe('<p>plain</p>');
  });
});
