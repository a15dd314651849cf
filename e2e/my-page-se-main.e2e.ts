import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSubmittedApplication,
  flowEventNames,
  loginOnPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  waitForQuotes,
} from './support/api-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6, se-main: the personal page (/mina-sidor) shows Sweden's cost warning (regulation.md,
// KOVFS 2025:1; the brand's hasHighCostWarning), the offers with their representative examples, and
// sorts them. The application comes through the API; the login through the dev identity provider's form.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'sv-SE' });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('se-main personal page', () => {
  it('shows the Swedish cost warning, the offers with examples, and sorts them', async () => {
    // An applicant the simulated panel gives four offers (the answers are seeded by the applicant).
    const application = await createSubmittedApplication(server.baseUrl, {
      country: 'SE',
      brand: 'se-main',
      nationalId: makeTestNationalId('SE', '1986-03-14', 1),
    });
    const quotes = await waitForQuotes(server.baseUrl, application.token, application.applicationId);
    expect(quotes.Groups.flatMap((group) => group.Quotes).length).toBeGreaterThan(1);
    const page = await context.newPage();
    const url = `http://se-main.localhost:${server.port}/mina-sidor`;

    await page.goto(url);
    expect(await seriousAxeViolations(page), 'login page').toEqual([]);
    await loginOnPersonalPage(page, url, application.nationalId);

    const warning = page.getByTestId('cost-warning');
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toContain('Att låna kostar pengar!');
    expect(await warning.textContent()).toContain(
      'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning.',
    );
    expect(await warning.textContent()).toContain('konsumentverket.se');

    const offers = page.getByTestId('offer');
    await offers.first().waitFor();
    expect(await offers.count()).toBeGreaterThan(0);
    expect(await offers.first().textContent()).toContain('Effektiv ränta');
    // Each offer carries its representative example in Swedish.
    expect(await offers.first().locator('.offer__example').textContent()).toMatch(/Effektiv ränta .* kr/);
    expect(await page.getByTestId('status-sentence').textContent()).toContain('Du har fått erbjudanden');

    // Sorting by monthly payment puts the lowest monthly payment first.
    await page.getByTestId('offer-sort').selectOption('monthlyPayment');
    const monthly = (await page.getByTestId('offer-monthly').allTextContents()).map((text) =>
      Number(text.replace(/[^\d]/g, '')),
    );
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));

    // Details toggle (§4 toggle-details) and the page's flow events.
    await offers.first().getByRole('button', { name: 'Visa detaljer' }).click();
    expect(await offers.first().getByText('Nominell ränta').isVisible()).toBe(true);
    const events = await flowEventNames(page);
    expect(events).toContain('loan-quote-presentation-loaded');
    expect(events).toContain('toggle-details');

    expect(await seriousAxeViolations(page), 'personal page').toEqual([]);
    await saveScreenshots(page, 'my-page-se-main');
    await page.close();
  });

  it('changes an offer in its modal, uploads a document, and withdraws the application', async () => {
    const application = await createSubmittedApplication(server.baseUrl, {
      country: 'SE',
      brand: 'se-main',
      nationalId: makeTestNationalId('SE', '1986-03-14', 3),
    });
    await waitForQuotes(server.baseUrl, application.token, application.applicationId);
    const page = await context.newPage();
    const url = `http://se-main.localhost:${server.port}/mina-sidor`;
    await loginOnPersonalPage(page, url, application.nationalId);
    const offers = page.getByTestId('offer');
    await offers.first().waitFor();

    // Change offer: the modal opens, Escape closes it (§4 open/close-change-offer-modal).
    await offers.first().getByRole('button', { name: 'Ändra erbjudandet' }).click();
    const change = page.getByTestId('change-dialog');
    await change.waitFor();
    expect(await seriousAxeViolations(page), 'change modal').toEqual([]);
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'detached' });
    // …and a new duration gives a new quote from the same lender.
    const lender = (await offers.first().locator('.offer__lender').textContent()) ?? '';
    await offers.first().getByRole('button', { name: 'Ändra erbjudandet' }).click();
    await change.getByLabel('Ny återbetalningstid i månader').fill('48');
    await change.getByRole('button', { name: 'Be om nytt erbjudande' }).click();
    await change.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('application-notice').textContent()).toContain(lender);
    await expect.poll(async () => (await page.getByText('4 år', { exact: true }).count()) > 0).toBe(true);

    // Upload a document the lender needs (a minimal PDF).
    const documents = page.getByTestId('documents');
    // A named section below the offers before acceptance (issue 38).
    await documents.locator('summary').click();
    await documents.getByRole('button', { name: 'Ladda upp' }).click();
    await documents.getByRole('alert').waitFor();
    await documents.locator('input[type="file"]').setInputFiles({
      name: 'lonespecifikation.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await documents.getByRole('button', { name: 'Ladda upp' }).click();
    await expect.poll(() => documents.getByRole('status').textContent()).toContain('lonespecifikation.pdf');
    await documents.getByTestId('uploaded-documents').waitFor();

    // Withdraw the application, with confirmation.
    await page.getByRole('button', { name: 'Återkalla ansökan' }).click();
    const withdraw = page.getByTestId('withdraw-dialog');
    await withdraw.waitFor();
    await withdraw.getByRole('button', { name: 'Ja, återkalla ansökan' }).click();
    await withdraw.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('status-sentence').textContent())
      .toBe('Du har återkallat ansökan.');

    const events = await flowEventNames(page);
    for (const name of ['open-change-offer-modal', 'close-change-offer-modal', 'change-offer']) {
      expect(events, name).toContain(name);
    }
    expect(await seriousAxeViolations(page), 'after withdrawal').toEqual([]);
    await saveScreenshots(page, 'my-page-se-main-withdrawn');
    await page.close();
  });
});
