import { join } from 'node:path';
import { brands } from '@nordloan/domain/brands/registry';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantDetails,
  devLoginOverApi,
  loginOnPersonalPage,
  nextNationalId,
  screenshotDir,
  seriousAxeViolations,
  signInOnIdentityPage,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 13 item 8 (ADR 0038): the main applicant invites the co-applicant from the personal page; the
// co-applicant opens the link from the e-mail (read from the development inbox), signs in with their own
// e-ID through the local provider, reads what they consent to, consents, and lands on their own personal
// page — where the main applicant's part is not shown. axe on every page.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('co-applicant invite', () => {
  it('no-main: invite and co-applicant consent', async () => {
    const brand = brands['no-main'];
    const base = `http://no-main.localhost:${server.port}`;
    const myPageUrl = `${base}${brand.paths.myPage}`;

    // The main applicant's application naming the co-applicant (typed in the apply journey; here over HTTP).
    const main = await devLoginOverApi(server.baseUrl, { country: 'NO', brand: 'no-main' });
    const coNationalId = nextNationalId('NO', '1988-11-02');
    const created = await fetch(`${server.baseUrl}/loan-application`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${main.token}` },
      body: JSON.stringify({
        Product: 'UnsecuredLoan',
        Brand: 'no-main',
        Amount: 150_000,
        Duration: 5,
        MainApplicant: { ...applicantDetails('NO'), EmployerName: 'Hovedsøkers Verksted AS' },
        CoApplicant: { NationalID: coNationalId, EmployerName: 'Medsøkers Bakeri AS' },
      }),
    });
    expect(created.status).toBe(201);
    const application = (await created.json()) as { ID: string };

    // 1. The main applicant sends the invite from the personal page.
    const mainContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const mainPage = await mainContext.newPage();
    await loginOnPersonalPage(mainPage, myPageUrl, main.nationalId);
    const panel = mainPage.getByTestId('co-applicant-invite');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('co-applicant-invite-status').textContent()).toBe(
      'Medsøkeren er ikke invitert ennå.',
    );
    const email = `medsoker-${Date.now()}@example.com`;
    await panel.getByLabel('Medsøkerens e-post').fill(email);
    await panel.getByRole('button', { name: 'Send invitasjon' }).click();
    await panel.getByText(/Invitasjon sendt til m\*\*\*@example\.com/).waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(mainPage), 'personal page with the invite panel').toEqual([]);
    await mainPage.screenshot({ path: join(screenshotDir, 'co-applicant-invite-sent.png'), fullPage: true });

    // 2. The e-mail, as it crossed the local SMTP sink.
    let inbox: { Channel: string; Body: string }[] = [];
    for (let tries = 0; tries < 60 && inbox.length === 0; tries++) {
      if (tries > 0) await new Promise((wait) => setTimeout(wait, 250));
      inbox = await (
        await fetch(`${server.baseUrl}/dev/inbox/messages?to=${encodeURIComponent(email)}`)
      ).json();
    }
    const link = inbox[0]?.Body.match(/https?:\/\/\S+#invite=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link, JSON.stringify(inbox)).toBeTruthy();
    expect(inbox[0]?.Body).not.toContain(coNationalId);
    const inviteUrl = new URL(link!);
    expect(inviteUrl.pathname).toBe(`${brand.paths.myPage}/invite`);

    // 3. The co-applicant, in another browser: the landing page asks for their e-ID.
    const coContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const coPage = await coContext.newPage();
    await coPage.goto(`${base}${inviteUrl.pathname}${inviteUrl.hash}`);
    await coPage.getByRole('heading', { name: 'Du er invitert som medsøker' }).waitFor({ timeout: 30_000 });
    expect(coPage.url()).not.toContain('invite='); // the token left the address bar
    expect(await seriousAxeViolations(coPage), 'landing page, signed out').toEqual([]);
    await coPage.getByTestId('eid-login-panel').getByRole('button').click();
    await signInOnIdentityPage(coPage, coNationalId);

    // 4. Back on the landing page, signed in: what they consent to, the box, confirm.
    const consent = coPage.getByTestId('co-applicant-consent');
    await consent.waitFor({ timeout: 30_000 });
    expect(new URL(coPage.url()).pathname).toBe(`${brand.paths.myPage}/invite`);
    expect(await seriousAxeViolations(coPage), 'landing page, consent').toEqual([]);
    await consent.getByRole('button', { name: 'Bekreft samtykke' }).click();
    await consent.getByText('Kryss av for å bekrefte samtykket.').waitFor();
    await consent.getByLabel('Jeg har lest dette og samtykker som medsøker').check();
    await coPage.screenshot({ path: join(screenshotDir, 'co-applicant-consent.png'), fullPage: true });
    await consent.getByRole('button', { name: 'Bekreft samtykke' }).click();

    // 5. Their own personal page: the application is there, the main applicant's part is not.
    await coPage.locator('[data-logged-in="true"]').waitFor({ timeout: 30_000 });
    expect(new URL(coPage.url()).pathname).toBe(brand.paths.myPage);
    await coPage.locator('article section').first().waitFor({ timeout: 30_000 });
    expect(await coPage.content()).not.toContain('Hovedsøkers Verksted AS');
    expect(await coPage.getByTestId('co-applicant-invite').count()).toBe(0);
    expect(await seriousAxeViolations(coPage), "co-applicant's personal page").toEqual([]);

    // The main applicant sees the invite accepted.
    const status = await fetch(`${server.baseUrl}/loan-application/${application.ID}/co-applicant-invite`, {
      headers: { authorization: `Bearer ${main.token}` },
    });
    expect(((await status.json()) as { Status: string }).Status).toBe('accepted');
    await mainPage.reload();
    await mainPage
      .getByTestId('co-applicant-invite')
      .getByText(/Medsøkeren har logget inn og samtykket/)
      .waitFor({ timeout: 30_000 });
    expect(await seriousAxeViolations(mainPage), 'personal page, invite accepted').toEqual([]);
    await mainContext.close();
    await coContext.close();
  }, 60_000);
});
