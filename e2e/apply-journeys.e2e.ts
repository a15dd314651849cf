import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication, seriousAxeViolations, waitForStep } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6 "Apply": the journey from the apply page to a submitted application, on a desktop and on a
// 360 px phone, with axe on every step.

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

describe('apply journeys', () => {
  it('no-main: an unsecured loan with a co-applicant, at 360 px, axe clean on every step', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const violations: string[] = [];
    const result = await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'UnsecuredLoan',
      nationalId: makeTestNationalId('NO', '1985-04-12', 1),
      coApplicant: { nationalId: makeTestNationalId('NO', '1987-09-30', 2) },
      onStep: async (step, current) => {
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        expect(await current.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await current.screenshot({
          path: join(screenshotDir, `apply-no-main-phone-${step}.png`),
          fullPage: true,
        });
      },
    });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(result.humanReadableId).toMatch(/\S/);
    const stored = await (
      await fetch(`${server.baseUrl}/loan-application/${result.applicationId}`, {
        headers: {
          Authorization: `Bearer ${await page.evaluate(() => JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}').state.token)}`,
        },
      })
    ).json();
    expect(stored.Status).toBeGreaterThanOrEqual(160);
    expect(stored.CoApplicantPersonID).toBeTruthy();
    expect(stored.ApplicantMode).toBe('Normal');
    await context.close();
  }, 120_000);

  it('no-main: a credit card from the one-form page, on a desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'CreditCard',
      nationalId: makeTestNationalId('NO', '1979-11-02', 4),
      onStep: async (step, current) => {
        violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
        if (step === 'loan' || step === 'sent') {
          await current.screenshot({
            path: join(screenshotDir, `apply-no-main-card-${step}.png`),
            fullPage: true,
          });
        }
      },
    });
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  for (const [brandId, country, birthDate] of [
    ['fi-compare', 'FI', '1983-05-17'],
    ['dk-main', 'DK', '1975-10-09'],
    ['se-compare', 'SE', '1992-12-01'],
  ] as const) {
    it(`${brandId}: an unsecured loan in the brand's language, axe clean`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const violations: string[] = [];
      await completeApplication(page, {
        baseUrl: server.baseUrl,
        brandId,
        product: 'UnsecuredLoan',
        nationalId: makeTestNationalId(country, birthDate, 1),
        onStep: async (step, current) => {
          violations.push(...(await seriousAxeViolations(current)).map((v) => `${step}: ${v}`));
          if (step === 'loan' || step === 'employment' || step === 'sent') {
            await current.screenshot({
              path: join(screenshotDir, `apply-${brandId}-${step}.png`),
              fullPage: true,
            });
          }
        },
      });
      expect(violations).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('keyboard only: errors beside the fields, announced, focus on the first; the slider moves in steps', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`http://dk-main.localhost:${server.port}/loans/apply`);
    await waitForStep(page, 'loan');
    // Tab to the duration slider and move it with the arrow keys: the typed field and the example follow.
    const slider = page.getByTestId('duration-field-slider');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    // Read until React has rendered the key's change: on a busy machine the read can come first.
    await expect
      .poll(() => page.getByTestId('duration-field-input').inputValue(), { timeout: 5_000 })
      .toBe('4');
    // Submitting without a purpose names the field (Danish), announced, and linked to the control.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.getByTestId('step-submit').focus();
    await page.keyboard.press('Enter');
    const purposeError = page.getByTestId('step-loan').getByRole('alert');
    expect(await purposeError.textContent()).toBe('Udfyld dette felt.');
    const describedBy = await page.getByTestId('field-loanPurpose').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Udfyld dette felt.');
    await page.getByTestId('field-loanPurpose').focus();
    await page.getByTestId('field-loanPurpose').selectOption('Holiday');
    await page.getByTestId('step-submit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('step-identify').waitFor();
    // The step heading takes the focus, so a screen reader hears where it is.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('apply-step-title');
    // No national id to type: the e-ID gives it (ADR 0039).
    expect(await page.getByTestId('field-nationalId').count()).toBe(0);
    await page.getByTestId('field-phone').fill('12');
    await page.getByTestId('step-submit').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('step-identify').getByRole('alert').first().waitFor();
    const alerts = await page.getByTestId('step-identify').getByRole('alert').allTextContents();
    expect(alerts).toEqual(['Udfyld dette felt.', 'Skriv et gyldigt mobilnummer.']);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
      'email',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotDir, 'apply-dk-main-phone-errors.png'), fullPage: true });
    await context.close();
  }, 60_000);
});
