import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LenderAdapter, lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { testLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { agreementSignedAtLender, signAgreementWithEid } from './agreement-signing/test-helpers.ts';
import { listQuotes } from './loan-quote.repository.ts';
import { listLoanRequests } from './loan-request.repository.ts';

// Offers: caps (an offer that breaks one is stored with its reasons and never shown), accepting (two at
// once give exactly one acceptance; a lender that refuses gives 'failed'), changing an offer, and who may
// see what.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

interface PresentedQuote {
  ID: string;
  Lender: { ID: string };
  Amount: number;
  DurationMonths: number;
  Status: string;
}

async function offersOf(application: CreatedApplication): Promise<PresentedQuote[]> {
  const presentation = (
    await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, application.token)
  ).json();
  return presentation.Groups.flatMap((group: { Quotes: PresentedQuote[] }) => group.Quotes);
}

async function toOffers(
  options: Parameters<typeof createCompleteApplication>[1] = {},
  worker = testWorker(t, { externalData: fixedExternalData() }),
) {
  const application = await createCompleteApplication(t, options);
  await submit(t, application);
  await settle(t, worker);
  return { application, offers: await offersOf(application) };
}

describe('caps', () => {
  it('stores an offer that breaks Norway’s 5-year rule as withheld with the reason and never shows it', async () => {
    const { application, offers } = await toOffers({ country: 'NO', amount: 150_000, duration: 10 });
    const stored = await listQuotes(t.database.db, application.id);
    const withheld = stored.filter((quote) => quote.status === 'withheld');
    expect(withheld.length).toBeGreaterThan(0);
    for (const quote of withheld) {
      expect(quote.lenderId).toBe('no-vidde-finans');
      expect(quote.durationMonths).toBe(120);
      expect(quote.withheldReasons).toEqual([expect.objectContaining({ code: 'NO_TERM_ABOVE_5_YEARS' })]);
    }
    // The other lenders counter-offered five years; nothing shown runs longer.
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.DurationMonths).toBeLessThanOrEqual(60);
    const v1 = (
      await get(`/loan-quote-presentation/application/${application.id}/quotes`, application.token)
    ).json();
    const shownIds = new Set([...v1, ...offers].map((quote: { ID: string }) => quote.ID));
    for (const quote of withheld) {
      expect(shownIds.has(quote.id)).toBe(false);
      expect((await get(`/loan-quote/${quote.id}/secci`, application.token)).statusCode).toBe(404);
      expect(
        (await post(`/loan-quote/${quote.id}/accept`, application.token, { Consent: true })).statusCode,
      ).toBe(404);
    }
    const vidde = (await listLoanRequests(t.database.db, application.id)).find(
      (r) => r.lenderId === 'no-vidde-finans',
    );
    expect(vidde).toMatchObject({ status: 369, reasonCode: 'COUNTRY_CAPS_WITHHELD' });
  });

  it('withholds a changed offer that would break a cap, and keeps the old one open', async () => {
    const { application, offers } = await toOffers({ country: 'NO', amount: 150_000, duration: 5 });
    const vidde = offers.find((offer) => offer.Lender.ID === 'no-vidde-finans');
    expect(vidde).toBeDefined();
    const changed = await post(`/loan-quote/${vidde!.ID}/change`, application.token, { DurationMonths: 120 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().Reasons).toEqual([expect.objectContaining({ code: 'NO_TERM_ABOVE_5_YEARS' })]);
    const stillOpen = await offersOf(application);
    expect(stillOpen.map((offer) => offer.ID)).toContain(vidde!.ID);
    expect((await listQuotes(t.database.db, application.id, ['withheld'])).length).toBeGreaterThan(0);
  });
});

describe('payment remarks', () => {
  it('reports them and only lenders that accept them register the application', async () => {
    const remark = {
      ownerRole: 'MainApplicant' as const,
      creditor: 'Inkasso AS',
      amount: 4_000,
      registeredAt: '2024-05-01',
    };
    const { application, offers } = await toOffers(
      { country: 'NO' },
      testWorker(t, { externalData: fixedExternalData({ paymentRemarks: [remark] }) }),
    );
    const remarks = (
      await get(
        `/loan-quote-presentation/v2/application/${application.id}/payment-remarks`,
        application.token,
      )
    ).json();
    expect(remarks).toMatchObject({
      Checked: true,
      HasPaymentRemarks: true,
      PaymentRemarks: [{ ApplicantRole: 'MainApplicant', Creditor: 'Inkasso AS', Amount: 4_000 }],
      LendersAcceptingPaymentRemarks: [{ ID: 'no-vidde-finans' }],
      Message: expect.stringContaining('betalingsanmerkninger'),
    });
    expect(new Set(offers.map((offer) => offer.Lender.ID))).toEqual(new Set(['no-vidde-finans']));
    const requests = await listLoanRequests(t.database.db, application.id);
    expect(requests.filter((request) => request.status === 264)).toHaveLength(3);
  });
});

describe('payment remarks of a co-applicant', () => {
  it('are not shown to the main applicant; staff see them', async () => {
    const remark = {
      ownerRole: 'CoApplicant' as const,
      creditor: 'Inkasso AS',
      amount: 7_000,
      registeredAt: '2024-05-01',
    };
    const application = await createCompleteApplication(t);
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData({ paymentRemarks: [remark] }) }));
    const url = `/loan-quote-presentation/v2/application/${application.id}/payment-remarks`;
    const own = (await get(url, application.token)).json();
    expect(own).toMatchObject({ Checked: true, HasPaymentRemarks: false, PaymentRemarks: [] });
    expect(JSON.stringify(own)).not.toContain('Inkasso AS');
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await get(url, staff)).json()).toMatchObject({
      HasPaymentRemarks: true,
      PaymentRemarks: [{ ApplicantRole: 'CoApplicant', Creditor: 'Inkasso AS' }],
    });
  });
});

describe('accepting', () => {
  it('gives exactly one acceptance for two simultaneous accepts of the same offer', async () => {
    const { application, offers } = await toOffers();
    const [first, second] = await Promise.all([
      post(`/loan-quote/${offers[0]!.ID}/accept`, application.token, { Consent: true }),
      post(`/loan-quote/${offers[0]!.ID}/accept`, application.token, { Consent: true }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect([first.json().AcceptanceStatus, second.json().AcceptanceStatus].sort()).toEqual([
      'already-accepted',
      'pending',
    ]);
    const pending = (await listQuotes(t.database.db, application.id)).filter(
      (quote) => quote.acceptanceStatus !== null,
    );
    expect(pending).toHaveLength(1);
  });

  it('gives exactly one acceptance for two simultaneous accepts of different offers', async () => {
    const { application, offers } = await toOffers();
    expect(offers.length).toBeGreaterThanOrEqual(2);
    const responses = await Promise.all(
      offers
        .slice(0, 2)
        .map((offer) => post(`/loan-quote/${offer.ID}/accept`, application.token, { Consent: true })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json()).toMatchObject({
      AcceptanceStatus: 'already-accepted',
    });
    const accepted = (await listQuotes(t.database.db, application.id)).filter(
      (quote) => quote.acceptanceStatus !== null,
    );
    expect(accepted).toHaveLength(1);
    const transitions = (await get(`/loan-application/${application.id}/lending`, application.token)).json()
      .History;
    expect(transitions.filter((step: { To: number }) => step.To === 500)).toHaveLength(1);
  });

  it("answers 'failed' when the lender refuses the acceptance (448) and opens the other offers again", async () => {
    const sandboxLenders = await testLenderPanel();
    const refusing = lenderPanelOf(
      sandboxLenders.all().map(
        (adapter): LenderAdapter =>
          adapter.profile.id === 'se-skargardsbanken'
            ? {
                ...adapter,
                acceptOffer: async () => ({ status: 'refused', reason: 'Identity check failed' }),
              }
            : adapter,
      ),
    );
    const worker = testWorker(t, { panel: refusing, externalData: fixedExternalData() });
    const { application, offers } = await toOffers({ country: 'SE', amount: 200_000, duration: 5 }, worker);
    const refused = offers.find((offer) => offer.Lender.ID === 'se-skargardsbanken')!;
    const other = offers.find((offer) => offer.Lender.ID !== 'se-skargardsbanken')!;
    expect(
      (await post(`/loan-quote/${refused.ID}/accept`, application.token, { Consent: true })).statusCode,
    ).toBe(201);
    await settle(t, worker);
    const summary = (await get(`/loan-application/${application.id}/lending`, application.token)).json();
    expect(summary.Status).toBe(410);
    expect(
      summary.LoanRequests.find((r: { LenderID: string }) => r.LenderID === 'se-skargardsbanken').Status,
    ).toBe(448);
    const quotes = (
      await get(`/loan-quote-presentation/application/${application.id}/quotes`, application.token)
    ).json();
    expect(quotes.find((quote: { ID: string }) => quote.ID === refused.ID).AcceptanceStatus).toBe('failed');

    // The consent was given for the refused offer; another offer needs its own.
    expect((await post(`/loan-quote/${other.ID}/accept`, application.token)).statusCode).toBe(400);
    const second = await post(`/loan-quote/${other.ID}/accept`, application.token, { Consent: true });
    expect(second.statusCode).toBe(201);
    await settle(t, worker);
    // No payout before the agreement is signed (ADR 0077).
    await signAgreementWithEid(t, application, refusing);
    await settle(t, worker);
    expect((await get(`/loan-application/${application.id}`, application.token)).json().Status).toBe(700);
  });

  it('refuses an expired offer and offers of other customers', async () => {
    const { application, offers } = await toOffers();
    const stranger = await createCompleteApplication(t);
    expect(
      (await post(`/loan-quote/${offers[0]!.ID}/accept`, stranger.token, { Consent: true })).statusCode,
    ).toBe(404);
    expect(
      (await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, stranger.token))
        .statusCode,
    ).toBe(404);
    expect((await post(`/loan-quote/${offers[0]!.ID}/accept`, '')).statusCode).toBe(401);
    t.clock.advance(31 * 86_400_000);
    const token = (await t.tokens.sign({
      CustomerID: application.customerId,
      PersonID: application.personId,
      Roles: [{ Name: 'Customer', Country: 'NO' }],
    })) as string;
    const late = await post(`/loan-quote/${offers[0]!.ID}/accept`, token, { Consent: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().Message).toMatch(/expired/);
  });
});

describe('quote-accept consent', () => {
  it('given without a quote does not cover accepting an offer', async () => {
    const { application, offers } = await toOffers();
    const url = `/loan-quote-presentation/consent/loan-application/${application.id}`;
    expect((await post(url, application.token, {})).statusCode).toBe(201);
    const refused = await post(`/loan-quote/${offers[0]!.ID}/accept`, application.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual([expect.objectContaining({ Field: 'Consent' })]);
    // The web app's accept (Consent: true in the body) still works.
    const accepted = await post(`/loan-quote/${offers[0]!.ID}/accept`, application.token, {
      Consent: true,
      EntrySource: 'MyPage',
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('is given through the consent call, then covers the accept; staff cannot give it', async () => {
    const { application, offers } = await toOffers();
    const url = `/loan-quote-presentation/consent/loan-application/${application.id}`;
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await post(url, staff, {})).statusCode).toBe(404);
    const given = await post(url, application.token, { LoanQuoteID: offers[0]!.ID });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({
      Given: true,
      LoanQuoteID: offers[0]!.ID,
      ConsentVersion: expect.any(String),
    });
    expect((await get(url, application.token)).json().Given).toBe(true);
    const accepted = await post(`/loan-quote/${offers[0]!.ID}/accept`, application.token);
    expect(accepted.statusCode).toBe(201);
  });
});

describe('changing an offer', () => {
  it('is refused to read-only staff (TelemarketingLimited) and allowed to staff who may update', async () => {
    const { application, offers } = await toOffers({ country: 'NO', amount: 150_000, duration: 5 });
    const offer = offers.find((candidate) => candidate.Lender.ID === 'no-fjordbanken')!;
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    const refused = await post(`/loan-quote/${offer.ID}/change`, readOnly, { DurationMonths: 36 });
    expect(refused.statusCode).toBe(403);
    expect(await listQuotes(t.database.db, application.id, ['superseded'])).toEqual([]);
    const telemarketing = await t.staffToken([{ Name: 'Telemarketing', Country: 'NO' }]);
    const allowed = await post(`/loan-quote/${offer.ID}/change`, telemarketing, { DurationMonths: 36 });
    expect(allowed.statusCode).toBe(201);
  });

  it('gives a new quote within the lender’s limits and supersedes the old one', async () => {
    const { application, offers } = await toOffers({ country: 'NO', amount: 150_000, duration: 5 });
    const offer = offers.find((candidate) => candidate.Lender.ID === 'no-fjordbanken')!;
    const changed = await post(`/loan-quote/${offer.ID}/change`, application.token, {
      Amount: 100_000,
      DurationMonths: 36,
    });
    expect(changed.statusCode).toBe(201);
    expect(changed.json()).toMatchObject({
      Amount: 100_000,
      DurationMonths: 36,
      ReplacesQuoteID: offer.ID,
      Status: 'approved',
      Lender: { ID: 'no-fjordbanken' },
    });
    const now = await offersOf(application);
    expect(now.map((quote) => quote.ID)).toContain(changed.json().ID);
    expect(now.map((quote) => quote.ID)).not.toContain(offer.ID);

    // Beyond the lender's limit (Fjordbanken lends up to 600 000): a field error, nothing asked of the lender.
    const tooMuch = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {
      Amount: 700_000,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().Errors).toEqual([expect.objectContaining({ Field: 'Amount' })]);
    const fractional = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {
      Amount: 100_000.5,
    });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().Errors).toEqual([expect.objectContaining({ Field: 'Amount' })]);
    const offStep = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {
      Amount: 100_001,
    });
    expect(offStep.statusCode).toBe(400);
    expect(offStep.json().Errors).toEqual([
      expect.objectContaining({ Field: 'Amount', Message: expect.stringMatching(/in steps of/) }),
    ]);
    const tooLong = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {
      DurationMonths: 600,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().Errors).toEqual([expect.objectContaining({ Field: 'DurationMonths' })]);
    expect((await offersOf(application)).map((quote) => quote.ID)).toContain(changed.json().ID);
    const oddTerm = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {
      DurationMonths: 30,
    });
    expect(oddTerm.statusCode).toBe(400);
    const nothing = await post(`/loan-quote/${changed.json().ID}/change`, application.token, {});
    expect(nothing.statusCode).toBe(400);

    // The changed offer is accepted as 452 "Accepted, changed offer".
    await post(`/loan-quote/${changed.json().ID}/accept`, application.token, { Consent: true });
    await settle(t, testWorker(t));
    // No payout before the agreement is signed (ADR 0077): this applicant's e-ID stand-in cancels, so the
    // customer signs at the lender, which reports it.
    await agreementSignedAtLender(t, changed.json().ID);
    await settle(t, testWorker(t));
    const request = (await listLoanRequests(t.database.db, application.id)).find(
      (r) => r.lenderId === 'no-fjordbanken',
    );
    expect(request?.status).toBe(651);
    const history = (await get(`/loan-application/${application.id}/lending`, application.token)).json();
    expect(history.Status).toBe(700);
  });
});
