import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  devLoginOverApi,
  nextNationalId,
  seriousAxeViolations,
  waitForQuotes,
} from './support/api-helpers.ts';
import {
  createAgent,
  ensureStaffAppBuilt,
  type StaffAgent,
  signInAsAgent,
  staffCall,
} from './support/backoffice-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 38, "a back office people can read", in Chromium against the real server: a Norwegian case handler
// — whose browser is set to English — gets the back office in Norwegian, finds an application by the
// applicant's name, reads its summary without a uuid or a status code on screen, and records a call with
// an outcome. axe on every page. The 360° view's screenshot goes to docs/screenshots/ (linked from the
// README).

const docsScreenshots = join(import.meta.dirname, '..', 'docs', 'screenshots');
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let server: RunningServer;
let browser: Browser;
let handler: StaffAgent;

beforeAll(async () => {
  ensureWebAppBuilt();
  ensureStaffAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  handler = await createAgent(server.baseUrl, 'Nils Saksbehandler', [{ Name: 'Sales', Country: 'NO' }]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A submitted Norwegian application of a named applicant, with offers and a phone the stand-in answers. */
async function applicationOf(firstName: string, lastName: string) {
  const nationalId = nextNationalId('NO', '1979-09-21');
  const login = await devLoginOverApi(server.baseUrl, { country: 'NO', brand: 'no-main', nationalId });
  // Ends in 1: the local telephony stand-in answers and the call completes (ADR 0022).
  await staffCall(server.baseUrl, 'PATCH', `/person/${login.PersonID}`, {
    token: login.token,
    body: { FirstName: firstName, LastName: lastName, Phone: '+4791234571' },
  });
  const application = await createSubmittedApplication(server.baseUrl, {
    country: 'NO',
    brand: 'no-main',
    nationalId,
  });
  await waitForQuotes(server.baseUrl, application.token, application.applicationId);
  return application;
}

/** What a person sees: the main content's rendered text (a closed <details> shows none of its content). */
const visibleText = (page: Page) => page.locator('main').innerText();

async function expectAxeClean(page: Page, name: string) {
  expect(await seriousAxeViolations(page), name).toEqual([]);
}

describe('a back office people can read (issue 38)', () => {
  it('a Norwegian case handler finds the applicant by name, reads the summary and records a call with an outcome, in Norwegian', async () => {
    const application = await applicationOf('Ingvild', 'Sørbø-Lindqvist');
    // Another applicant whose name starts the same: the search shows both, the case handler picks hers.
    await applicationOf('Ingvild', 'Haugen');

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-GB' });
    const page = await context.newPage();
    try {
      await signInAsAgent(page, server.port, handler.name);
      // The agent's market decides the language, not the browser's.
      await page.getByRole('heading', { name: 'Arbeidskø' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('nb');

      // Search by name: "/" anywhere, the start of the name as it is said on the phone.
      await page.locator('h1').click();
      await page.keyboard.press('/');
      await page.waitForURL('**/search');
      const field = page.getByLabel(/Navn, telefon, e-post, fødselsnummer eller søknadsnummer/);
      await field.fill('ingvild sørbø');
      await page.keyboard.press('Enter');
      const results = page.getByRole('table').filter({ hasText: 'Ingvild Sørbø-Lindqvist' });
      await results.waitFor();
      expect(await results.getByRole('link').count()).toBe(1);
      expect(await visibleText(page)).not.toMatch(uuid);
      await expectAxeClean(page, 'search by name');

      // The last name first finds her too.
      await field.fill('Sørbø-Lindqvist Ingv');
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'Ingvild Sørbø-Lindqvist' }).click();
      await page.waitForURL(`**/applications/${application.applicationId}`);

      // The summary: who, the loan in kroner, the status in words, what it waits for and on whom.
      await page.getByRole('heading', { level: 1, name: 'Ingvild Sørbø-Lindqvist' }).waitFor();
      const summary = page.getByTestId('case-summary');
      await summary.waitFor();
      const summaryText = await summary.innerText();
      expect(summaryText).toMatch(/Forbrukslån · [\d\s]+\skr over \d+ år/);
      expect(summaryText).toContain('Venter på kunden: å velge et tilbud');
      expect(summaryText).toMatch(/Igjen hver måned: -?[\d\s]+\skr/);
      expect(summaryText).toMatch(/× årsinntekten/);
      expect(summaryText).toMatch(/åpne tilbud · beste: .+\skr i måneden, [\d,]+\s%/);
      expect(summaryText).toContain('Ingen samtale ennå');
      // No uuid, no status code, no product code anywhere a person reads.
      const text = await visibleText(page);
      expect(text).not.toMatch(uuid);
      expect(text).not.toMatch(/UnsecuredLoan|Legacy ID|Clone origin|Revision|no-main/);
      // The status in words (issue 38: "bare status codes (410, 369)").
      expect(await page.locator('.application-header .badge').first().innerText()).toBe(
        'Venter på at kunden velger et tilbud',
      );
      await expectAxeClean(page, '360 view in Norwegian');
      mkdirSync(docsScreenshots, { recursive: true });
      await page.screenshot({ path: join(docsScreenshots, 'backoffice-360-nb.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(docsScreenshots, 'backoffice-360-nb-phone.png'), fullPage: true });
      await page.setViewportSize({ width: 1366, height: 768 });

      // The ids are there for IT support, behind the closed disclosure.
      await page.getByText('Tekniske detaljer (for IT-støtte)').click();
      expect(await page.getByTestId('record-details').innerText()).toContain(application.applicationId);
      await page.getByText('Tekniske detaljer (for IT-støtte)').click();

      // Quotes: the monthly payment and the total cost, rates as percentages.
      await page.locator('h1').click();
      await page.keyboard.press('4');
      await page.waitForURL('**/quotes');
      const offer = page.locator('.quote-figures').first();
      await offer.waitFor();
      const offerText = await offer.innerText();
      expect(offerText).toMatch(/Månedlig beløp\s+[\d\s]+\skr/);
      expect(offerText).toMatch(/Total kostnad\s+[\d\s]+\skr/);
      expect(offerText).toMatch(/Effektiv rente\s+[\d,]+\s%/);
      // Each lender's status in words, not its finer code.
      for (const badge of await page.locator('.card-header .badge').allInnerTexts()) {
        expect(badge).not.toMatch(/\d/);
      }
      expect(await visibleText(page)).not.toMatch(uuid);
      await expectAxeClean(page, 'quotes in Norwegian');

      // 6: Samtaler. The call through the local telephony stand-in, then the wrap-up.
      await page.keyboard.press('6');
      await page.waitForURL('**/calls');
      await page.getByRole('button', { name: /Ring kunden/ }).click();
      const records = page.getByTestId('call-records');
      await records.waitFor();
      await expect
        .poll(() => records.locator('.call-outcome').first().textContent(), { timeout: 30_000 })
        .toBe('Besvart, avsluttet');
      const form = page.getByTestId('wrap-up-form');
      await form.waitFor();
      await expectAxeClean(page, 'call wrap-up form');
      await form
        .getByLabel('Hvordan endte samtalen?')
        .selectOption({ label: 'Kunden vil bli ringt opp igjen' });
      const nextContact = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      await form.getByLabel('Neste kontakt').fill(nextContact);
      await form.getByLabel('Notat').fill('Vil snakke med banken sin først; ring etter kl. 16.');
      await form.getByRole('button', { name: 'Lagre utfallet' }).click();
      await page.getByText('Utfallet er lagret.').waitFor();
      expect(await page.getByTestId('call-wrap-up').first().innerText()).toContain(
        'Kunden vil bli ringt opp igjen',
      );
      expect(await page.getByTestId('summary-last-call').innerText()).toContain(
        'Kunden vil bli ringt opp igjen',
      );
      expect(await visibleText(page)).not.toMatch(uuid);
      await expectAxeClean(page, 'call wrapped up');
      await page.screenshot({
        path: join(docsScreenshots, 'backoffice-call-wrap-up-nb.png'),
        fullPage: true,
      });

      // What the server stored: the outcome, note and date on the call, by this agent.
      const calls = await staffCall<{
        Items: {
          AgentID: string | null;
          Outcome: string | null;
          NextContactDate: string | null;
          WrapUpNote: string | null;
        }[];
      }>(server.baseUrl, 'GET', `/backoffice/call-records?LoanApplicationID=${application.applicationId}`, {
        token: handler.token,
      });
      expect(calls.body.Items[0]).toMatchObject({
        AgentID: handler.agentId,
        Outcome: 'callback-requested',
        NextContactDate: nextContact,
        WrapUpNote: 'Vil snakke med banken sin først; ring etter kl. 16.',
      });

      // A Sales role reads no audit log: no Audit tab is offered (it would only refuse).
      expect(
        await page
          .getByRole('navigation', { name: 'Deler av søknaden' })
          .getByRole('link', { name: /Logg/ })
          .count(),
      ).toBe(0);
    } finally {
      await context.close();
    }
    // Two applications to the lenders, a browser, and a real (stand-in) call: slow on a shared machine.
  }, 300_000);
});
