import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  flowEventNames,
  nextNationalId,
  openPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  signInOnIdentityPage,
} from './support/api-helpers.ts';
import { createAgent, ensureStaffAppBuilt, signInAsAgent } from './support/backoffice-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 10: the insurance journey on no-main (/soknad/forsikring, nb-NO): e-ID login → eligibility →
// offer with price examples (nothing pre-ticked) → e-ID mandate → payment mandate (AvtaleGiro) → the
// policy; then the personal page shows it and the customer withdraws. axe on every step.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ensureStaffAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/** A Norwegian applicant the local e-ID stand-in lets sign (it cancels for numbers ending in 9). */
function signingNationalId(): string {
  for (;;) {
    const id = nextNationalId('NO');
    if (!id.endsWith('9')) return id;
  }
}

describe('insurance journey', () => {
  it('no-main: eligibility → offer → e-ID mandate → payment mandate → policy, then withdrawn on Min side', async () => {
    const nationalId = signingNationalId();
    const page = await context.newPage();
    const url = `http://no-main.localhost:${server.port}/soknad/forsikring`;
    await page.goto(url);
    // The e-ID login (ADR 0029): the button, the local provider's identity page, and back here.
    const login = page.getByTestId('eid-login-panel');
    await login.waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(page), 'login').toEqual([]);
    await login.getByRole('button').click();
    await signInOnIdentityPage(page, nationalId);

    // Eligibility
    const eligibility = page.getByTestId('insurance-eligibility');
    await eligibility.waitFor({ timeout: 30_000 });
    expect(await page.locator('h1').textContent()).toBe('Søk om forsikring');
    expect(await seriousAxeViolations(page), 'eligibility').toEqual([]);
    await page.getByTestId('insurance-employment').selectOption('permanent');
    await page.getByTestId('insurance-months').fill('24');
    await page.getByTestId('insurance-hours').fill('37,5');
    await page.getByTestId('insurance-resident').check();
    await page.getByTestId('insurance-fit').check();
    await page.getByTestId('insurance-eligibility-next').click();

    // Offer: strictly opt-in, a price example beside every cover
    const offer = page.getByTestId('insurance-offer');
    await offer.waitFor();
    expect(await page.getByTestId('insurance-opt-in').isChecked()).toBe(false);
    expect(await offer.locator('input[type="radio"]:checked').count()).toBe(0);
    expect(await page.getByTestId('insurance-price-example').count()).toBe(4);
    expect(await page.getByTestId('insurance-price-example').nth(1).textContent()).toMatch(
      /350.*4\s?200.*12/,
    );
    expect(await page.getByTestId('insurance-example').textContent()).toMatch(/350.*5\s?858/);
    expect(await seriousAxeViolations(page), 'offer').toEqual([]);
    // Accepting without opting in is refused on the page
    await page.getByTestId('insurance-accept').click();
    await expect.poll(() => offer.getByRole('alert').count()).toBeGreaterThan(0);
    await page.getByTestId('insurance-coverage').nth(1).click();
    await page.getByTestId('insurance-opt-in').check();
    await saveScreenshots(page, 'insurance-offer');
    await page.getByTestId('insurance-accept').click();

    // The e-ID mandate: pending while the applicant signs, then signed
    await page.getByTestId('insurance-mandate').waitFor();
    expect(await seriousAxeViolations(page), 'mandate').toEqual([]);
    await page.getByTestId('insurance-sign').click();
    await page.getByTestId('insurance-payment').waitFor({ timeout: 20_000 });

    // The payment mandate: AvtaleGiro from an account
    expect(await seriousAxeViolations(page), 'payment').toEqual([]);
    await page.getByTestId('insurance-kind-kid').check();
    await page.getByTestId('insurance-payer').fill('1234.56.78903');
    await saveScreenshots(page, 'insurance-payment');
    await page.getByTestId('insurance-pay').click();

    // The policy
    const result = page.getByTestId('insurance-result');
    await result.waitFor({ timeout: 20_000 });
    const policy = page.getByTestId('insurance-policy');
    await policy.waitFor({ timeout: 20_000 });
    expect(await policy.getAttribute('data-status')).toBe('active');
    expect(await policy.textContent()).toContain('Fjordliv');
    expect(await seriousAxeViolations(page), 'policy').toEqual([]);
    const events = await flowEventNames(page);
    expect(events).toContain('insurance-next');
    expect(events).toContain('select-coverage');
    await saveScreenshots(page, 'insurance-policy');

    // The personal page shows the policy; the customer withdraws within the withdrawal period
    await openPersonalPage(page, `http://no-main.localhost:${server.port}/mine-tilbud`, nationalId);
    const panel = page.getByTestId('insurance-policies');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('insurance-policy').getAttribute('data-status')).toBe('active');
    await panel.getByTestId('insurance-withdraw').click();
    await panel.getByTestId('insurance-confirm-termination').click();
    await expect
      .poll(() => panel.getByTestId('insurance-policy').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('terminated');
    expect(await panel.textContent()).toContain('Angret av kunden');
    expect(await seriousAxeViolations(page), 'personal page').toEqual([]);
    await saveScreenshots(page, 'insurance-my-page');
    await page.close();

    // The back office: a Norwegian case handler sees the policy, ended by the customer, on the Insurance
    // tab of the applicant's loan application (the real answer read by the staff app).
    const application = await createSubmittedApplication(server.baseUrl, {
      country: 'NO',
      brand: 'no-main',
      nationalId,
    });
    await createAgent(server.baseUrl, 'Ine Insurancedesk', [{ Name: 'Sales', Country: 'NO' }]);
    const staffContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
    });
    const staffPage = await staffContext.newPage();
    await signInAsAgent(
      staffPage,
      server.port,
      'Ine Insurancedesk',
      `/applications/${application.applicationId}/insurance`,
      'en',
    );
    const table = staffPage.locator('table[data-testid^="insurance-"]');
    await table.waitFor({ timeout: 30_000 });
    const shown = await table.textContent();
    expect(shown).toContain('Fjordliv');
    expect(shown).toContain('Customer withdrew');
    expect(shown).toContain('No application');
    expect(await table.getByRole('button', { name: /End policy/ }).count()).toBe(0);
    expect(await seriousAxeViolations(staffPage), 'back office insurance').toEqual([]);
    await saveScreenshots(staffPage, 'backoffice-insurance');
    await staffContext.close();
  });
});
