import { currencyByCountry } from '@nordloan/domain/enums';
import type { FeeHandling } from '@nordloan/domain/finance/loan-math';
import {
  norwayCardLimitReport,
  type RefinancingDebt,
  refinancingAfter,
  refinancingBefore,
} from '@nordloan/domain/finance/refinancing';
import type { RefinancingView } from '@nordloan/domain/lending/refinancing.schema';
import type { Db } from '#src/db/client.ts';
import type { DebtRow } from '#src/db/schema/applications.ts';
import { applicantRoleOf, isOwnDebt, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findLendersByIds } from '#src/modules/lenders/lender.repository.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import { findApplicants } from '#src/modules/loan-applications/application-applicant.repository.ts';
import { listSubRecords } from '#src/modules/loan-applications/sub-record.repository.ts';
import { lenderName } from './quote.mapper.ts';

// GET /loan-application/{id}/refinancing (issue 35 item 4, docs/decisions/0080): the applicant's chosen
// debts against every open offer, Norway's unused card limits, and the payoffs the lender confirmed. The
// figures are the domain's (finance/refinancing.ts); this reads the rows and keeps to what the caller may
// see: an applicant sees the debts they see elsewhere (a co-applicant's register debts are theirs alone).

const openOffer = ['approved', 'accepted'];

const asRefinancingDebt = (row: DebtRow): RefinancingDebt => ({
  id: row.id,
  debtType: row.debtType,
  creditor: row.creditor,
  balance: row.balance,
  creditLimit: row.creditLimit,
  monthlyPayment: row.monthlyPayment,
  interestRate: row.interestRate,
  remainingTermMonths: row.remainingTermMonths,
  isRefinanced: row.isRefinanced,
});

export async function getRefinancing(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}): Promise<RefinancingView> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const [debtRows, quotes, applicants] = await Promise.all([
    listSubRecords(options.db, 'debt', application.id),
    listQuotes(options.db, application.id, openOffer),
    findApplicants(options.db, application.id),
  ]);
  const role = applicantRoleOf(options.caller, application);
  const visible = debtRows.filter((row) => role === null || isOwnDebt(role, row));
  const visibleIds = new Set(visible.map((row) => row.id));
  // The comparison is of what the applicant chose and sees; the debt ratio is the household's, all debts.
  const before = refinancingBefore(visible.map(asRefinancingDebt));
  const lenders = new Map(
    (await findLendersByIds(options.db, [...new Set(quotes.map((quote) => quote.lenderId))])).map((row) => [
      row.id,
      row.name,
    ]),
  );
  const grossIncomes = applicants
    .map((applicant) => applicant.grossYearlyIncome)
    .filter((income): income is number => income !== null);
  const cardReport =
    application.country === 'NO'
      ? norwayCardLimitReport({
          debts: debtRows.map(asRefinancingDebt),
          loanAmount: application.amount ?? 0,
          grossYearlyIncome: grossIncomes.length > 0 ? grossIncomes.reduce((a, b) => a + b, 0) : null,
        })
      : null;
  const cards = cardReport?.cards.filter((card) => visibleIds.has(card.debtId)) ?? [];
  const chosen = visible.filter((row) => row.isRefinanced);
  return {
    LoanApplicationID: application.id,
    Currency: currencyByCountry[application.country as keyof typeof currencyByCountry],
    ChosenDebts: chosen.map((row) => {
      const cost = before.debts.find((entry) => entry.id === row.id)?.cost;
      return {
        ID: row.id,
        DebtType: row.debtType,
        Creditor: row.creditor,
        Balance: row.balance,
        MonthlyCost: cost?.monthlyCost ?? null,
        TotalCost: cost?.totalCost ?? null,
        Months: cost?.months ?? null,
        Basis: cost?.basis ?? 'balance-only',
      };
    }),
    Before: {
      Balance: before.balance,
      MonthlyCost: before.monthlyCost,
      MonthlyComplete: before.monthlyComplete,
      TotalCost: before.totalCost,
      TotalComplete: before.totalComplete,
    },
    // No chosen debts, nothing to compare: the offers list is empty rather than all "covers".
    Offers:
      chosen.length === 0
        ? []
        : quotes
            .filter((quote) => quote.monthlyPayment !== null && quote.totalCost !== null)
            .map((quote) => {
              const after = refinancingAfter(before, {
                amount: quote.amount,
                durationMonths: quote.durationMonths,
                monthlyPayment: quote.monthlyPayment ?? 0,
                totalCost: quote.totalCost ?? 0,
                startupFee: quote.startupFee,
                feeHandling: quote.feeHandling as FeeHandling,
              });
              return {
                QuoteID: quote.id,
                LenderName: lenders.get(quote.lenderId) ?? lenderName(quote.lenderId),
                Amount: quote.amount,
                DurationMonths: quote.durationMonths,
                MonthlyCost: after.monthlyCost,
                TotalCost: after.totalCost,
                Payout: after.payout,
                CoversChosenDebts: after.coversChosenDebts,
                Shortfall: after.shortfall,
                ToApplicant: after.toApplicant,
                MonthlySaving: after.monthlySaving,
                TotalSaving: after.totalSaving,
              };
            }),
    CardLimits:
      cardReport && cards.length > 0
        ? {
            CountedDebt: cardReport.countedDebt,
            DebtRatio: cardReport.debtRatio,
            DebtRatioLimit: cardReport.debtRatioLimit,
            DebtRatioIfAllCancelled: cardReport.debtRatioIfAllCancelled,
            Cards: cards.map((card) => ({
              DebtID: card.debtId,
              Creditor: card.creditor,
              CreditLimit: card.creditLimit,
              Balance: card.balance,
              Unused: card.unused,
              DebtRemovedByCancelling: card.debtRemovedByCancelling,
              DebtRatioIfCancelled: card.debtRatioIfCancelled,
            })),
          }
        : null,
    Payoffs: chosen.map((row) => ({
      DebtID: row.id,
      Creditor: row.creditor,
      Balance: row.balance,
      PayoffAccount: row.payoffAccount,
      PayoffReference: row.payoffReference,
      Status: row.payoffConfirmedAt ? ('confirmed' as const) : ('pending' as const),
      ConfirmedAmount: row.payoffConfirmedAmount,
      ConfirmedAt: row.payoffConfirmedAt?.toISOString() ?? null,
    })),
  };
}
