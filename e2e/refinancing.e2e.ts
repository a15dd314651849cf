import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  openPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  waitForOffersOnPage,
} from './support/api-helpers.ts';
import { completeApplication, waitForStep } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 35 item 4 (ADR 0080): a Norwegian applicant with two debts — the car loan the journey types and a
// consumer loan — ticks both "pay off with the new loan" on the economy step (the rate, the creditor's
// account and KID, checked as they are typed), applies, and on /mine-tilbud each offer shows what changes:
// the monthly and total cost before and after, the saving, and what the figures rest on.

const screenshotDir = join(import.meta.dirname, '..', 'docs', 'screenshots');
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  // A busy machine (several suites at once) can take minutes to start the server.
  ({ server, browser } = await startServerAndBrowser({
    env: { LENDER_DELAY_SCALE: '0' },
    timeoutMs: 300_000,
  }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
}, 360_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

/** Back on the economy step: a second debt, and both debts marked to be paid off with the new loan. */
async function chooseDebtsToRefinance(page: Page) {
  await page.goBack();
  await waitForStep(page, 'economy');
  await field(page, 'debts.0.balance').waitFor();
  await page.getByTestId('add-debt').click();
  await field(page, 'debts.1.debtType').selectOption('Unsecured');
  await field(page, 'debts.1.creditor').fill('Forbrukslån AS');
  await field(page, 'debts.1.balance').fill('60000');
  await field(page, 'debts.1.monthlyPayment').fill('2400');

  await field(page, 'debts.0.refinance').check();
  await field(page, 'debts.0.interestRate').fill('9,9');
  await field(page, 'debts.0.payoffAccount').fill('8601 11 17947');
  // A KID with a wrong check digit is caught beside the field before anything is sent.
  await field(page, 'debts.0.payoffReference').fill('79927398710');
  await field(page, 'debts.1.refinance').check();
  await field(page, 'debts.1.interestRate').fill('21,5');
  await field(page, 'debts.1.payoffAccount').fill('1503 12 34562');
  await field(page, 'debts.1.payoffReference').fill('12345678903');
  await page.locator('[data-testid="step-economy"] [data-testid="step-submit"]').click();
  await page.getByText('Referansen er ikke gyldig. Kontroller sifrene.').waitFor();
  await field(page, 'debts.0.payoffReference').fill('79927398713');
  mkdirSync(screenshotDir, { recursive: true });
  await page.getByTestId('debt-rows').screenshot({ path: join(screenshotDir, 'refinancing-debts-step.png') });
  await page.locator('[data-testid="step-economy"] [data-testid="step-submit"]').click();
  await waitForStep(page, 'co-applicant');
}

describe('no-main: refinance two debts, see what each offer changes', () => {
  it('two debts ticked on the economy step; the offers show the saving and its basis', {
    timeout: 300_000,
  }, async () => {
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error(`server warnings and errors:\n${server.problems()}`);
      await page.screenshot({ path: '/tmp/refinancing-failed.png', fullPage: true }).catch(() => undefined);
    });
    const nationalId = makeTestNationalId('NO', '1983-05-21', 17);
    let chosen = false;
    const sent = await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'UnsecuredLoan',
      nationalId,
      onStep: async (step) => {
        if (step !== 'co-applicant' || chosen) return;
        chosen = true;
        await chooseDebtsToRefinance(page);
      },
    });
    expect(chosen).toBe(true);

    await openPersonalPage(page, `http://no-main.localhost:${server.port}/mine-tilbud`, nationalId);
    const application = page.locator(`[data-application-id="${sent.applicationId}"]`);
    await application.waitFor();
    await waitForOffersOnPage(page);
    const panel = application.getByTestId('refinancing');
    await panel.getByTestId('refinancing-offer').first().waitFor({ timeout: 60_000 });

    // Before: the two debts, 45 000 + 60 000, with what their figures rest on.
    const text = (await panel.textContent()) ?? '';
    expect(text).toMatch(/2 lån på til sammen 105\s000\skr/);
    expect(text).toContain('Testbank Bil');
    expect(text).toContain('Forbrukslån AS');
    expect(text).toContain('regnet fra saldo, rente og betaling');
    // After: every offer's monthly cost against today's 1 500 + 2 400 = 3 900 a month, and the saving.
    const offer = panel.getByTestId('refinancing-offer').first();
    expect(await offer.textContent()).toMatch(/3\s900\skr → /);
    await offer.getByTestId('refinancing-saving').first().waitFor();
    expect(await offer.getByTestId('refinancing-saving').first().textContent()).toMatch(/du sparer \d/);
    expect(await offer.textContent()).toContain('bankens tilbud for hele lånet');
    // The offers are for more than the debts: the rest is paid to the applicant, nothing is short.
    expect(await panel.getByTestId('refinancing-not-covered').count()).toBe(0);
    expect(await offer.textContent()).toMatch(/utbetales til deg/);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: join(screenshotDir, 'refinancing-offers.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.screenshot({ path: join(screenshotDir, 'refinancing-offers-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshots(page, 'refinancing-personal-page');
    await page.close();
  });
});
