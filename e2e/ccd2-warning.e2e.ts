import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandId, brands } from '@nordloan/domain/brands/registry';
import { creditWarnings, warningViewport } from '@nordloan/domain/compliance/credit-warning';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandBaseUrl, seriousAxeViolations, waitForStep } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 34 (CCD2 art. 8(1); Sweden KOVFS 2025:1; ADR 0064): on a 390 px phone the warning that borrowing
// money costs money is on the first screen — the page not scrolled — of the apply page's first step (the
// calculator, with its representative example) and of a later step, in the brand's language, for one
// Swedish, one Finnish and one Danish brand; the Swedish one with its red symbol at least three text lines
// high, black on white. The footer names our registration and that we are tied to no lender.
// Screenshots: docs/screenshots/ccd2-warning-<brand>-phone.png.

let server: RunningServer;
let browser: Browser;

const screenshots = join(import.meta.dirname, '..', 'docs', 'screenshots');
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshots, { recursive: true });
  ({ server, browser } = await startServerAndBrowser());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const normalize = (text: string | null) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The element lies wholly inside the first screen, the page not scrolled. */
async function expectOnFirstScreen(
  page: Page,
  element: Locator,
  what: string,
  viewport: { width: number; height: number } = phone,
) {
  expect(await page.evaluate(() => window.scrollY), `${what}: page not scrolled`).toBe(0);
  const box = await element.boundingBox();
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends at ${Math.round(box!.y + box!.height)} px`).toBeLessThanOrEqual(
    viewport.height,
  );
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
}

async function expectWarning(page: Page, brandId: BrandId, step: string) {
  const data = creditWarnings[brands[brandId].country];
  const warning = page.getByTestId('cost-warning');
  expect(await warning.count(), `${step}: one warning`).toBe(1);
  await expectOnFirstScreen(page, warning, `${brandId} ${step}: the warning`);
  expect(await warning.getAttribute('lang')).toBe(data.locale);
  expect(await warning.getAttribute('data-status')).toBe(data.status);
  const text = normalize(await warning.textContent());
  for (const line of data.lines) expect(text).toContain(line);
}

const cases: { brandId: BrandId; locale: string }[] = [
  { brandId: 'se-main', locale: 'sv-SE' },
  { brandId: 'fi-main', locale: 'fi-FI' },
  { brandId: 'dk-main', locale: 'da-DK' },
];

describe('the CCD2 warning on a 390 px phone', () => {
  it.each(cases)(
    '$brandId: in $locale on the first screen of the first step (the calculator) and of the identity step',
    async ({ brandId, locale }) => {
      const context = await browser.newContext({ viewport: phone });
      const page = await context.newPage();
      try {
        await page.goto(`${brandBaseUrl(server.baseUrl, brandId)}${brands[brandId].paths.applyUnsecured}`);
        await waitForStep(page, 'loan');
        expect(await page.getAttribute('html', 'lang')).toBe(locale);
        await expectWarning(page, brandId, 'loan step');
        await page.screenshot({ path: join(screenshots, `ccd2-warning-${brandId}-phone.png`) });
        // The representative example in one sentence on the same first screen, after the warning (CCD2 art.
        // 8(2)–(3)); the full example box stays under the amount fields.
        const warningBox = await page.getByTestId('cost-warning').boundingBox();
        const exampleLine = page.getByTestId('example-line');
        await expectOnFirstScreen(page, exampleLine, `${brandId}: the representative example`);
        expect((await exampleLine.boundingBox())!.y).toBeGreaterThan(warningBox!.y + warningBox!.height);
        const exampleText = normalize(await page.getByTestId('example-text').textContent());
        expect(exampleText.length).toBeGreaterThan(20);
        expect(normalize(await exampleLine.textContent())).toContain(exampleText);

        if (brandId === 'se-main') {
          // KOVFS 2025:1: the red symbol at least three text lines high; black text on white.
          const measured = await page.getByTestId('cost-warning').evaluate((aside) => {
            const symbol = aside.querySelector('svg')!.getBoundingClientRect().height;
            const line = Number.parseFloat(getComputedStyle(aside.querySelector('p + p')!).lineHeight);
            const style = getComputedStyle(aside);
            return { symbol, line, colour: style.color, background: style.backgroundColor };
          });
          expect(measured.symbol).toBeGreaterThanOrEqual(3 * measured.line);
          expect(measured.colour).toBe('rgb(0, 0, 0)');
          expect(measured.background).toBe('rgb(255, 255, 255)');
          // Our registration and role, in the footer of every page.
          const registration = page.getByTestId('intermediary-registration');
          expect(normalize(await registration.textContent())).toContain(
            'har tillstånd från Finansinspektionen',
          );
          expect(await page.getByTestId('intermediary-register-link').getAttribute('href')).toBe(
            brands['se-main'].organisation.registration.registerUrl,
          );
          expect(normalize(await page.getByTestId('intermediary-tied').textContent())).toMatch(
            /^Vi är inte knutna till någon bank eller kreditgivare/,
          );
        }
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByTestId('field-loanPurpose').selectOption('Renovation');
        await page.locator('[data-testid="step-loan"] [data-testid="step-submit"]').click();
        await waitForStep(page, 'identify');
        await expectWarning(page, brandId, 'identity step');
        if (brandId === 'se-main')
          await page.screenshot({ path: join(screenshots, `ccd2-warning-${brandId}-phone-step-2.png`) });
      } finally {
        await context.close();
      }
    },
  );

  it('se-main at the product rule’s smallest phone (warningViewport, 360 × 640): still the first screen', async () => {
    const context = await browser.newContext({ viewport: warningViewport });
    const page = await context.newPage();
    try {
      await page.goto(`${brandBaseUrl(server.baseUrl, 'se-main')}${brands['se-main'].paths.applyUnsecured}`);
      await waitForStep(page, 'loan');
      await expectOnFirstScreen(
        page,
        page.getByTestId('cost-warning'),
        'se-main at 360 × 640',
        warningViewport,
      );
    } finally {
      await context.close();
    }
  });
});
