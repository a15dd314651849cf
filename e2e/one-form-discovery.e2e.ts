import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, seriousAxeViolations } from './support/api-helpers.ts';
import { brandBaseUrl, identifyWithEid, testPhone, waitForStep } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 10 / ADR 0028 on no-main: the one-form pre-check on /soknad/lan answers likely/unlikely in seconds
// and the application continues with what was answered (employment and income are not typed again); the
// discovery pre-qualification on /soknad/forhandssjekk shows indicative offers, then the full application.
// axe on every page.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function answerPreCheck(
  page: Page,
  income: { gross: string; net: string },
  expected: 'likely' | 'unlikely',
) {
  await page.getByTestId('pre-check-age').fill('41');
  await page.getByTestId('pre-check-employmentType').selectOption('Permanent');
  await page.getByTestId('pre-check-grossYearlyIncome').fill(income.gross);
  await page.getByTestId('pre-check-netMonthlyIncome').fill(income.net);
  await page.getByTestId('pre-check-debtBalance').fill('40000');
  await page.getByTestId('pre-check-debtMonthlyPayments').fill('1200');
  await page.getByTestId('pre-check-run').click();
  await expect
    .poll(() => page.getByTestId('pre-check-result').getAttribute('data-outcome'), { timeout: 15_000 })
    .toBe(expected);
}

async function identifyAndAddress(page: Page, nationalId: string) {
  await page.getByTestId('field-loanPurpose').selectOption('Renovation');
  await page.locator('[data-testid="step-loan"] [data-testid="step-submit"]').click();
  await identifyWithEid(page, { nationalId, email: `pre-${nationalId}@example.com`, phone: testPhone.NO });
}

describe('no-main one-form and discovery', () => {
  it('one-form: the pre-check answers, then the same application continues without re-typing', async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    const check = async (name: string) =>
      violations.push(...(await seriousAxeViolations(page)).map((found) => `${name}: ${found}`));
    await page.goto(`${brandBaseUrl(server.baseUrl, 'no-main')}/soknad/lan`);
    await waitForStep(page, 'loan');
    await page.getByTestId('pre-check').waitFor();

    // Too little income: unlikely, with the reason.
    await answerPreCheck(page, { gross: '90000', net: '6000' }, 'unlikely');
    expect(await page.getByTestId('pre-check-result').textContent()).toContain('Inntekten er lavere');
    await check('one-form unlikely');

    await answerPreCheck(page, { gross: '640000', net: '37000' }, 'likely');
    expect(await page.getByTestId('pre-check-result').textContent()).toContain('trolig få tilbud');
    // One-form shows the answer; the indicative offers are the discovery page's.
    expect(await page.getByTestId('indicative-offers').count()).toBe(0);
    await check('one-form likely');
    await saveScreenshots(page, 'one-form-pre-check');

    await identifyAndAddress(page, makeTestNationalId('NO', '1985-02-11', 51));
    await page.getByTestId('field-firstName').fill('Siri');
    await page.getByTestId('field-lastName').fill('Forhåndssjekk');
    await page.getByTestId('field-street').fill('Testveien 2');
    await page.getByTestId('field-postalCode').fill('0150');
    await page.getByTestId('field-city').fill('Oslo');
    await page.locator('[data-testid="step-address"] [data-testid="step-submit"]').click();
    await waitForStep(page, 'household');
    await page.getByTestId('field-maritalStatus').selectOption('Single');
    await page.getByTestId('field-education').selectOption('Higher education');
    await page.getByTestId('field-livingSituation').selectOption('Rental');
    if ((await page.getByTestId('field-housingType').count()) > 0) {
      await page.getByTestId('field-housingType').selectOption('Apartment building');
    }
    await page.getByTestId('field-housingCostMonthly').fill('9000');
    await page.getByTestId('field-childrenCount').fill('0');
    await page.locator('[data-testid="step-household"] [data-testid="step-submit"]').click();
    await waitForStep(page, 'employment');
    // Carried over from the pre-check.
    expect(await page.getByTestId('field-employmentType').inputValue()).toBe('Permanent');
    await page.getByTestId('field-employerName').fill('Testbedrift AS');
    await page.getByTestId('field-employmentStart').fill('2017-01-01');
    const optional = ['industry', 'jobLevel'] as const;
    for (const name of optional) {
      if ((await page.getByTestId(`field-${name}`).count()) > 0) {
        await page
          .getByTestId(`field-${name}`)
          .selectOption(name === 'industry' ? 'Information and communication' : 'Employee');
      }
    }
    if ((await page.getByTestId('field-mainBank').count()) > 0)
      await page.getByTestId('field-mainBank').fill('Testbanken');
    if ((await page.getByTestId('field-isPoliticallyExposed').count()) > 0) {
      await page.getByTestId('field-isPoliticallyExposed').locator('input[value="no"]').check();
    }
    await page.locator('[data-testid="step-employment"] [data-testid="step-submit"]').click();
    await waitForStep(page, 'economy');
    expect(await page.getByTestId('field-grossYearlyIncome').inputValue()).toMatch(/^640\s?000$|^640000$/);
    expect(await page.getByTestId('field-netMonthlyIncome').inputValue()).toMatch(/^37\s?000$|^37000$/);
    await check('one-form economy carried');
    expect(violations).toEqual([]);
    await page.close();
  }, 180_000);

  it('discovery: the pre-qualification shows indicative offers, then the full application', async () => {
    const page = await context.newPage();
    const violations: string[] = [];
    await page.goto(`${brandBaseUrl(server.baseUrl, 'no-main')}/soknad/forhandssjekk`);
    await waitForStep(page, 'loan');
    expect(await page.locator('article[data-product="DiscoveryLoan"]').count()).toBe(1);
    await answerPreCheck(page, { gross: '720000', net: '41000' }, 'likely');
    const offers = page.getByTestId('indicative-offers');
    await offers.waitFor();
    expect(await offers.locator('tbody tr').count()).toBeGreaterThan(0);
    violations.push(...(await seriousAxeViolations(page)));
    await saveScreenshots(page, 'discovery-pre-qualification');

    await identifyAndAddress(page, makeTestNationalId('NO', '1979-08-23', 52));
    violations.push(...(await seriousAxeViolations(page)));
    expect(violations).toEqual([]);
    await page.close();
  }, 180_000);
});
