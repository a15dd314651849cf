import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication, seriousAxeViolations } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6: "se-main: apply for a credit card; the cost warning is shown" (KOVFS 2025:1, regulation.md).
// se-main sells credit cards (brand registry); the warning is also checked on its loan application.

// regulation.md, Sweden (KOVFS 2025:1), word for word.
const swedishCostWarning = [
  'Att låna kostar pengar!',
  'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.',
  'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
];

const screenshotDir = join(import.meta.dirname, 'screenshots');
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshotDir, { recursive: true });
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
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

async function expectWarning(page: Page) {
  const warning = page.getByTestId('cost-warning');
  await warning.waitFor();
  const text = normalize(await warning.textContent());
  for (const sentence of swedishCostWarning) expect(text).toContain(sentence);
}

describe('se-main', () => {
  it('the Swedish cost warning and the live example on the application, Swedish all through, to submission', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    const seen: string[] = [];
    await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'se-main',
      product: 'UnsecuredLoan',
      nationalId: makeTestNationalId('SE', '1988-08-08', 5),
      onStep: async (step, current) => {
        seen.push(step);
        expect(await current.getAttribute('html', 'lang')).toBe('sv-SE');
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        if (step === 'loan') {
          await expectWarning(current);
          // The live example is the API's: GET /calculator/representative-example for the same terms.
          const api = await (
            await fetch(
              `${server.baseUrl}/calculator/representative-example?brand=se-main&amount=500000&duration=15`,
            )
          ).json();
          expect(normalize(await current.getByTestId('example-text').textContent())).toBe(
            normalize(api.text),
          );
          // Typed amount: the example follows at once, and an amount off the 5 000 grid is named beside the field.
          await current.getByTestId('amount-field-input').fill('250000');
          const apiSmaller = await (
            await fetch(
              `${server.baseUrl}/calculator/representative-example?brand=se-main&amount=250000&duration=15`,
            )
          ).json();
          expect(normalize(await current.getByTestId('example-text').textContent())).toBe(
            normalize(apiSmaller.text),
          );
          await current.getByTestId('amount-field-input').fill('252500');
          const error = current.getByTestId('amount-field').getByRole('alert');
          expect(normalize(await error.textContent())).toBe(
            'Välj ett belopp från 5 000 till 800 000, i steg om 5 000.',
          );
          expect(await current.getByTestId('amount-field-input').getAttribute('aria-invalid')).toBe('true');
          await current.getByTestId('amount-field-input').fill('250000');
          await current.screenshot({ path: join(screenshotDir, 'apply-se-main-loan.png'), fullPage: true });
        }
        if (step === 'summary') {
          await expectWarning(current);
          await current.screenshot({
            path: join(screenshotDir, 'apply-se-main-summary.png'),
            fullPage: true,
          });
        }
        if (step === 'sent')
          await current.screenshot({ path: join(screenshotDir, 'apply-se-main-sent.png'), fullPage: true });
      },
    });
    expect(seen).toContain('sent');
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('apply for a credit card; the cost warning is shown', async () => {
    // The journey the issue names: it must not be skipped by a config change.
    expect(brands['se-main'].products).toContain('CreditCard');
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const violations: string[] = [];
    await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'se-main',
      product: 'CreditCard',
      nationalId: makeTestNationalId('SE', '1991-02-03', 6),
      onStep: async (step, current) => {
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        if (step === 'loan' || step === 'summary') await expectWarning(current);
        if (step === 'loan' || step === 'sent') {
          await current.screenshot({
            path: join(screenshotDir, `apply-se-main-card-${step}.png`),
            fullPage: true,
          });
        }
      },
    });
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('the card is offered exactly where the brand sells it (§5: the API refuses a product the brand does not sell)', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`http://se-main.localhost:${server.port}${brands['se-main'].paths.applyUnsecured}`);
    await page.getByTestId('step-loan').waitFor();
    await expectWarning(page);
    expect(await page.getByTestId('product-choice').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(screenshotDir, 'apply-se-main-phone-loan.png'), fullPage: true });
    await context.close();
  }, 60_000);
});
