import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import {
  type CreditInquiryRow,
  creditInquiry,
  type LoanRequestEventRow,
  loanRequestEvent,
} from '#src/db/schema/transparency.ts';

// Reads of what the database records by itself (the triggers on loan_request of migrations 0015 and 0024): each request's path and
// the lenders' credit inquiries. Nothing in the code writes these tables.

export async function listRequestEvents(db: Executor, applicationId: string): Promise<LoanRequestEventRow[]> {
  return db
    .select()
    .from(loanRequestEvent)
    .where(eq(loanRequestEvent.loanApplicationId, applicationId))
    .orderBy(asc(loanRequestEvent.id));
}

export async function listCreditInquiries(db: Executor, applicationId: string): Promise<CreditInquiryRow[]> {
  return db
    .select()
    .from(creditInquiry)
    .where(eq(creditInquiry.loanApplicationId, applicationId))
    .orderBy(asc(creditInquiry.checkedAt), asc(creditInquiry.lenderId));
}
