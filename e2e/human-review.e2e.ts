import { type BrandId, getBrand } from '@nordloan/domain/brands/registry';
import type { Country } from '@nordloan/domain/enums';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicantDetails,
  devLoginOverApi,
  nextNationalId,
  openPersonalPage,
  screenshotDir,
  seriousAxeViolations,
} from './support/api-helpers.ts';
import { createAgent, ensureStaffAppBuilt, signInAsAgent, staffCall } from './support/backoffice-helpers.ts';
import { ensureWebAppBuilt, type RunningServer, startServerAndBrowser } from './support/server.ts';

// Issue 34 item 3 (CCD2 art. 13, 18(8); ADR 0065): an applicant every lender declined sees, beside the
// decline, that it was automated and asks for a human review (their view and a document) on a 390 px
// phone; a case handler of that country answers it in the back office; the applicant sees the answer and
// gets a message. Sweden and Denmark.

let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let desk: BrowserContext;

beforeAll(async () => {
  ensureWebAppBuilt();
  ensureStaffAppBuilt();
  ({ server, browser } = await startServerAndBrowser({ env: { LENDER_DELAY_SCALE: '0' } }));
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await browser?.close();
  await server?.stop();
});

/** An application every lender turns down: income under every lender's floor (266 everywhere → 270). */
async function declinedApplication(country: Country, brand: BrandId, email: string) {
  const login = await devLoginOverApi(server.baseUrl, {
    country,
    brand,
    nationalId: nextNationalId(country),
  });
  const as = { token: login.token };
  await staffCall(server.baseUrl, 'PATCH', `/customer/${login.CustomerID}`, {
    ...as,
    body: { Email: email },
  });
  const { body } = await staffCall<{ ID: string }>(server.baseUrl, 'POST', '/loan-application', {
    ...as,
    body: {
      Product: 'UnsecuredLoan',
      Brand: brand,
      Amount: 100_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
      MainApplicant: { ...applicantDetails(country), GrossYearlyIncome: 100_000, NetMonthlyIncome: 6_000 },
    },
  });
  await staffCall(server.baseUrl, 'PATCH', `/loan-application/${body.ID}/application-complete`, {
    ...as,
    body: {},
  });
  await expect
    .poll(
      async () =>
        (
          await staffCall<{ CanRequest: boolean }>(
            server.baseUrl,
            'GET',
            `/loan-application/${body.ID}/human-review`,
            as,
          )
        ).body.CanRequest,
      { timeout: 30_000, interval: 300 },
    )
    .toBe(true);
  return { ...login, applicationId: body.ID };
}

const cases = [
  {
    country: 'SE' as const,
    brand: 'se-main' as const,
    language: 'sv' as const,
    view: 'Min inkomst har höjts sedan oktober. Jag bifogar min nya lönespecifikation.',
    answer:
      'Vi och bankerna har granskat ansökan igen. Inkomsten är lägre än vad bankerna kräver för det här beløbet.',
    automated: /automatiserad behandling/,
    stands: /Beslutet står fast/,
    subject: /manuell granskning/,
  },
  {
    country: 'DK' as const,
    brand: 'dk-main' as const,
    language: 'da' as const,
    view: 'Min indkomst er steget siden oktober. Jeg vedhæfter min nye lønseddel.',
    answer:
      'Vi og bankerne har vurderet ansøgningen igen. Indkomsten er lavere end bankernes krav til dette beløb.',
    automated: /automatisk behandling/,
    stands: /Afgørelsen står ved magt/,
    subject: /manuel vurdering/,
  },
];

describe('human review of a decline (CCD2 art. 18(8))', () => {
  for (const c of cases) {
    it(`${c.brand}: asked on the phone, answered by a ${c.country} case handler, the answer on the personal page`, async () => {
      const email = `review-${c.country.toLowerCase()}-${Date.now()}@example.com`;
      const applicant = await declinedApplication(c.country, c.brand, email);
      const brand = getBrand(c.brand);
      // Some brands serve the personal page on a host of its own (mine.<brand>).
      const host =
        brand.paths.myPageHost === 'separate' ? `mine.${c.brand}.localhost` : `${c.brand}.localhost`;
      const url = `http://${host}:${server.port}${brand.paths.myPage}`;

      // The applicant, on a phone: the decline says it was automated; the request with a view and a PDF.
      const page = await phone.newPage();
      await openPersonalPage(page, url, applicant.nationalId);
      const panel = page.getByTestId('human-review');
      await panel.waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('automated-decision').first().textContent()).toMatch(c.automated);
      await panel.getByTestId('human-review-open').click();
      await panel.getByTestId('human-review-view').fill(c.view);
      await panel.getByTestId('human-review-file').setInputFiles({
        name: 'payslip.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2_000, 0x20)]),
      });
      await panel.getByTestId('human-review-submit').click();
      await panel.locator('[data-testid="human-review-status"][data-status="open"]').waitFor();
      expect(await seriousAxeViolations(page), 'personal page with the review').toEqual([]);
      if (c.country === 'SE') {
        await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `${screenshotDir}/human-review-phone-sv.png` });
      }

      // Another market's case handler cannot see it; the country's case handler answers it.
      const { body: overview } = await staffCall<{ Reviews: { ID: string }[] }>(
        server.baseUrl,
        'GET',
        `/loan-application/${applicant.applicationId}/human-review`,
        { token: applicant.token },
      );
      const reviewId = overview.Reviews[0]!.ID;
      const stranger = await createAgent(server.baseUrl, `NO handler ${c.country}`, [
        { Name: 'Sales', Country: 'NO' },
      ]);
      await staffCall(server.baseUrl, 'GET', `/backoffice/human-reviews/${reviewId}`, {
        token: stranger.token,
        expect: [404],
      });
      const handler = `${c.country} review handler`;
      await createAgent(server.baseUrl, handler, [{ Name: 'Sales', Country: c.country }]);
      const staffPage = await desk.newPage();
      await signInAsAgent(staffPage, server.port, handler, '/human-reviews', c.language);
      await staffPage.getByTestId('human-review-item').first().getByRole('link').click();
      expect(await staffPage.getByTestId('human-review-view').textContent()).toBe(c.view);
      await staffPage.locator('#human-review-explanation').fill(c.answer);
      await staffPage.getByTestId('human-review-answer-form').getByRole('button').click();
      await staffPage.getByTestId('human-review-answered').waitFor();
      await staffPage.close();

      // The applicant sees the answer, and was told.
      await page.reload();
      const answer = page.getByTestId('human-review-answer');
      await answer.waitFor({ timeout: 30_000 });
      expect(await answer.textContent()).toContain(c.answer);
      expect(await answer.textContent()).toMatch(c.stands);
      await expect
        .poll(
          async () =>
            (
              await staffCall<{ Subject: string | null }[]>(
                server.baseUrl,
                'GET',
                `/dev/inbox/messages?to=${encodeURIComponent(email)}`,
              )
            ).body.map((message) => message.Subject ?? ''),
          { timeout: 15_000, interval: 300 },
        )
        .toContainEqual(expect.stringMatching(c.subject));
      await page.close();
    }, 90_000);
  }
});
