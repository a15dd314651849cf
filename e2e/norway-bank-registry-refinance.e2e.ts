import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openPersonalPage, waitForOffersOnPage } from './support/api-helpers.ts';
import {
  brandBaseUrl,
  identifyWithEid,
  testPhone,
  testPostalCode,
  waitForStep,
} from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 35's last "Done when" (ADRs 0076, 0079, 0080): a Norwegian applicant (no-main) connects the
// stand-in bank and sees the derived income put into the form, fetches Gjeldsregisteret, ticks two register
// debts "pay off with the new loan" with the creditor's account and KID, applies, and an offer on
// /mine-tilbud shows the saving. A consent cancelled at the bank leaves the form as it was. Both outside
// parties are their own processes (the CLIs `npm start` runs), on free ports. Screenshots:
// docs/screenshots/norway-bank-registry-refinance-*.png.

let server: RunningServer;
let browser: Browser;
let bank: Sandbox;
let registers: Sandbox;
const registerKey = 'e2e-norway-refinance-key';
const screenshots = join(import.meta.dirname, '..', 'docs', 'screenshots');

interface Sandbox {
  url: string;
  stop(): Promise<void>;
}

/** A stand-in as its own process, on a free port; resolves with the address its start line names. */
async function startSandbox(cli: string, env: Record<string, string>, listening: RegExp): Promise<Sandbox> {
  const child: ChildProcess = spawn('npx', ['tsx', cli], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    await exited;
  };
  let output = '';
  const url = await new Promise<string | undefined>((done) => {
    const timer = setTimeout(() => done(undefined), 60_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = listening.exec(output);
      if (found) {
        clearTimeout(timer);
        done(found[1]);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      done(undefined);
    });
  });
  if (!url) {
    await stop();
    throw new Error(`${cli} did not start:\n${output}`);
  }
  return { url, stop };
}

beforeAll(async () => {
  ensureWebAppBuilt();
  mkdirSync(screenshots, { recursive: true });
  [bank, registers] = await Promise.all([
    startSandbox(
      'apps/api/src/dev/bank-sandbox/bank-sandbox-cli.ts',
      { BANK_SANDBOX_PORT: '0' },
      /sandbox bank \(account information\) on (http:\/\/[^/\s]+)/,
    ),
    startSandbox(
      'apps/api/src/dev/debt-register-sandbox/debt-register-sandbox-cli.ts',
      { DEBT_REGISTER_SANDBOX_PORT: '0', DEBT_REGISTER_API_KEY: registerKey },
      /sandbox debt registers \(NO \/no, FI \/fi\) on (http:\/\/[^/\s]+)/,
    ),
  ]);
  ({ server, browser } = await startServerAndBrowser({
    env: {
      LENDER_DELAY_SCALE: '0',
      BANK_DATA_URL: bank.url,
      DEBT_REGISTER_NO_URL: `${registers.url}/no`,
      DEBT_REGISTER_FI_URL: `${registers.url}/fi`,
      DEBT_REGISTER_API_KEY: registerKey,
    },
    timeoutMs: 300_000,
  }));
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await bank?.stop();
  await registers?.stop();
});

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);
const submit = async (page: Page, from: string, to: string) => {
  await page.locator(`[data-testid="step-${from}"] [data-testid="step-submit"]`).click();
  await waitForStep(page, to);
};

/** The no-main journey from the loan step to the economy (income and debts) step. */
async function toEconomyStep(page: Page, nationalId: string) {
  await page.goto(`${brandBaseUrl(server.baseUrl, 'no-main')}${brands['no-main'].paths.applyUnsecured}`);
  await waitForStep(page, 'loan');
  await field(page, 'loanPurpose').selectOption('Renovation');
  await submit(page, 'loan', 'identify');
  await identifyWithEid(page, {
    nationalId,
    email: `refinance-${nationalId}@example.com`,
    phone: testPhone.NO,
  });
  await field(page, 'firstName').fill('Kari');
  await field(page, 'lastName').fill('Nordmann');
  await field(page, 'street').fill('Testveien 1');
  await field(page, 'postalCode').fill(testPostalCode.NO);
  await field(page, 'city').fill('Oslo');
  await submit(page, 'address', 'household');
  const shown = async (name: string) => (await field(page, name).count()) > 0;
  await field(page, 'maritalStatus').selectOption('Single');
  await field(page, 'education').selectOption('Higher education');
  await field(page, 'livingSituation').selectOption('Rental');
  if (await shown('housingType')) await field(page, 'housingType').selectOption('Apartment building');
  await field(page, 'housingCostMonthly').fill('9000');
  await field(page, 'childrenCount').fill('0');
  await submit(page, 'household', 'employment');
  await field(page, 'employmentType').selectOption('Permanent');
  await field(page, 'employerName').fill('Fjordkraft Testbedrift');
  await field(page, 'employmentStart').fill('2018-03-01');
  if (await shown('industry')) await field(page, 'industry').selectOption('Information and communication');
  if (await shown('jobLevel')) await field(page, 'jobLevel').selectOption('Employee');
  if (await shown('mainBank')) await field(page, 'mainBank').fill('Testbanken');
  if (await shown('isPoliticallyExposed')) {
    await field(page, 'isPoliticallyExposed').locator('input[value="no"]').check();
  }
  await submit(page, 'employment', 'economy');
}

/** "Fetch from your bank" → the stand-in bank's consent page → the test person (or Cancel) → back. */
async function connectBank(page: Page, choice: string) {
  await page.getByTestId('bank-data-open').click();
  await page.getByTestId('bank-data-connect').click();
  await page.getByRole('link', { name: choice, exact: true }).click();
  await waitForStep(page, 'economy', 30_000);
}

/** A register debt ticked to be paid off: saved through the API once its account and KID pass, no press. */
async function payOff(page: Page, creditor: string, account: string, kid: string) {
  const debt = page.getByTestId('debt-register-debt').filter({ hasText: creditor });
  await debt.getByTestId('debt-register-refinance').check();
  await debt.getByTestId('debt-register-payoff-account').fill(account);
  await debt.getByTestId('debt-register-payoff-reference').fill(kid);
  await debt.getByTestId('debt-register-payoff-saved').waitFor();
}

describe('no-main: bank income, register debts refinanced, the saving on the offer', () => {
  it('income from the bank, two register debts ticked, an offer shows the saving', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    onTestFailed(async () => {
      console.error(`server warnings and errors:\n${server.problems()}`);
      await page.screenshot({ path: '/tmp/norway-refinance-failed.png', fullPage: true }).catch(() => {});
    });
    try {
      // Born on the 1st: the stand-in Gjeldsregisteret's person with several debts.
      const nationalId = makeTestNationalId('NO', '1986-05-01', 23);
      await toEconomyStep(page, nationalId);

      // The bank: what it showed goes into the form's income field.
      await connectBank(page, 'Steady salary, rent and two loans');
      await page.getByTestId('bank-data-found').waitFor({ timeout: 30_000 });
      const derived = await page.getByTestId('bank-data-income').inputValue();
      expect(Number(derived)).toBeGreaterThan(10_000);
      const rowsBefore = await page.locator('[data-testid^="debt-row-"]').count();
      // The bank knows a loan's payment, not its type or balance: the panel asks for them beside each
      // loan before anything goes into the form. The register below has these debts with their
      // balances, so the applicant leaves the bank's loans out rather than count them twice.
      await page.getByTestId('bank-data-apply').click();
      await page.getByTestId('bank-data-loans-incomplete').waitFor();
      const bankLoans = await page.getByTestId('bank-data-loan').all();
      expect(bankLoans.length).toBe(2);
      await bankLoans[0]?.getByTestId('bank-data-loan-type').selectOption('CarMCBoat');
      await bankLoans[0]?.getByTestId('bank-data-loan-balance').fill('84500');
      await bankLoans[1]?.getByTestId('bank-data-loan-include').uncheck();
      await page.getByTestId('bank-data-apply').click();
      await page.getByText('Tallene er satt inn i søknaden').waitFor();
      expect(await field(page, 'netMonthlyIncome').inputValue()).toBe(derived);
      // One complete row: its type and balance are there, no error beside it.
      expect(await page.locator('[data-testid^="debt-row-"]').count()).toBe(rowsBefore + 1);
      expect(await field(page, `debts.${rowsBefore}.debtType`).inputValue()).toBe('CarMCBoat');
      expect(await field(page, `debts.${rowsBefore}.balance`).inputValue()).toBe('84500');
      expect(await page.getByTestId(`debt-row-${rowsBefore}`).getByRole('alert').count()).toBe(0);
      await page.getByTestId('bank-data-panel').screenshot({
        path: join(screenshots, 'norway-bank-registry-refinance-bank.png'),
      });
      // The register below has this debt too, with its balance: the row goes, so it counts once.
      await page.getByTestId(`debt-row-${rowsBefore}`).getByRole('button').last().click();
      await field(page, 'grossYearlyIncome').fill('620000');

      // The register: four debts; the loan and the drawn card paid off with the new loan.
      await page.getByTestId('debt-register-open').click();
      await page.getByTestId('debt-register-consent').check();
      await page.getByTestId('debt-register-fetch').click();
      await page.getByTestId('debt-register-found').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('debt-register-debt').count()).toBe(4);
      // A KID with a wrong check digit is refused beside the field, before anything is sent.
      const loan = page.getByTestId('debt-register-debt').filter({ hasText: 'Bank Norwegian' });
      await loan.getByTestId('debt-register-refinance').check();
      await loan.getByTestId('debt-register-payoff-account').fill('8601 11 17947');
      await loan.getByTestId('debt-register-payoff-reference').fill('79927398710');
      await loan.getByTestId('debt-register-payoff-unsaved').waitFor();
      await loan.getByTestId('debt-register-payoff-reference').blur();
      expect(await loan.getByTestId('debt-register-payoff-error-reference').textContent()).toBe(
        'Referansen er ikke gyldig. Kontroller sifrene.',
      );
      await payOff(page, 'Bank Norwegian', '8601 11 17947', '79927398713');
      await payOff(page, 'Santander', '1503 12 34562', '12345678903');
      await page.getByTestId('debt-register-panel').screenshot({
        path: join(screenshots, 'norway-bank-registry-refinance-register.png'),
      });

      // Stored with the application: after a reload both are still ticked.
      await page.reload();
      await waitForStep(page, 'economy');
      await page.getByTestId('debt-register-open').click();
      await page.getByTestId('debt-register-found').waitFor();
      await expect
        .poll(() => page.locator('[data-testid="debt-register-refinance"]:checked').count())
        .toBe(2);
      if ((await field(page, 'grossYearlyIncome').inputValue()) === '')
        await field(page, 'grossYearlyIncome').fill('620000');
      if ((await field(page, 'netMonthlyIncome').inputValue()) === '')
        await field(page, 'netMonthlyIncome').fill(derived);

      await submit(page, 'economy', 'co-applicant');
      await submit(page, 'co-applicant', 'consent');
      await field(page, 'acceptTerms').check();
      await field(page, 'creditCheck').check();
      await submit(page, 'consent', 'summary');
      await page.getByTestId('submit-application').click();
      await waitForStep(page, 'sent');
      const applicationId = await page.getByTestId('application-sent').getAttribute('data-application-id');

      await openPersonalPage(page, `http://no-main.localhost:${server.port}/mine-tilbud`, nationalId);
      const application = page.locator(`[data-application-id="${applicationId}"]`);
      await application.waitFor();
      await waitForOffersOnPage(page);
      const panel = application.getByTestId('refinancing');
      await panel.getByTestId('refinancing-offer').first().waitFor({ timeout: 60_000 });
      const text = (await panel.textContent()) ?? '';
      expect(text).toMatch(/2 lån på til sammen/);
      expect(text).toContain('Bank Norwegian');
      expect(text).toContain('Santander Consumer Bank');
      const saving = panel.getByTestId('refinancing-saving').first();
      await saving.waitFor();
      expect(await saving.textContent()).toMatch(/du sparer \d/);
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: join(screenshots, 'norway-bank-registry-refinance-offer.png') });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('a consent cancelled at the bank leaves the form as it was (390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await toEconomyStep(page, makeTestNationalId('NO', '1986-05-02', 29));
      await field(page, 'grossYearlyIncome').fill('610000');
      await field(page, 'netMonthlyIncome').fill('35500');
      await page.getByTestId('add-debt').click();
      await field(page, 'debts.0.debtType').selectOption('CarMCBoat');
      await field(page, 'debts.0.creditor').fill('Testbank Bil');
      await field(page, 'debts.0.balance').fill('45000');
      await field(page, 'debts.0.monthlyPayment').fill('1500');
      // Saved with the application (the step sent), then back on it to fetch from the bank.
      await submit(page, 'economy', 'co-applicant');
      await page.goBack();
      await waitForStep(page, 'economy');
      await field(page, 'debts.0.balance').waitFor();
      const names = [
        'grossYearlyIncome',
        'netMonthlyIncome',
        'debts.0.debtType',
        'debts.0.creditor',
        'debts.0.balance',
        'debts.0.monthlyPayment',
      ];
      const values = async () => Promise.all(names.map((name) => field(page, name).inputValue()));
      const before = await values();
      expect(before).toEqual(['610000', '35500', 'CarMCBoat', 'Testbank Bil', '45000', '1500']);

      await connectBank(page, 'Cancel');
      const problem = page.getByTestId('bank-data-problem');
      await problem.waitFor({ timeout: 30_000 });
      expect(await problem.textContent()).toContain('Samtykket ble avbrutt i banken');
      await field(page, 'debts.0.balance').waitFor();
      expect(await values()).toEqual(before);
      expect(await page.locator('[data-testid^="debt-row-"]').count()).toBe(1);
      await page.screenshot({
        path: join(screenshots, 'norway-bank-registry-refinance-cancelled-390.png'),
        fullPage: true,
      });
      // The form goes on as before.
      await submit(page, 'economy', 'co-applicant');
    } finally {
      await context.close();
    }
  }, 180_000);
});
