import type { Currency, LoanKind, OfferAcceptanceStatus, OfferType } from '@nordloan/domain/enums';
import type { FeeHandling } from '@nordloan/domain/finance/loan-math';
import { withdrawalRightDays } from '@nordloan/domain/lending/expiry';
import { findLender } from '@nordloan/domain/lending/lender-panel';
import type {
  LoanQuote,
  QuoteDecision,
  QuoteStatus,
  WithdrawalWindow,
} from '@nordloan/domain/lending/loan-quote.schema';
import type { LoanQuoteRow } from '#src/db/schema/lending.ts';

// Stored quotes → the API's LoanQuote (PascalCase, §3 names; figures unrounded).

export function lenderName(lenderId: string): string {
  return findLender(lenderId)?.name ?? lenderId;
}

export function toLoanQuote(row: LoanQuoteRow): LoanQuote {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    LoanRequestID: row.loanRequestId,
    Lender: { ID: row.lenderId, Name: lenderName(row.lenderId) },
    Currency: row.currency as Currency,
    Amount: row.amount,
    DurationMonths: row.durationMonths,
    NominalRate: row.nominalRate,
    EffectiveRate: row.effectiveRate ?? Number.NaN,
    MonthlyPayment: row.monthlyPayment ?? Number.NaN,
    TotalCost: row.totalCost ?? Number.NaN,
    TotalPayable: row.totalPayable ?? Number.NaN,
    StartupFee: row.startupFee,
    MonthlyFee: row.monthlyFee,
    FeeHandling: row.feeHandling as FeeHandling,
    OfferType: row.offerType as OfferType,
    LoanKind: row.loanKind as LoanKind,
    Decision: row.decision as QuoteDecision,
    Status: row.status as QuoteStatus,
    AcceptanceStatus: (row.acceptanceStatus as OfferAcceptanceStatus | null) ?? null,
    ExpiresAt: row.expiresAt.toISOString(),
    DocumentRequests: row.documentRequests.map((document) => ({
      ID: document.id,
      Action: document.action,
      Timing: document.timing,
      Category: document.category,
      Status: document.status,
    })),
    ReplacesQuoteID: row.replacesQuoteId,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

/** The 14-day right of withdrawal (CCD art. 14) that the acceptance of `quote` opened, if it did. */
export function withdrawalWindowOf(quote: LoanQuoteRow | undefined, now: Date): WithdrawalWindow | null {
  if (!quote?.acceptedAt || !['pending', 'accepted'].includes(quote.acceptanceStatus ?? '')) return null;
  const closesAt = new Date(quote.acceptedAt.getTime() + withdrawalRightDays * 24 * 60 * 60 * 1000);
  return {
    OpensAt: quote.acceptedAt.toISOString(),
    ClosesAt: closesAt.toISOString(),
    IsOpen: now < closesAt,
    Days: withdrawalRightDays,
  };
}
