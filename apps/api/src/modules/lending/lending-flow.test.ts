import { eventNames } from '@nordloan/domain/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import {
  findApplicationWithQuotesAndRequests,
  listQuotes,
} from '#src/modules/lending/loan-quote.repository.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { sharedTestLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { signAgreementWithEid } from './agreement-signing/test-helpers.ts';

// The whole lifecycle (issue 4 "Done when"): an application created through the API gets quotes from the
// panel, the applicant accepts one, and the lender adapters walk it to 700 — automatically (simulated
// lenders that answer at once) and through the lender callbacks (lenders with an asynchronous API).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function quotesV2(application: CreatedApplication) {
  const response = await get(
    `/loan-quote-presentation/v2/application/${application.id}/quotes`,
    application.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function statusOf(application: CreatedApplication): Promise<number> {
  return (await get(`/loan-application/${application.id}`, application.token)).json().Status;
}

const mainPath = [100, 160, 180, 200, 210, 300, 310, 400, 410, 500, 510, 600, 610, 700];

describe('create → 700 with lenders that answer at once', () => {
  let application: CreatedApplication;
  let acceptedQuoteId: string;

  it('submits (100 → 160) and the worker takes it to the offers (410)', async () => {
    application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
    const submitted = await submit(t, application);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ Status: 160, IsLocked: false });
    await settle(t, testWorker(t));
    expect(await statusOf(application)).toBe(410);
  });

  it('presents grouped, sorted quotes with the representative example in Norwegian', async () => {
    const presentation = await quotesV2(application);
    expect(presentation).toMatchObject({
      Status: 410,
      Locale: 'nb-NO',
      Currency: 'NOK',
      IsComplete: true,
      Pending: [],
    });
    const offers = presentation.Groups.find((group: { Group: string }) => group.Group === 'offers').Quotes;
    expect(offers.length).toBeGreaterThanOrEqual(2);
    const rates = offers.map((quote: { EffectiveRate: number }) => quote.EffectiveRate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    for (const quote of offers) {
      expect(quote.Status).toBe('approved');
      expect(quote.RepresentativeExample.Text).toMatch(
        /^Eff\. rente \d+,\d\s%, 150\s000\skr o\/5 år\. Kost: [\d\s]+\skr\. Totalt: [\d\s]+\skr\.$/,
      );
      expect(['Annuity', 'Dual Offer']).toContain(quote.OfferType);
      expect(quote.LoanKind).toBe('Consumer');
      expect(quote.DocumentRequests.length).toBeGreaterThan(0);
      expect(new Date(quote.ExpiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    }
    acceptedQuoteId = offers[0].ID;
  });

  it('reads the application, its quotes and requests in one statement exactly as plain selects do', async () => {
    const db = t.database.db;
    const quotes = await listQuotes(db, application.id);
    expect(quotes.length).toBeGreaterThanOrEqual(2);
    expect(await findApplicationWithQuotesAndRequests(db, application.id)).toEqual({
      row: await findApplicationById(db, application.id),
      quotes,
      requests: await listLoanRequests(db, application.id),
    });
    expect(
      await findApplicationWithQuotesAndRequests(db, '00000000-0000-4000-8000-000000000000'),
    ).toBeUndefined();
  });

  it('needs the consent before accepting, then accepts (pending) and opens the 14-day withdrawal window', async () => {
    const withoutConsent = await post(`/loan-quote/${acceptedQuoteId}/accept`, application.token);
    expect(withoutConsent.statusCode).toBe(400);
    expect(withoutConsent.json().Errors[0].Field).toBe('Consent');

    const consent = await get(
      `/loan-quote-presentation/consent/loan-application/${application.id}`,
      application.token,
    );
    expect(consent.json()).toMatchObject({ Given: false, Text: expect.stringContaining('angrerett') });

    const accepted = await post(`/loan-quote/${acceptedQuoteId}/accept`, application.token, {
      Consent: true,
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      AcceptanceStatus: 'pending',
      ApplicationStatus: 500,
      WithdrawalWindow: { Days: 14, IsOpen: true },
    });
    const window = accepted.json().WithdrawalWindow;
    expect(new Date(window.ClosesAt).getTime() - new Date(window.OpensAt).getTime()).toBe(14 * 86_400_000);

    const goToBankTooEarly = await post(`/loan-quote/${acceptedQuoteId}/go-to-bank`, application.token);
    expect(goToBankTooEarly.statusCode).toBe(409);
  });

  it('waits at 510 for the signed agreement, then is walked to 700 by the lender adapters', async () => {
    await settle(t, testWorker(t));
    // The lender would approve and pay out at once, but nothing is paid out before the agreement is signed
    // (ADR 0077) — held though the applicant has not even opened it yet.
    expect(await statusOf(application)).toBe(510);
    await signAgreementWithEid(t, application, sharedTestLenderPanel());
    await settle(t, testWorker(t));
    expect(await statusOf(application)).toBe(700);
    const summary = (await get(`/loan-application/${application.id}/lending`, application.token)).json();
    expect(summary.History.map((step: { To: number }) => step.To)).toEqual(mainPath.slice(1));
    expect(summary.AcceptedQuote).toMatchObject({
      ID: acceptedQuoteId,
      AcceptanceStatus: 'accepted',
      Status: 'accepted',
    });
    expect(summary.WithdrawalWindow).toMatchObject({ IsOpen: true });
    const accepted = summary.LoanRequests.find((request: { Status: number }) => request.Status === 651);
    expect(accepted).toBeDefined();
    const others = summary.LoanRequests.filter((request: { Status: number }) => request.Status !== 651);
    for (const request of others)
      expect([462, 382, 261, 262, 263, 264, 266, 267, 361, 363, 369]).toContain(request.Status);
  });

  it('gives the signing page and the SECCI as a page and a PDF', async () => {
    const bank = await post(`/loan-quote/${acceptedQuoteId}/go-to-bank`, application.token);
    expect(bank.statusCode).toBe(200);
    expect(bank.json().SigningUrl).toMatch(/^https:\/\/sign\.no-[a-z-]+\.example\/sign\//);
    const page = await get(`/loan-quote/${acceptedQuoteId}/secci`, application.token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Effektiv rente');
    expect(page.body).toContain('Angrerett');
    expect(page.body).toContain('Nordloan Norge AS');
    const pdf = await get(`/loan-quote/${acceptedQuoteId}/secci.pdf`, application.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stored every transition with time, actor and reason, and wrote the §3 events to the outbox', async () => {
    const transitions = await listStatusTransitions(t.database.db, application.id);
    expect(transitions.map((row) => [row.fromStatus, row.toStatus])).toEqual(
      mainPath.slice(1).map((to, index) => [mainPath[index], to]),
    );
    for (const row of transitions) {
      expect(row.reason.length).toBeGreaterThan(3);
      expect(row.actorId.length).toBeGreaterThan(3);
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    expect(transitions.find((row) => row.toStatus === 160)?.actorKind).toBe('applicant');
    expect(transitions.find((row) => row.toStatus === 700)?.actorKind).toBe('lender');

    const events = await listOutboxEvents(t.database.db, application.id);
    const names = new Set(events.map((event) => event.eventName));
    for (const name of eventNames) {
      if (name === 'loan-quote-not-approved') continue; // only when a lender declines: see failure branches
      expect(names, name).toContain(name);
    }
    expect(events.filter((event) => event.eventName === 'loan-application-status-changed')).toHaveLength(
      mainPath.length - 1,
    );
    // The relay handed them on.
    expect(events.every((event) => event.publishedAt !== null)).toBe(true);
  });

  it('takes the action calls with a JSON content type and no body (§7 "empty body")', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/loan-quote-presentation/product-recommendation/loan-application/${application.id}`,
      headers: { ...bearer(application.token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(201);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/loan-quote-presentation/product-recommendation/loan-application/${application.id}`,
      headers: { ...bearer(application.token), 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('recommends an offer and says why', async () => {
    const other = await createCompleteApplication(t, { country: 'SE', amount: 200_000, duration: 5 });
    const before = await get(
      `/loan-quote-presentation/product-recommendation/loan-application/${other.id}/latest`,
      other.token,
    );
    expect(before.statusCode).toBe(404);
    await submit(t, other);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const computed = await post(
      `/loan-quote-presentation/product-recommendation/loan-application/${other.id}`,
      other.token,
    );
    expect(computed.statusCode).toBe(201);
    expect(computed.json().LoanQuoteID).toBeTruthy();
    // The first of the applicant ranking, its lender named (issue 38; presentation/recommendation.test.ts).
    expect(computed.json().Reasons).toContain('lowest-total-cost');
    expect(computed.json().Text).toMatch(/^Vi rekommenderar .+: lägst total kreditkostnad/);
    const latest = await get(
      `/loan-quote-presentation/product-recommendation/loan-application/${other.id}/latest`,
      other.token,
    );
    expect(latest.json()).toEqual(computed.json());
    const presentation = await quotesV2(other);
    expect(presentation.HighCostWarning).toMatch(/^Att låna kostar pengar!/);
  });
});

describe('create → 700 through the lender callbacks', () => {
  it('waits at 510 for the disbursement decision, at 610 for the payout, and takes a clawback', async () => {
    const application = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
    const worker = testWorker(t, { disbursement: 'callback' });
    await submit(t, application);
    await settle(t, worker);
    const quote = (await quotesV2(application)).Groups[0].Quotes[0];
    expect(
      (await post(`/loan-quote/${quote.ID}/accept`, application.token, { Consent: true })).statusCode,
    ).toBe(201);
    await settle(t, worker);
    expect(await statusOf(application)).toBe(510);

    const lenderId = quote.Lender.ID as string;
    const lenderToken = (await t.tokens.sign({
      Roles: [{ Name: 'Lender', Country: 'FI' }],
      sub: `lender:${lenderId}`,
    })) as string;
    const otherLender = (await t.tokens.sign({
      Roles: [{ Name: 'Lender', Country: 'FI' }],
      sub: 'lender:fi-someone-else',
    })) as string;
    const callback = (path: string, token: string, payload: object) =>
      post(`/lender-callback/${lenderId}/loan-quote/${quote.ID}/${path}`, token, payload);

    expect((await callback('disbursement-decision', otherLender, { Decision: 'approved' })).statusCode).toBe(
      403,
    );
    expect(
      (await callback('disbursement-decision', application.token, { Decision: 'approved' })).statusCode,
    ).toBe(403);
    expect((await callback('disbursed', lenderToken, { Reference: 'too-early' })).statusCode).toBe(409);
    // Nor approved before the agreement is signed (ADR 0077), and the lender is told why.
    const unsigned = await callback('disbursement-decision', lenderToken, { Decision: 'approved' });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().Message).toBe('The payout waits for the signed credit agreement');
    await signAgreementWithEid(t, application, sharedTestLenderPanel({ disbursement: 'callback' }));
    await settle(t, worker);

    const approved = await callback('disbursement-decision', lenderToken, { Decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().Status).toBe(600);
    await settle(t, worker);
    expect(await statusOf(application)).toBe(610);

    const paid = await callback('disbursed', lenderToken, { Reference: 'PAYOUT-1' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().Status).toBe(700);
    expect((await callback('disbursed', lenderToken, { Reference: 'PAYOUT-1' })).statusCode).toBe(409);

    const clawback = await callback('clawback', lenderToken, {
      Reason: 'The customer used the right of withdrawal',
    });
    expect(clawback.json().Status).toBe(800);
    const history = (await get(`/loan-application/${application.id}/lending`, application.token)).json()
      .History;
    expect(
      history.slice(-5).map((step: { To: number; ActorKind: string }) => `${step.To}:${step.ActorKind}`),
    ).toEqual(['510:lender', '600:lender', '610:system', '700:lender', '800:lender']);
  });

  it('records a refused payout (570) and lets staff clone it for resubmission (588)', async () => {
    const application = await createCompleteApplication(t, { country: 'DK', amount: 100_000, duration: 5 });
    const worker = testWorker(t, { disbursement: 'callback' });
    await submit(t, application);
    await settle(t, worker);
    const quote = (await quotesV2(application)).Groups[0].Quotes[0];
    await post(`/loan-quote/${quote.ID}/accept`, application.token, { Consent: true });
    await settle(t, worker);
    const superToken = await t.staffToken([{ Name: 'Super' }]);
    const refused = await post(
      `/lender-callback/${quote.Lender.ID}/loan-quote/${quote.ID}/disbursement-decision`,
      superToken,
      {
        Decision: 'declined',
        Code: 561,
        Reason: 'Payslip missing',
      },
    );
    expect(refused.json().Status).toBe(570);
    const summary = (await get(`/loan-application/${application.id}/lending`, application.token)).json();
    expect(
      summary.LoanRequests.find((request: { LenderID: string }) => request.LenderID === quote.Lender.ID)
        .Status,
    ).toBe(561);
    expect(summary.History.at(-1)).toMatchObject({ To: 570, ActorKind: 'staff' });

    const resubmitted = await post(`/loan-application/${application.id}/resubmission`, application.token);
    expect(resubmitted.statusCode).toBe(201);
    expect(resubmitted.json().Original.Status).toBe(588);
    expect(resubmitted.json().Clone).toMatchObject({
      Status: 100,
      CloneOrigin: 'Cloned',
      ClonedFromID: application.id,
    });
  });
});
