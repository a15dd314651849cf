import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  loginOnPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
} from './support/api-helpers.ts';
import {
  createAgent,
  ensureStaffAppBuilt,
  type StaffAgent,
  signInAsAgent,
  staffCall,
} from './support/backoffice-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 33 items 4 and 6 in Chromium against the real server: a Norwegian Manager adds a lender that works
// in the lender portal and one of its people; that person signs in to the back office, sees the one
// application sent to the lender since (not the one sent before), and makes an offer; the applicant's open
// personal page shows it without a reload.

let server: RunningServer;
let browser: Browser;
let manager: StaffAgent;
const lenderId = 'no-e2e-portalbank';

beforeAll(async () => {
  ensureWebAppBuilt();
  ensureStaffAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  manager = await createAgent(server.baseUrl, 'Maja Lenderlead', [{ Name: 'Manager', Country: 'NO' }]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the lender portal', () => {
  it('a Manager adds a portal lender; its person sees one application and makes an offer the applicant sees live', async () => {
    // Sent to the panel before the portal lender exists: never the portal lender's.
    const before = await createSubmittedApplication(server.baseUrl, { country: 'NO', brand: 'no-main' });

    // ── The Manager adds the lender and its person in the back office ──
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const managerPage = await staff.newPage();
    await signInAsAgent(managerPage, server.port, manager.name, '/lenders', 'en');
    const add = managerPage.locator('section', {
      has: managerPage.getByRole('heading', { name: 'Add a lender' }),
    });
    await add.getByLabel(/^Id/).fill(lenderId);
    await add.getByLabel('Name', { exact: true }).fill('E2E Portalbank');
    await add.getByLabel('Organisation number').fill('919000077');
    await add.getByLabel(/Commission/).fill('2');
    await add.getByRole('button', { name: 'Add lender' }).click();
    await add.getByText('E2E Portalbank was added.').waitFor();
    const row = managerPage.getByTestId(`lender-${lenderId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Lender portal');
    await row.getByRole('button', { name: 'Edit' }).click();
    const people = managerPage.locator('section', {
      has: managerPage.getByRole('heading', { name: 'E2E Portalbank: people in the lender portal' }),
    });
    await people.getByLabel('Name', { exact: true }).fill('Pia Portal');
    await people.getByLabel('Work e-mail').fill('pia@e2e-portalbank.example');
    await people.getByRole('button', { name: 'Add person' }).click();
    await people.getByText('Pia Portal can now sign in to the lender portal.').waitFor();
    expect(await seriousAxeViolations(managerPage), 'lenders page').toEqual([]);
    await staff.close();

    // ── The applicant's personal page is open (a phone) when the application goes to the lenders ──
    const application = await createSubmittedApplication(server.baseUrl, {
      country: 'NO',
      brand: 'no-main',
      submit: false,
    });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO' });
    const applicantPage = await phone.newPage();
    await loginOnPersonalPage(
      applicantPage,
      `http://no-main.localhost:${server.port}/mine-tilbud`,
      application.nationalId,
    );
    await applicantPage.locator(`[data-application-id="${application.applicationId}"]`).waitFor();
    await applicantPage.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await staffCall(
      server.baseUrl,
      'PATCH',
      `/loan-application/${application.applicationId}/application-complete`,
      {
        token: application.token,
        body: {},
      },
    );

    // ── Its person signs in and sees only the application sent since ──
    const lenderContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
    });
    const portal = await lenderContext.newPage();
    await signInAsAgent(portal, server.port, 'Pia Portal', '/', 'en');
    await portal.getByRole('heading', { name: 'Applications sent to E2E Portalbank' }).waitFor();
    // The list is loaded once: asked again until the fan-out has reached the lender (seconds at most).
    for (let attempt = 0; attempt < 40; attempt++) {
      if ((await portal.getByTestId('portal-application').count()) > 0) break;
      await portal.waitForTimeout(500);
      await portal.reload();
      await portal.getByRole('heading', { name: 'Applications sent to E2E Portalbank' }).waitFor();
    }
    expect(await portal.getByTestId('portal-application').count()).toBe(1);
    expect(await portal.content()).not.toContain(before.applicationId);
    expect(await portal.getByRole('link', { name: /Queue/ }).count()).toBe(0);

    await portal.getByTestId('portal-application').getByRole('link', { name: /Open/ }).click();
    await portal.getByText(/no name, national id or address/).waitFor();
    expect(await portal.content()).not.toContain(application.nationalId);
    expect(await portal.content()).not.toMatch(/[Cc]ommission/);
    await portal.getByLabel('Nominal rate, %').fill('7,9');
    await portal.getByRole('button', { name: 'Send offer' }).click();
    await portal.getByTestId('portal-offers').getByText(/7\.90/).waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(portal), 'lender portal').toEqual([]);
    await saveScreenshots(portal, 'lender-portal-application');
    await lenderContext.close();

    // ── The applicant's open page shows the portal lender's offer without a reload ──
    await applicantPage
      .getByTestId('offer')
      .filter({ hasText: 'E2E Portalbank' })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await applicantPage.evaluate(() => 'notReloaded' in window)).toBe(true);
    await saveScreenshots(applicantPage, 'lender-portal-offer-on-my-page');
    await phone.close();
  });
});
