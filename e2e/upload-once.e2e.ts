import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  loginOnPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  waitForOffersOnPage,
  waitForQuotes,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 13 item 6, upload once (ADR 0036), no-main: lenders ask for a payslip with their offers; the
// applicant uploads it once on the personal page, and sends it to two lenders, one choice each.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nb-NO' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

// The smallest valid PNG (1×1 pixel): a photo of a payslip, as far as the upload checks can tell.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('Norwegian lending rules on the pre-check (ADR 0036)', () => {
  it('shows the debt ceiling and the stressed monthly cost, and why a loan is unlikely', async () => {
    const page = await context.newPage();
    await page.goto(`http://no-main.localhost:${server.port}/soknad/lan`);
    await page.getByTestId('pre-check').waitFor({ timeout: 30_000 });
    await page.getByTestId('pre-check-age').fill('41');
    await page.getByTestId('pre-check-employmentType').selectOption('Permanent');
    await page.getByTestId('pre-check-grossYearlyIncome').fill('400000');
    // Too little left each month once all debt is stressed 3 points up.
    await page.getByTestId('pre-check-netMonthlyIncome').fill('22000');
    await page.getByTestId('pre-check-debtBalance').fill('100000');
    await page.getByTestId('pre-check-debtMonthlyPayments').fill('2500');
    await page.getByTestId('pre-check-run').click();
    await expect
      .poll(() => page.getByTestId('pre-check-result').getAttribute('data-outcome'), { timeout: 15_000 })
      .toBe('unlikely');
    const rules = page.getByTestId('lending-rules');
    expect((await page.getByTestId('lending-rules-ceiling').textContent())?.replace(/\D/g, '')).toBe(
      '2000000',
    );
    expect(await rules.textContent()).toContain('Over grensen');
    expect(await page.getByTestId('pre-check-result').textContent()).toContain(
      'Betalingene ville bli for høye for inntekten.',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshots(page, 'pre-check-lending-rules');
  }, 120_000);
});

describe('upload once', () => {
  it('uploads a payslip once and sends it to two lenders, each by its own choice', async () => {
    // Large against the income: the simulated lenders ask for a payslip (ADR 0036).
    const application = await createSubmittedApplication(server.baseUrl, {
      country: 'NO',
      brand: 'no-main',
      amount: 250_000,
    });
    await waitForQuotes(server.baseUrl, application.token, application.applicationId);
    const page = await context.newPage();
    await loginOnPersonalPage(
      page,
      `http://no-main.localhost:${server.port}/mine-tilbud`,
      application.nationalId,
    );
    await waitForOffersOnPage(page);

    const documents = page.getByTestId('documents');
    // A named section below the offers before acceptance (issue 38).
    await documents.locator('summary').click();
    await documents.locator('input[type="file"]').setInputFiles({
      name: 'lonnsslipp.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await documents.locator('button[type="submit"]').click();
    const share = page.getByTestId('share-documents');
    await share.waitFor({ timeout: 30_000 });
    const buttons = share.locator('button[data-testid$="-payslip"]');
    await buttons.first().waitFor();
    expect(await buttons.count()).toBeGreaterThanOrEqual(2);

    // One lender at a time: the second still asks after the first was sent.
    await buttons.first().click();
    await share.locator('[data-status="sent"]').first().waitFor({ timeout: 15_000 });
    expect(await share.locator('[data-status="sent"]').count()).toBe(1);
    await buttons.first().click();
    await expect.poll(async () => share.locator('[data-status="sent"]').count(), { timeout: 15_000 }).toBe(2);
    expect(await share.textContent()).toMatch(/Sendt til .+: lonnsslipp\.png/);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshots(page, 'upload-once');
  }, 180_000);
});
