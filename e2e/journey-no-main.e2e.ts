import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  flowEventNames,
  openPersonalPage,
  saveScreenshots,
  seriousAxeViolations,
  waitForOffersOnPage,
} from './support/api-helpers.ts';
import { completeApplication } from './support/apply-helpers.ts';
import { internalIdsShown } from './support/leak-scan.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 6, no-main end to end: apply for an unsecured loan with a co-applicant in the apply UI → the
// lenders' quotes arrive on /mine-tilbud without a reload → accept the best (SECCI, consent, confirm) →
// the status, the 14-day withdrawal window and the bank's next steps are shown. axe on every page visited.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('no-main: apply with a co-applicant, compare, accept', () => {
  it('quotes arrive, the best is accepted, the status is shown', async () => {
    // A lender that never answers is the server's story (job failures, leases): print its log tail.
    onTestFailed(() => console.error(`server warnings and errors:\n${server.problems()}`));
    const page = await context.newPage();
    const nationalId = makeTestNationalId('NO', '1984-07-19', 11);
    const violations: Record<string, string[]> = {};
    // axe, and no internal id or code shown to the applicant (issue 38: uuids, terms version labels).
    const check = async (name: string) => {
      const found = [
        ...(await seriousAxeViolations(page)),
        ...(await internalIdsShown(page)).map((line) => `internal id shown: ${line}`),
      ];
      if (found.length) violations[name] = found;
    };

    const sent = await completeApplication(page, {
      baseUrl: server.baseUrl,
      brandId: 'no-main',
      product: 'UnsecuredLoan',
      nationalId,
      coApplicant: { nationalId: makeTestNationalId('NO', '1986-02-03', 12) },
      onStep: (step) => check(`apply ${step}`),
    });
    expect(sent.applicationId).not.toBe('');

    const url = `http://no-main.localhost:${server.port}/mine-tilbud`;
    await openPersonalPage(page, url, nationalId);
    await check('personal page');
    const application = page.locator(`[data-application-id="${sent.applicationId}"]`);
    await application.waitFor();
    await waitForOffersOnPage(page);
    await expect
      .poll(() => application.getByTestId('application-state').getAttribute('data-state'), {
        timeout: 60_000,
      })
      .toBe('choose-offer');
    expect(await application.getByTestId('application-state').textContent()).toContain(
      'alle bankene har svart',
    );
    await check('personal page with offers');

    // The best offer: the first of the ranking, which is the one recommended (issue 38, ADR 0061).
    const best = application.getByTestId('offer').first();
    await application.getByTestId('recommendation').waitFor();
    expect(await best.getAttribute('data-recommended')).toBe('true');
    const bestLender = (await best.locator('.offer__lender').textContent()) ?? '';

    await best.getByRole('button', { name: 'Aksepter tilbudet' }).click();
    const dialog = page.getByTestId('accept-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('secci').locator('table, dl, p').first().waitFor();
    expect(await dialog.getByRole('link', { name: /PDF/ }).getAttribute('href')).toMatch(/\/secci\.pdf$/);
    // Confirming without consent is refused beside the checkbox.
    await dialog.getByRole('button', { name: 'Bekreft og aksepter' }).click();
    await dialog.getByRole('alert').waitFor();
    await check('accept modal');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Bekreft og aksepter' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(() => application.getByTestId('application-notice').textContent())
      .toContain(bestLender);
    // The lender confirms the acceptance: status, withdrawal window with its end date, go to bank.
    await expect
      .poll(() => application.getByTestId('status-timeline').getAttribute('data-status'), { timeout: 60_000 })
      .toMatch(/^[5-7]\d\d$/);
    await application.getByTestId('withdrawal-window').waitFor({ timeout: 60_000 });
    expect(await application.getByTestId('withdrawal-window').textContent()).toMatch(
      /til og med \d+\. \w+ \d{4}/,
    );
    // Between acceptance and payout the bank's next steps are shown — never a link to a lender's address
    // (issue 38; the simulated lender may have paid out already, which ends that).
    const statusNow = async () =>
      Number(await application.getByTestId('status-timeline').getAttribute('data-status'));
    await expect
      .poll(
        async () => (await application.getByTestId('next-steps').count()) === 1 || (await statusNow()) >= 700,
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(await application.getByTestId('go-to-bank').count()).toBe(0);
    // With LENDER_DELAY_SCALE=0 the simulated lender may already have paid out: any step after acceptance.
    expect(await application.getByTestId('status-sentence').textContent()).toMatch(
      /Du har akseptert et tilbud|Lånet er godkjent|Lånet er utbetalt/,
    );
    // The live stream may be re-rendering the offers as the status moves: wait for the badge, then count it.
    await expect.poll(() => application.locator('.badge--accepted').count(), { timeout: 20_000 }).toBe(1);

    const events = await flowEventNames(page);
    for (const name of [
      'loan-quote-presentation-loaded',
      'open-accept-offer-modal',
      'open-pre-purchase-information',
      'accept-offer',
      'close-accept-offer-modal',
    ]) {
      expect(events, name).toContain(name);
    }
    await check('personal page after acceptance');
    await saveScreenshots(page, 'journey-no-main');
    expect(violations).toEqual({});
    await page.close();
  });
});
