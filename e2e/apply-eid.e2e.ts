import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, signInOnIdentityPage } from './support/api-helpers.ts';
import { brandBaseUrl, seriousAxeViolations, testPhone, waitForStep } from './support/apply-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// ADR 0039: the apply journey identifies the applicant with the e-ID (the local e-ID provider, a real
// OpenID Provider on its own port), not with a typed national id. Leaving for the e-ID and coming back
// keeps every answer; a cancelled e-ID comes back to the identity step with a message in the brand's
// language and a way to try again — never a raw API answer.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const digits = (value: string) => value.replace(/\D/g, '');

describe('apply journey with e-ID', () => {
  it('no-main: leaves for the e-ID and comes back to the identity step with every answer kept', async () => {
    const page = await newPage();
    await page.goto(`${brandBaseUrl(server.baseUrl, 'no-main')}${brands['no-main'].paths.applyUnsecured}`);
    await waitForStep(page, 'loan');
    await page.getByTestId('amount-field-input').fill('235000');
    await page.getByTestId('duration-field-input').fill('3');
    await page.getByTestId('field-loanPurpose').selectOption('Holiday');
    await page.getByTestId('step-submit').click();
    await waitForStep(page, 'identify');
    expect(await page.getByTestId('field-nationalId').count()).toBe(0);
    await page.getByTestId('field-email').fill('eid-applicant@example.com');
    await page.getByTestId('field-phone').fill(testPhone.NO);
    await page.getByRole('button', { name: 'Identifiser deg med BankID' }).click();

    // The provider's own page, on its own port.
    await page.getByTestId('eid-identity-page').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).port).toBe(new URL(server.eidProviderUrl).port);
    await signInOnIdentityPage(page, makeTestNationalId('NO', '1979-05-03', 4));

    // Back on the same step, identified, the details kept; the token is out of the address bar.
    await page.getByTestId('identified').waitFor({ timeout: 30_000 });
    expect(await page.locator('article[data-step]').getAttribute('data-step')).toBe('identify');
    expect(page.url()).not.toContain('token=');
    expect(await page.getByTestId('field-email').inputValue()).toBe('eid-applicant@example.com');
    expect(digits(await page.getByTestId('field-phone').inputValue())).toContain('91234567');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The loan step's answers too.
    await page.getByRole('button', { name: 'Tilbake' }).click();
    await waitForStep(page, 'loan');
    expect(digits(await page.getByTestId('amount-field-input').inputValue())).toBe('235000');
    expect(await page.getByTestId('duration-field-input').inputValue()).toBe('3');
    expect(await page.getByTestId('field-loanPurpose').inputValue()).toBe('Holiday');
    await page.getByTestId('step-submit').click();
    await waitForStep(page, 'identify');
    await page.locator('[data-testid="step-identify"] [data-testid="step-submit"]').click();
    await waitForStep(page, 'address');

    // The application is the e-ID's person's, with the amount typed before the e-ID.
    const auth = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('nordloan-auth') ?? '{}')?.state ?? {},
    );
    expect(auth.authMethod).toBe('idp');
    expect(digits((await page.locator('.apply-reference').textContent()) ?? '')).toContain('235000');
    // The draft has done its work once the application holds the answers.
    expect(await page.evaluate(() => sessionStorage.getItem('nordloan-apply-draft'))).toBeNull();
    await page.context().close();
  }, 90_000);

  it('se-main: a cancelled e-ID comes back to the identity step with the message and "try again"', async () => {
    const page = await newPage();
    await page.goto(`${brandBaseUrl(server.baseUrl, 'se-main')}${brands['se-main'].paths.applyUnsecured}`);
    await waitForStep(page, 'loan');
    await page.getByTestId('field-loanPurpose').selectOption('Renovation');
    await page.getByTestId('step-submit').click();
    await waitForStep(page, 'identify');
    await page.getByTestId('field-email').fill('avbryter@example.se');
    await page.getByTestId('field-phone').fill(testPhone.SE);
    await page.getByRole('button', { name: 'Identifiera dig med BankID' }).click();
    await page.getByRole('button', { name: 'Avbryt inloggningen' }).click();

    const message = page.getByTestId('eid-error');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.textContent()).toBe(
      'Du avbröt identifieringen med BankID. Dina svar är sparade – försök igen när du är redo.',
    );
    expect(page.url()).not.toContain('eid-error');
    expect(await page.getByTestId('field-email').inputValue()).toBe('avbryter@example.se');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshots(page, 'apply-eid-cancelled-se');

    // Try again: this time through.
    await page.getByRole('button', { name: 'Försök igen med BankID' }).click();
    await signInOnIdentityPage(page, makeTestNationalId('SE', '1988-10-21', 5));
    await page.getByTestId('identified').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('eid-error').count()).toBe(0);
    await page.locator('[data-testid="step-identify"] [data-testid="step-submit"]').click();
    await waitForStep(page, 'address');
    await page.context().close();
  }, 90_000);

  it('no-main: a callback nobody started lands on the personal page with the message, not JSON', async () => {
    const page = await newPage();
    const base = brandBaseUrl(server.baseUrl, 'no-main');
    await page.goto(`${base}/auth/oidc/callback?code=made-up&state=made-up`);
    const message = page.getByTestId('eid-login-error');
    await message.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(brands['no-main'].paths.myPage);
    expect(await message.textContent()).toBe(
      'Innloggingen tok for lang tid eller ble startet i en annen nettleser. Prøv igjen.',
    );
    await page.context().close();
  });
});
