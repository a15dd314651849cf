import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#src/lib/app-error.ts';
import { credentialsOf } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { signLenderMessage } from '#src/modules/lending/lender-api/lender-signature.ts';
import { findQuote, listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest, listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { testLenderPanel } from '#src/test/test-lender-sandbox.ts';
import { listCallbacksOfApplication } from './callback-inbox.repository.ts';
import { authenticateCallback } from './signed-callback.service.ts';
import { type AcceptedApplication, applicationAt510, callbackOf, postCallback } from './test-helpers.ts';

// Signed lender callbacks (issue 33 item 3, ADR 0062): every refusal changes nothing; a callback delivered
// twice is recorded once; one delivered before its predecessor waits and takes effect in order.

let t: TestApp;
let accepted: AcceptedApplication;

beforeAll(async () => {
  t = await createTestApp();
  accepted = await applicationAt510(t);
}, 120_000);
afterAll(async () => t?.close());

const statusOf = async (id: string) => (await findApplicationById(t.database.db, id))!.status;

/** What a refused callback must leave as it was. */
async function snapshot(applicationId: string) {
  return {
    status: await statusOf(applicationId),
    callbacks: (await listCallbacksOfApplication(t.database.db, applicationId)).length,
    transitions: (await listStatusTransitions(t.database.db, applicationId)).length,
  };
}

describe('refused callbacks change nothing', () => {
  it('refuses an unknown lender, a missing, malformed, wrong or stale signature, another lender’s name', async () => {
    const { application, lenderId, requestId, quoteId } = accepted;
    const before = await snapshot(application.id);
    const approval = () =>
      callbackOf(lenderId, {
        Type: 'disbursement-decision',
        ApplicationReference: requestId,
        QuoteId: quoteId,
        Decision: 'approved',
      });
    const cases: Array<[string, Promise<{ statusCode: number; json(): { Message?: string } }>, number]> = [
      ['unknown lender', postCallback(t, 'no-nobody', approval()), 404],
      ['no signature', postCallback(t, lenderId, approval(), { signature: null }), 401],
      ['malformed signature', postCallback(t, lenderId, approval(), { signature: 't=abc,v1=00' }), 401],
      ['another secret', postCallback(t, lenderId, approval(), { secret: 'y'.repeat(48) }), 401],
      [
        'old timestamp (replay window)',
        postCallback(t, lenderId, approval(), { signedAt: new Date(Date.now() - 10 * 60_000) }),
        401,
      ],
      [
        'another lender named in the body',
        postCallback(t, lenderId, { ...approval(), LenderId: 'fi-kuusi-rahoitus' }),
        403,
      ],
    ];
    for (const [name, response, status] of cases) {
      const answer = await response;
      expect(answer.statusCode, name).toBe(status);
      expect(answer.json().Message, name).toBeTruthy();
    }
    // The signature is over the exact bytes: the same message re-serialised with a space is refused.
    const message = approval();
    const signed = signLenderMessage(
      (await credentialsOf({}, { sandboxSecrets: true }).secretsOf(lenderId))[0]!,
      JSON.stringify(message),
      new Date(),
    );
    expect(
      (await postCallback(t, lenderId, JSON.stringify(message, null, 1), { signature: signed })).statusCode,
    ).toBe(401);
    expect(await snapshot(application.id)).toEqual(before);
  });

  it('refuses what names an application or offer that is not the lender’s (404), and an unsigned body before its schema', async () => {
    const { application, lenderId, requestId, quoteId } = accepted;
    const before = await snapshot(application.id);
    const requests = await listLoanRequests(t.database.db, application.id);
    const other = requests.find((request) => request.lenderId !== lenderId)!;
    // Lender B, signing correctly, about lender A's application and offer.
    const asOther = (input: Parameters<typeof callbackOf>[1]) =>
      postCallback(t, other.lenderId, callbackOf(other.lenderId, input));
    expect(
      (
        await asOther({
          Type: 'disbursement-decision',
          ApplicationReference: requestId,
          QuoteId: quoteId,
          Decision: 'approved',
        })
      ).statusCode,
    ).toBe(404);
    // Its own application reference, but lender A's offer.
    expect(
      (
        await asOther({
          Type: 'disbursed',
          ApplicationReference: other.id,
          QuoteId: quoteId,
          Reference: 'PAYOUT',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await asOther({
          Type: 'cancelled',
          ApplicationReference: randomUUID(),
          QuoteId: quoteId,
          Reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    // Signed but not the schema: 400; not JSON: 400; not signed: 401 whatever the body.
    expect((await postCallback(t, lenderId, '{"Type":"disbursed"}')).statusCode).toBe(400);
    expect((await postCallback(t, lenderId, '{not json')).statusCode).toBe(400);
    expect((await postCallback(t, lenderId, '{not json', { signature: null })).statusCode).toBe(401);
    expect(await snapshot(application.id)).toEqual(before);
  });

  it('refuses a lender that has no secret (403)', async () => {
    const error = await authenticateCallback({
      panel: await testLenderPanel(),
      credentials: credentialsOf({}),
      lenderId: 'no-fjordbanken',
      rawBody: '{}',
      signature: `t=1,v1=${'0'.repeat(64)}`,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(403);
  });
});

/** An offer of 20,000 over 60 months at 9.9 %, no fees, as a lender's callback states it. */
const anOffer = {
  Amount: 20_000,
  DurationMonths: 60,
  NominalRatePercent: 9.9,
  StartupFee: 0,
  MonthlyFee: 0,
  FeeHandling: 'upfront',
  OfferType: 'Annuity',
  LoanKind: 'Consumer',
} as const;

describe('duplicates and order', () => {
  it('records a callback delivered twice once, and one delivered early in its place', async () => {
    const { application, lenderId, requestId, quoteId } = accepted;
    const signedAgreement = callbackOf(lenderId, {
      Type: 'agreement-signed',
      ApplicationReference: requestId,
      QuoteId: quoteId,
      SignedAt: new Date().toISOString(),
    });
    const first = await postCallback(t, lenderId, signedAgreement);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ MessageId: signedAgreement.MessageId, Outcome: 'applied' });
    expect((await postCallback(t, lenderId, signedAgreement)).json().Outcome).toBe('duplicate');
    const quote = await findQuote(t.database.db, quoteId);
    expect(quote!.documentRequests.filter((document) => document.action === 'sign')).toEqual([
      expect.objectContaining({ status: 'resolved' }),
    ]);

    // Disbursed before the approval: kept, waiting (202), and the application does not move.
    const disbursed = callbackOf(lenderId, {
      Type: 'disbursed',
      ApplicationReference: requestId,
      QuoteId: quoteId,
      Reference: 'PAYOUT-7',
    });
    const early = await postCallback(t, lenderId, disbursed);
    expect(early.statusCode).toBe(202);
    expect(early.json().Outcome).toBe('waiting');
    expect(await statusOf(application.id)).toBe(510);
    expect((await postCallback(t, lenderId, disbursed)).json().Outcome).toBe('duplicate');

    // The approval lets it in: 510 → 600 → 610 → 700, in that order.
    const approval = callbackOf(lenderId, {
      Type: 'disbursement-decision',
      ApplicationReference: requestId,
      QuoteId: quoteId,
      Decision: 'approved',
    });
    expect((await postCallback(t, lenderId, approval)).json().Outcome).toBe('applied');
    expect(await statusOf(application.id)).toBe(700);
    const history = (await listStatusTransitions(t.database.db, application.id)).map((step) => step.toStatus);
    expect(history.slice(-4)).toEqual([510, 600, 610, 700]);
    expect((await findLoanRequest(t.database.db, requestId))!.status).toBe(651);

    // The approval again, as a new message: the application has moved past it.
    const again = await postCallback(t, lenderId, { ...approval, MessageId: randomUUID() });
    expect(again.statusCode).toBe(200);
    expect(again.json().Outcome).toBe('ignored');
    const kept = await listCallbacksOfApplication(t.database.db, application.id);
    expect(kept.map((row) => [row.type, row.state])).toEqual([
      ['agreement-signed', 'applied'],
      ['disbursed', 'applied'],
      ['disbursement-decision', 'applied'],
      ['disbursement-decision', 'ignored'],
    ]);
    expect(await statusOf(application.id)).toBe(700);
  });

  it('keeps an offer that is not one we can show as the lender’s error, never as an offer', async () => {
    const { application, lenderId } = accepted;
    const quotesBefore = (await listQuotes(t.database.db, application.id)).length;
    const requests = await listLoanRequests(t.database.db, application.id);
    const done = requests.find((request) => request.lenderId === lenderId)!;
    // The lender's request has been decided long ago: an offer now is too late, kept and ignored.
    const late = await postCallback(
      t,
      lenderId,
      callbackOf(lenderId, {
        Type: 'offer',
        ApplicationReference: done.id,
        Decision: 'approved',
        Offers: [anOffer],
      }),
    );
    expect(late.json().Outcome).toBe('ignored');
    expect((await listQuotes(t.database.db, application.id)).length).toBe(quotesBefore);
  });

  it('acts on an offer that came before the registration was recorded once the registration job records it', async () => {
    // As after a restart: the lender registered the application and sent its offer by callback while the
    // API had not yet recorded the registration's answer. The offer waits (202), and the registration job
    // that records 251 lets it in — it is never left waiting for a move that has already happened.
    const application = await createCompleteApplication(t, { country: 'NO', amount: 20_000, duration: 5 });
    await submit(t, application);
    // The intake only: the registration calls are due after each lender's response time, on the test clock.
    const worker = testWorker(t);
    await worker.runUntilIdle();
    const [request] = await listLoanRequests(t.database.db, application.id);
    expect(request!.status).toBe(211);
    const early = await postCallback(
      t,
      request!.lenderId,
      callbackOf(request!.lenderId, {
        Type: 'offer',
        ApplicationReference: request!.id,
        Decision: 'approved',
        Offers: [anOffer],
      }),
    );
    expect(early.statusCode).toBe(202);
    await settle(t, worker);
    const kept = await listCallbacksOfApplication(t.database.db, application.id);
    expect(kept.map((row) => [row.state, row.outcome])).toEqual([['applied', null]]);
    const quotes = await listQuotes(t.database.db, application.id);
    expect(quotes.some((quote) => quote.loanRequestId === request!.id && quote.nominalRate === 9.9)).toBe(
      true,
    );
  });
});
