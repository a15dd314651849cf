import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { lender } from '#src/db/schema/lenders.ts';
import { loanQuote } from '#src/db/schema/lending.ts';
import {
  type LoanAgreementRow,
  type LoanAgreementSignatureRow,
  loanAgreement,
  loanAgreementSignature,
} from '#src/db/schema/loan-agreements.ts';
import { findAgreementSignedAt } from '#src/modules/lending/withdrawal/withdrawal.repository.ts';

// The SQL of the credit agreement and its e-ID signatures (docs/decisions/0075).

export async function findAgreementOfQuote(
  db: Executor,
  quoteId: string,
): Promise<LoanAgreementRow | undefined> {
  const [row] = await db.select().from(loanAgreement).where(eq(loanAgreement.loanQuoteId, quoteId));
  return row;
}

export async function findAgreementById(db: Executor, id: string): Promise<LoanAgreementRow | undefined> {
  const [row] = await db.select().from(loanAgreement).where(eq(loanAgreement.id, id));
  return row;
}

/**
 * Whether the payout of the offer waits for the signed credit agreement (docs/decisions/0077): from the
 * lender's confirmation of the acceptance until the signing is recorded — every applicant signed the lender's
 * agreement here with e-ID, or the lender reported it signed by its own signed `agreement-signed` callback
 * (the record the withdrawal's 14 days start from). Until then no payout is approved, ordered or recorded,
 * whether or not the applicant has opened the agreement yet. A portal lender hands over no agreement to
 * sign here (ADR 0075: its upload is not built), so its payout is not held by us.
 */
export async function agreementHoldsPayout(db: Executor, quoteId: string): Promise<boolean> {
  const [offer] = await db
    .select({ status: loanQuote.status, channel: lender.channel })
    .from(loanQuote)
    .leftJoin(lender, eq(lender.id, loanQuote.lenderId))
    .where(eq(loanQuote.id, quoteId));
  if (offer?.status !== 'accepted' || offer.channel === 'portal') return false;
  const [completed] = await db
    .select({ id: loanAgreement.id })
    .from(loanAgreement)
    .where(and(eq(loanAgreement.loanQuoteId, quoteId), isNotNull(loanAgreement.completedAt)));
  if (completed) return false;
  return (await findAgreementSignedAt(db, quoteId)) === undefined;
}

/** Keeps the lender's agreement once per offer; a second copy (a race) answers the first. */
export async function insertAgreementOnce(
  db: Executor,
  values: typeof loanAgreement.$inferInsert,
): Promise<LoanAgreementRow> {
  const [created] = await db.insert(loanAgreement).values(values).onConflictDoNothing().returning();
  return created ?? (await findAgreementOfQuote(db, values.loanQuoteId))!;
}

/** Marks the agreement complete (every applicant signed); undefined when it already was. */
export async function completeAgreement(
  db: Executor,
  input: { id: string; now: Date },
): Promise<LoanAgreementRow | undefined> {
  const [row] = await db
    .update(loanAgreement)
    .set({ completedAt: input.now, lenderNotice: 'pending', updatedAt: input.now })
    .where(and(eq(loanAgreement.id, input.id), isNull(loanAgreement.completedAt)))
    .returning();
  return row;
}

export async function setAgreementLenderNotice(
  db: Executor,
  input: { id: string; notice: 'sent' | 'failed'; now: Date },
): Promise<void> {
  await db
    .update(loanAgreement)
    .set({
      lenderNotice: input.notice,
      lenderNotifiedAt: input.notice === 'sent' ? input.now : null,
      updatedAt: input.now,
    })
    .where(eq(loanAgreement.id, input.id));
}

export async function listSignatures(
  db: Executor,
  agreementId: string,
): Promise<LoanAgreementSignatureRow[]> {
  return db
    .select()
    .from(loanAgreementSignature)
    .where(eq(loanAgreementSignature.agreementId, agreementId))
    .orderBy(asc(loanAgreementSignature.createdAt));
}

export async function findSignatureById(
  db: Executor,
  id: string,
): Promise<LoanAgreementSignatureRow | undefined> {
  const [row] = await db.select().from(loanAgreementSignature).where(eq(loanAgreementSignature.id, id));
  return row;
}

export async function insertSignature(
  db: Executor,
  values: typeof loanAgreementSignature.$inferInsert,
): Promise<LoanAgreementSignatureRow> {
  const [row] = await db.insert(loanAgreementSignature).values(values).returning();
  return row!;
}

/** Stores the provider's final answer on a pending order; undefined when another poll stored it first. */
export async function finishSignature(
  db: Executor,
  input:
    | { id: string; status: 'signed'; signedAt: Date; now: Date }
    | { id: string; status: 'failed'; reason: string; now: Date },
): Promise<LoanAgreementSignatureRow | undefined> {
  const [row] = await db
    .update(loanAgreementSignature)
    .set(
      input.status === 'signed'
        ? { status: 'signed', signedAt: input.signedAt, updatedAt: input.now }
        : { status: 'failed', reason: input.reason, updatedAt: input.now },
    )
    .where(and(eq(loanAgreementSignature.id, input.id), eq(loanAgreementSignature.status, 'pending')))
    .returning();
  return row;
}
