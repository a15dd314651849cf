import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplication } from '#src/db/schema/applications.ts';
import { loanQuote } from '#src/db/schema/lending.ts';
import { createJobWorker } from '#src/jobs/worker.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { type AcceptedApplication, applicationsAt510 } from '#src/modules/lending/callbacks/test-helpers.ts';
import type {
  LenderAgreementApi,
  SignedAgreementCall,
} from '#src/modules/lending/lender-api/lender-agreement.ts';
import { findAgreementSignedAt } from '#src/modules/lending/withdrawal/withdrawal.repository.ts';
import { createCompleteApplication, submit } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findAgreementOfQuote, insertSignature } from './agreement-signing.repository.ts';
import { agreementRefusals } from './agreement-signing.service.ts';
import { agreementSigningJobHandlers } from './agreement-signing-jobs.ts';

// Signing the credit agreement with e-ID (issue 36 item 1, ADR 0075), on the real database: the lender's
// PDF shown and downloadable, the e-ID order collected, the evidence stored and sent to the lender, the
// signing recorded where withdrawal reads it; and the refusals — another person's agreement 404, a second
// signature 409, after the offer expired 409, no agreement yet 409, bad bodies 400 — each audited.

let t: TestApp;
let signing: AcceptedApplication;
let other: AcceptedApplication;
let expiring: AcceptedApplication;
let joint: AcceptedApplication;

const agreement = (accepted: AcceptedApplication, token = accepted.application.token) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${accepted.application.id}/agreement`,
    headers: bearer(token),
  });
const sign = (accepted: AcceptedApplication, token = accepted.application.token, payload: unknown = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/loan-application/${accepted.application.id}/agreement/signatures`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
const order = (accepted: AcceptedApplication, signatureId: string, token = accepted.application.token) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${accepted.application.id}/agreement/signatures/${signatureId}`,
    headers: bearer(token),
  });

beforeAll(async () => {
  t = await createTestApp();
  [signing, other, expiring, joint] = (await applicationsAt510(t, 4)) as [
    AcceptedApplication,
    AcceptedApplication,
    AcceptedApplication,
    AcceptedApplication,
  ];
}, 180_000);
afterAll(async () => t?.close());

describe('signing the credit agreement with e-ID', () => {
  it("shows the lender's PDF, signs it with the e-ID, records the signing as the lender's callback does, tells the lender", async () => {
    const shown = await agreement(signing);
    expect(shown.statusCode, shown.body).toBe(200);
    const view = shown.json();
    expect(view).toMatchObject({
      State: 'awaiting-signatures',
      QuoteID: signing.quoteId,
      Provider: 'ftn',
      Signers: [{ Role: 'MainApplicant', Signed: false }],
      MySignature: null,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${signing.application.id}/agreement/document`,
      headers: bearer(signing.application.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const sha = createHash('sha256').update(pdf.rawPayload).digest('hex');
    expect(view.Document.Sha256).toBe(sha);

    const started = await sign(signing, signing.application.token, { Provider: 'ftn' });
    expect(started.statusCode, started.body).toBe(201);
    const signatureId = started.json().SignatureID;
    expect(started.json()).toMatchObject({ Status: 'pending', Role: 'MainApplicant', DocumentSha256: sha });
    // One order at a time.
    expect((await sign(signing)).statusCode).toBe(409);
    t.clock.advance(2_500);
    const collected = await order(signing, signatureId);
    expect(collected.json()).toMatchObject({ Status: 'signed', DocumentSha256: sha });
    const signedAt = new Date(collected.json().SignedAt);

    const after = (await agreement(signing)).json();
    expect(after).toMatchObject({ State: 'signed', LenderNotified: false });
    expect(after.Signers).toEqual([
      { Role: 'MainApplicant', Signed: true, SignedAt: signedAt.toISOString() },
    ]);
    // Where withdrawal reads the signing: its 14 days start now.
    expect(await findAgreementSignedAt(t.database.db, signing.quoteId)).toEqual(signedAt);
    const withdrawal = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${signing.application.id}/credit-withdrawal`,
      headers: bearer(signing.application.token),
    });
    expect(withdrawal.json()).toMatchObject({ State: 'open', SignedAt: signedAt.toISOString() });

    // A second signature by the same person.
    const again = await sign(signing);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(agreementRefusals.alreadySigned);

    const sent: SignedAgreementCall[] = [];
    const lenders: LenderAgreementApi = {
      fetchAgreement: async () => ({ status: 'not-ready' }),
      sendSignedAgreement: async (call) => void sent.push(call),
    };
    const worker = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      retryDelayMs: () => 0,
      handlers: agreementSigningJobHandlers({ lenders }),
    });
    await worker.runUntilIdle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ quoteId: signing.quoteId, documentSha256: sha });
    expect(sent[0]!.signatures[0]).toMatchObject({ role: 'MainApplicant', documentSha256: sha });
    expect((await agreement(signing)).json()).toMatchObject({ LenderNotified: true });

    const evidence = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${signing.application.id}/agreement/evidence`,
      headers: bearer(signing.application.token),
    });
    expect(evidence.json()).toMatchObject({
      DocumentSha256: sha,
      Signatures: [{ Role: 'MainApplicant', Provider: 'ftn', TransactionID: collected.json().TransactionID }],
    });
    const audit = await listAudit(t.database.db, {
      loanApplicationId: signing.application.id,
      limit: 100,
      offset: 0,
    });
    expect(audit.Items.map((entry) => entry.Action)).toEqual(
      expect.arrayContaining([
        'loanAgreement.signingStarted',
        'loanAgreement.sign',
        'loanAgreement.complete',
        'loanAgreement.sentToLender',
      ]),
    );
  });

  it("refuses another person's agreement and order (404) and bad bodies (400)", async () => {
    expect((await agreement(other, signing.application.token)).statusCode).toBe(404);
    expect((await sign(other, signing.application.token)).statusCode).toBe(404);
    const started = await sign(other);
    expect(started.statusCode, started.body).toBe(201);
    expect((await order(other, started.json().SignatureID, signing.application.token)).statusCode).toBe(404);
    expect((await order(signing, started.json().SignatureID)).statusCode).toBe(404);
    expect((await sign(other, other.application.token, { Provider: 'bankid-no' })).statusCode).toBe(400);
    expect((await sign(other, other.application.token, { Provider: 'x' })).statusCode).toBe(400);
    expect((await sign(other, other.application.token, { Extra: 1 })).statusCode).toBe(400);
  });

  it('a failed e-ID order leaves the offer as it was, with its reason; a new order may start', async () => {
    const stored = (await findAgreementOfQuote(t.database.db, expiring.quoteId)) ?? undefined;
    expect(stored ?? (await agreement(expiring)).json().Document).toBeTruthy();
    const row = (await findAgreementOfQuote(t.database.db, expiring.quoteId))!;
    const failed = await insertSignature(t.database.db, {
      agreementId: row.id,
      personId: expiring.application.personId,
      role: 'MainApplicant',
      provider: 'ftn',
      orderRef: 'forgotten-by-the-provider',
      status: 'pending',
      documentSha256: row.sha256,
    });
    const view = (await agreement(expiring)).json();
    expect(view).toMatchObject({
      State: 'awaiting-signatures',
      MySignature: { SignatureID: failed.id, Status: 'failed', Reason: 'expired-transaction' },
    });
    expect(await findAgreementSignedAt(t.database.db, expiring.quoteId)).toBeUndefined();
  });

  it('refuses a signature after the offer expired, and before there is an agreement (409)', async () => {
    await t.database.db
      .update(loanQuote)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(loanQuote.id, expiring.quoteId));
    const late = await sign(expiring);
    expect(late.statusCode).toBe(409);
    expect(late.json().Message).toBe(agreementRefusals.expired);
    expect((await agreement(expiring)).json()).toMatchObject({ State: 'expired' });

    const fresh = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
    await submit(t, fresh);
    const none = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${fresh.id}/agreement/signatures`,
      headers: bearer(fresh.token),
      payload: {},
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().Message).toBe(agreementRefusals.noAgreement);
  });

  it('with a co-applicant the agreement is complete only when both have signed', async () => {
    // `other`'s applicant is the co-applicant here (their own token reaches the application as a person).
    await t.database.db
      .update(loanApplication)
      .set({ coApplicantPersonId: other.application.personId })
      .where(eq(loanApplication.id, joint.application.id));
    const co = other.application.token;
    const main = await sign(joint);
    expect(main.statusCode, main.body).toBe(201);
    t.clock.advance(2_500);
    expect((await order(joint, main.json().SignatureID)).json()).toMatchObject({ Status: 'signed' });
    const half = (await agreement(joint)).json();
    expect(half).toMatchObject({
      State: 'awaiting-signatures',
      Signers: [
        { Role: 'MainApplicant', Signed: true },
        { Role: 'CoApplicant', Signed: false },
      ],
    });
    expect(await findAgreementSignedAt(t.database.db, joint.quoteId)).toBeUndefined();

    const second = await sign(joint, co);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ Role: 'CoApplicant' });
    t.clock.advance(2_500);
    const done = (await order(joint, second.json().SignatureID, co)).json();
    expect(done).toMatchObject({ Status: 'signed' });
    expect((await agreement(joint, co)).json()).toMatchObject({ State: 'signed' });
    expect(await findAgreementSignedAt(t.database.db, joint.quoteId)).toEqual(new Date(done.SignedAt));
  });
});
