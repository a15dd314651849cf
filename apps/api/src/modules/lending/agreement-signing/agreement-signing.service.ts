import { randomUUID } from 'node:crypto';
import type { Country } from '@nordloan/domain/enums';
import type { EIdentityProvider } from '@nordloan/domain/insurance';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';
import type { LoanAgreementRow, LoanAgreementSignatureRow } from '#src/db/schema/loan-agreements.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import { conflict, fieldError, forbidden, notFound } from '#src/lib/app-error.ts';
import { applicantRoleOf, isUuid, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { insertCallbackOnce } from '#src/modules/lending/callbacks/callback-inbox.repository.ts';
import { type LenderAgreementApi, sha256Hex } from '#src/modules/lending/lender-api/lender-agreement.ts';
import { LenderUnavailableError } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { findQuote, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { lenderName } from '#src/modules/lending/presentation/quote.mapper.ts';
import { findTakenQuote } from '#src/modules/lending/withdrawal/withdrawal.repository.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import type { AgreementEidSigning } from './agreement-e-id.ts';
import { refusingRaces } from './agreement-e-id.ts';
import type { LoanAgreementView } from './agreement-signing.dto.ts';
import {
  completeAgreement,
  findAgreementOfQuote,
  finishSignature,
  insertAgreementOnce,
  insertSignature,
  listSignatures,
} from './agreement-signing.repository.ts';

// Signing the lender's credit agreement with e-ID on the personal page (issue 36 item 1, ADR 0075). After
// the lender confirmed the acceptance it hands over its agreement (lender-agreement.ts); the applicant reads
// it and signs with their country's e-ID through the same provider that signs insurance mandates — an order
// is started, then collected on every read until signed or failed. A co-applicant signs too; when every
// applicant has signed the agreement is complete: it is recorded exactly as the lender's signed
// 'agreement-signed' callback is (an applied lender_callback row — where withdrawal reads the signing time,
// its 14 days starting then — and the offer's signing requests resolved), and the signatures' evidence goes
// to the lender by a job. A failed or expired order leaves the offer as it was, with its reason.

export const SEND_SIGNED_AGREEMENT_JOB = 'loan-agreement.send-to-lender';

export const agreementRefusals = {
  staff: 'Only the applicants sign the credit agreement',
  noAgreement: 'There is no agreement to sign yet',
  expired: 'The offer has expired',
  alreadySigned: 'You have already signed the agreement',
  inProgress: 'A signing order is already in progress',
} as const;

const providerOf: Record<Country, EIdentityProvider> = {
  NO: 'bankid-no',
  SE: 'bankid-se',
  FI: 'ftn',
  DK: 'mitid',
};

export interface AgreementOptions {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
  signing: AgreementEidSigning;
  lenders: LenderAgreementApi;
}

type Role = 'MainApplicant' | 'CoApplicant';

function requiredRoles(application: LoanApplicationRow): Role[] {
  return application.coApplicantPersonId ? ['MainApplicant', 'CoApplicant'] : ['MainApplicant'];
}

function signerOf(caller: Caller, application: LoanApplicationRow): { role: Role; personId: string } | null {
  const role = applicantRoleOf(caller, application);
  if (!role) return null;
  const personId = role === 'CoApplicant' ? application.coApplicantPersonId : application.personId;
  return personId ? { role, personId } : null;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

function signatureView(row: LoanAgreementSignatureRow) {
  return {
    SignatureID: row.id,
    Role: row.role,
    Provider: row.provider,
    Status: row.status,
    Reason: row.reason,
    SignedAt: iso(row.signedAt),
    TransactionID: row.orderRef,
    DocumentSha256: row.documentSha256,
  };
}

/** The accepted offer the lender confirmed, and its agreement — asking the lender once for it when absent. */
async function agreementOf(
  options: AgreementOptions,
  application: LoanApplicationRow,
): Promise<{ quote?: LoanQuoteRow; agreement?: LoanAgreementRow }> {
  const { db, lenders } = options;
  const quote = await findTakenQuote(db, application.id);
  if (quote?.status !== 'accepted') return { quote };
  const stored = await findAgreementOfQuote(db, quote.id);
  if (stored) return { quote, agreement: stored };
  const request = await findLoanRequest(db, quote.loanRequestId);
  if (!request) return { quote };
  try {
    const fetched = await lenders.fetchAgreement({
      lenderId: quote.lenderId,
      lenderName: lenderName(quote.lenderId),
      loanRequestId: request.id,
      quoteId: quote.id,
      externalReference: request.externalReference,
      amount: quote.amount,
      durationMonths: quote.durationMonths,
      nominalRate: quote.nominalRate,
      currency: quote.currency,
    });
    if (fetched.status !== 'ready') return { quote };
    const now = options.now();
    const agreement = await insertAgreementOnce(db, {
      loanQuoteId: quote.id,
      loanApplicationId: application.id,
      lenderId: quote.lenderId,
      fileName: fetched.fileName,
      contentBase64: fetched.content.toString('base64'),
      sha256: sha256Hex(fetched.content),
      receivedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return { quote, agreement };
  } catch (error) {
    // The lender is not reachable now: no agreement to show yet, asked again on the next read.
    if (error instanceof LenderUnavailableError) return { quote };
    throw error;
  }
}

/** Every required applicant signed: recorded as the lender's 'agreement-signed' callback is, once. */
async function completeIfAllSigned(
  tx: Executor,
  input: { agreement: LoanAgreementRow; application: LoanApplicationRow; caller: Caller; now: Date },
) {
  const { agreement, application, now } = input;
  const signatures = await listSignatures(tx, agreement.id);
  const signed = signatures.filter((row) => row.status === 'signed');
  if (!requiredRoles(application).every((role) => signed.some((row) => row.role === role))) return;
  const completed = await completeAgreement(tx, { id: agreement.id, now });
  if (!completed) return;
  const quote = await findQuote(tx, agreement.loanQuoteId);
  if (!quote) return;
  const signedAt = new Date(Math.max(...signed.map((row) => row.signedAt?.getTime() ?? now.getTime())));
  const messageId = randomUUID();
  await insertCallbackOnce(tx, {
    lenderId: quote.lenderId,
    messageId,
    type: 'agreement-signed',
    loanApplicationId: application.id,
    loanRequestId: quote.loanRequestId,
    loanQuoteId: quote.id,
    sentAt: now,
    receivedAt: now,
    payload: {
      MessageId: messageId,
      SentAt: now.toISOString(),
      Type: 'agreement-signed',
      LenderId: quote.lenderId,
      ApplicationReference: quote.loanRequestId,
      QuoteId: quote.id,
      SignedAt: signedAt.toISOString(),
      // Signed with e-ID on our personal page, not reported by the lender (ADR 0075).
      Source: 'e-id-signing',
      AgreementID: agreement.id,
    },
    state: 'applied',
    settledAt: now,
  });
  // As the callback's effect (callback-effects.ts markSigned): the offer's signing requests are resolved.
  await updateQuote(tx, quote.id, {
    documentRequests: quote.documentRequests.map((document) =>
      document.action === 'sign' ? { ...document, status: 'resolved' as const } : document,
    ),
    updatedAt: now,
  });
  await enqueueJob(tx, {
    kind: SEND_SIGNED_AGREEMENT_JOB,
    payload: { agreementId: agreement.id },
    runAt: now,
    dedupeKey: `${SEND_SIGNED_AGREEMENT_JOB}:${agreement.id}`,
    maxAttempts: 8,
  });
  await recordAudit(tx, {
    actor: input.caller,
    action: 'loanAgreement.complete',
    subjectType: 'loan-agreement',
    subjectId: agreement.id,
    loanApplicationId: application.id,
    country: application.country as never,
    details: { quoteId: quote.id, lenderId: quote.lenderId, sha256: agreement.sha256, signedAt },
    at: now,
  });
}

/** Asks the provider about a pending order; a final answer is stored (and audited) under the row lock. */
async function refresh(
  options: AgreementOptions,
  application: LoanApplicationRow,
  agreement: LoanAgreementRow,
  row: LoanAgreementSignatureRow,
): Promise<LoanAgreementSignatureRow> {
  if (row.status !== 'pending') return row;
  const state = await options.signing.collect(row.orderRef);
  if (state.status === 'pending') return row;
  return options.db.transaction(async (tx) => {
    const now = options.now();
    const locked = await findApplicationByIdForUpdate(tx, application.id);
    const finished = await finishSignature(
      tx,
      state.status === 'signed'
        ? { id: row.id, status: 'signed', signedAt: state.signedAt, now }
        : { id: row.id, status: 'failed', reason: state.reason, now },
    );
    if (!finished) return (await listSignatures(tx, agreement.id)).find((one) => one.id === row.id) ?? row;
    await recordAudit(tx, {
      actor: options.caller,
      action: finished.status === 'signed' ? 'loanAgreement.sign' : 'loanAgreement.signingFailed',
      subjectType: 'loan-agreement-signature',
      subjectId: finished.id,
      loanApplicationId: application.id,
      country: application.country as never,
      details: {
        agreementId: agreement.id,
        role: finished.role,
        provider: finished.provider,
        transactionId: finished.orderRef,
        documentSha256: finished.documentSha256,
        ...(finished.reason ? { reason: finished.reason } : {}),
      },
      at: now,
    });
    if (finished.status === 'signed' && locked)
      await completeIfAllSigned(tx, { agreement, application: locked, caller: options.caller, now });
    return finished;
  });
}

async function present(
  options: AgreementOptions,
  application: LoanApplicationRow,
  found: { quote?: LoanQuoteRow; agreement?: LoanAgreementRow },
): Promise<LoanAgreementView> {
  const { quote } = found;
  const base = {
    LoanApplicationID: application.id,
    QuoteID: quote?.id ?? null,
    LenderName: quote ? lenderName(quote.lenderId) : null,
    Provider: providerOf[application.country as Country] ?? null,
    OfferExpiresAt: iso(quote?.expiresAt),
  };
  // Read again: a signature collected just now may have completed it.
  const agreement = found.agreement && (await findAgreementOfQuote(options.db, found.agreement.loanQuoteId));
  if (!quote || !agreement) {
    return {
      ...base,
      State: 'none',
      Document: null,
      Signers: [],
      MySignature: null,
      CompletedAt: null,
      LenderNotified: null,
    };
  }
  const signatures = await listSignatures(options.db, agreement.id);
  const signer = signerOf(options.caller, application);
  const mine = signer ? signatures.filter((row) => row.personId === signer.personId).at(-1) : undefined;
  const expired = !agreement.completedAt && quote.expiresAt.getTime() <= options.now().getTime();
  return {
    ...base,
    State: agreement.completedAt ? 'signed' : expired ? 'expired' : 'awaiting-signatures',
    Document: {
      FileName: agreement.fileName,
      Sha256: agreement.sha256,
      ReceivedAt: agreement.receivedAt.toISOString(),
    },
    Signers: requiredRoles(application).map((role) => {
      const done = signatures.find((row) => row.role === role && row.status === 'signed');
      return { Role: role, Signed: Boolean(done), SignedAt: iso(done?.signedAt) };
    }),
    MySignature: mine ? signatureView(mine) : null,
    CompletedAt: iso(agreement.completedAt),
    LenderNotified: agreement.completedAt ? agreement.lenderNotice === 'sent' : null,
  };
}

/** GET: the agreement, its signers, and the caller's own signing order (collected when pending). */
export async function getLoanAgreement(options: AgreementOptions): Promise<LoanAgreementView> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const found = await agreementOf(options, application);
  if (found.agreement) {
    for (const row of await listSignatures(options.db, found.agreement.id))
      if (row.status === 'pending') await refresh(options, application, found.agreement, row);
  }
  return present(options, application, found);
}

/** POST: the caller starts signing with their e-ID. 409 without an agreement, after expiry, or twice. */
export async function startAgreementSigning(
  options: AgreementOptions & { provider?: EIdentityProvider | undefined },
) {
  const { db, caller } = options;
  if (caller.kind === 'staff') throw forbidden(agreementRefusals.staff);
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const signer = signerOf(caller, application);
  if (!signer) throw notFound();
  const { quote, agreement } = await agreementOf(options, application);
  if (!quote || !agreement) throw conflict(agreementRefusals.noAgreement, { State: 'none' });
  const expected = providerOf[application.country as Country];
  if (options.provider && options.provider !== expected)
    throw fieldError('Provider', `Sign with ${expected}`);
  for (const row of await listSignatures(db, agreement.id)) {
    if (row.personId !== signer.personId) continue;
    const current = await refresh(options, application, agreement, row);
    if (current.status === 'signed') throw conflict(agreementRefusals.alreadySigned, { State: 'signed' });
    if (current.status === 'pending')
      throw conflict(agreementRefusals.inProgress, { SignatureID: current.id });
  }
  const now = options.now();
  if (agreement.completedAt) throw conflict(agreementRefusals.alreadySigned, { State: 'signed' });
  if (quote.expiresAt.getTime() <= now.getTime())
    throw conflict(agreementRefusals.expired, { State: 'expired' });
  const person = await findPersonById(db, signer.personId);
  if (!person) throw notFound();
  const { orderRef } = await options.signing.startSigning({
    provider: expected,
    nationalId: person.nationalId,
    visibleText: `${lenderName(quote.lenderId)}: credit agreement ${agreement.fileName}, SHA-256 ${agreement.sha256}`,
  });
  // The open-order index: another press that started one at the same moment gets the 409.
  const row = await refusingRaces(agreementRefusals.inProgress, () =>
    db.transaction(async (tx) => {
      const inserted = await insertSignature(tx, {
        agreementId: agreement.id,
        personId: signer.personId,
        role: signer.role,
        provider: expected,
        orderRef,
        status: 'pending',
        documentSha256: agreement.sha256,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actor: caller,
        action: 'loanAgreement.signingStarted',
        subjectType: 'loan-agreement-signature',
        subjectId: inserted.id,
        loanApplicationId: application.id,
        country: application.country as never,
        details: { agreementId: agreement.id, role: signer.role, provider: expected },
        at: now,
      });
      return inserted;
    }),
  );
  return signatureView(row);
}

/** GET one signing order of the caller's (collected when pending): 404 for another person's. */
export async function getAgreementSignature(options: AgreementOptions & { signatureId: string }) {
  if (!isUuid(options.signatureId)) throw notFound();
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const quote = await findTakenQuote(options.db, application.id);
  const agreement = quote ? await findAgreementOfQuote(options.db, quote.id) : undefined;
  if (!agreement) throw notFound();
  const row = (await listSignatures(options.db, agreement.id)).find((one) => one.id === options.signatureId);
  const signer = signerOf(options.caller, application);
  if (!row || (options.caller.kind !== 'staff' && row.personId !== signer?.personId)) throw notFound();
  return signatureView(await refresh(options, application, agreement, row));
}

/** The stored agreement (the PDF) and the signatures' evidence, for the applicants to download. */
export async function loadAgreementDocument(options: Omit<AgreementOptions, 'signing' | 'lenders'>) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const quote = await findTakenQuote(options.db, application.id);
  const agreement = quote ? await findAgreementOfQuote(options.db, quote.id) : undefined;
  if (!quote || !agreement) throw notFound('There is no agreement yet');
  const signatures = (await listSignatures(options.db, agreement.id)).filter(
    (row) => row.status === 'signed',
  );
  return {
    agreement,
    content: Buffer.from(agreement.contentBase64, 'base64'),
    evidence: {
      LoanApplicationID: application.id,
      QuoteID: quote.id,
      LenderName: lenderName(quote.lenderId),
      FileName: agreement.fileName,
      DocumentSha256: agreement.sha256,
      CompletedAt: iso(agreement.completedAt),
      Signatures: signatures.map((row) => {
        const { Role, Provider, SignedAt, TransactionID, DocumentSha256 } = signatureView(row);
        return { Role, Provider, SignedAt, TransactionID, DocumentSha256 };
      }),
    },
  };
}
