import { applicationStatus } from '@nordloan/domain/statuses';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import {
  type CreditWithdrawalRow,
  creditWithdrawal,
  type NewCreditWithdrawalRow,
} from '#src/db/schema/credit-withdrawal.ts';
import { lenderCallback } from '#src/db/schema/lender-callbacks.ts';
import { applicationStatusTransition, type LoanQuoteRow, loanQuote } from '#src/db/schema/lending.ts';

// The SQL of withdrawal from a signed credit agreement (docs/decisions/0066): the offer taken, the lender's
// report that it was signed, the payout, and the one withdrawal row per application.

/** The offer the customer took (accepted, or ended with the application since: the latest acceptance). */
export async function findTakenQuote(db: Executor, applicationId: string): Promise<LoanQuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(loanQuote)
    .where(
      and(eq(loanQuote.loanApplicationId, applicationId), inArray(loanQuote.acceptanceStatus, ['accepted'])),
    )
    .orderBy(desc(loanQuote.acceptedAt))
    .limit(1);
  return row;
}

/**
 * When the agreement of `quoteId` was signed: the lender's signed 'agreement-signed' callback that took
 * effect (signed-callback.service.ts keeps it; callback-effects.ts resolves the signing request). The
 * lender's SignedAt, never later than we received it. Undefined when no such report was applied.
 */
export async function findAgreementSignedAt(db: Executor, quoteId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ payload: lenderCallback.payload, receivedAt: lenderCallback.receivedAt })
    .from(lenderCallback)
    .where(
      and(
        eq(lenderCallback.loanQuoteId, quoteId),
        eq(lenderCallback.type, 'agreement-signed'),
        eq(lenderCallback.state, 'applied'),
      ),
    )
    .orderBy(desc(lenderCallback.id))
    .limit(1);
  if (!row) return undefined;
  const stated = Date.parse(String(row.payload.SignedAt ?? ''));
  const received = row.receivedAt.getTime();
  return new Date(Number.isNaN(stated) ? received : Math.min(stated, received));
}

/** When the loan was paid out (the move to 700), or undefined. */
export async function findPaidOutAt(db: Executor, applicationId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: applicationStatusTransition.createdAt })
    .from(applicationStatusTransition)
    .where(
      and(
        eq(applicationStatusTransition.loanApplicationId, applicationId),
        eq(applicationStatusTransition.toStatus, applicationStatus.loanDisbursed),
      ),
    )
    .orderBy(desc(applicationStatusTransition.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function findWithdrawal(
  db: Executor,
  applicationId: string,
): Promise<CreditWithdrawalRow | undefined> {
  const [row] = await db
    .select()
    .from(creditWithdrawal)
    .where(eq(creditWithdrawal.loanApplicationId, applicationId));
  return row;
}

export async function findWithdrawalById(db: Executor, id: string): Promise<CreditWithdrawalRow | undefined> {
  const [row] = await db.select().from(creditWithdrawal).where(eq(creditWithdrawal.id, id));
  return row;
}

/** Inserts the withdrawal unless the application has one (answers undefined then: a second withdrawal). */
export async function insertWithdrawal(
  db: Executor,
  values: NewCreditWithdrawalRow,
): Promise<CreditWithdrawalRow | undefined> {
  const [row] = await db.insert(creditWithdrawal).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setLenderNotice(
  db: Executor,
  input: { id: string; notice: 'sent' | 'failed'; now: Date },
): Promise<void> {
  await db
    .update(creditWithdrawal)
    .set({
      lenderNotice: input.notice,
      lenderNotifiedAt: input.notice === 'sent' ? input.now : null,
      updatedAt: input.now,
    })
    .where(eq(creditWithdrawal.id, input.id));
}
