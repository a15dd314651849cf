import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import type {
  LenderApiApplication,
  LenderApiDocumentAsk,
  LenderApiOffer,
} from '@nordloan/domain/lending/lender-api';
import type { LenderOffer } from '@nordloan/domain/lending/offer-figures';
import type { LenderDocumentAsk } from '#src/modules/lending/lender-panel/lender-adapter.ts';

// What the engine works with (LenderApplication, LenderOffer of the domain) to and from the lender API's
// wire format (packages/domain/src/lending/lender-api.ts), both ways: the HTTP adapter sends and reads it,
// the sandbox lender reads and answers it.

export function applicationToWire(
  application: LenderApplication,
  options: { simulation: boolean },
): LenderApiApplication {
  return {
    Country: application.country,
    Currency: application.currency,
    Product: application.product,
    Amount: application.amount,
    DurationMonths: application.durationMonths,
    Purpose: application.purpose,
    Applicants: application.applicants.map((applicant) => ({
      Role: applicant.role,
      Age: applicant.age,
      GrossYearlyIncome: applicant.grossYearlyIncome,
      NetMonthlyIncome: applicant.netMonthlyIncome,
      EmploymentType: applicant.employmentType,
      HousingCostMonthly: applicant.housingCostMonthly,
      HasPaymentRemarks: applicant.hasPaymentRemarks,
      HasNationalId: applicant.hasNationalId,
      HasAddress: applicant.hasAddress,
      ...(applicant.incomeVerifiedFromBankData ? { IncomeVerifiedFromBankData: true } : {}),
    })),
    Debts: application.debts.map((debt) => ({
      Type: debt.type,
      Balance: debt.balance,
      MonthlyPayment: debt.monthlyPayment,
      IsRefinanced: debt.isRefinanced,
      Creditor: debt.creditor,
      InterestRatePercent: debt.interestRatePercent,
      RemainingTermMonths: debt.remainingTermMonths,
      // Refinanced debts only (ADR 0080): where the payout pays it off.
      ...(debt.payoff
        ? {
            Payoff: {
              DebtReference: debt.payoff.debtReference,
              Account: debt.payoff.account,
              AccountKind: debt.payoff.accountKind,
              PaymentReference: debt.payoff.paymentReference,
            },
          }
        : {}),
    })),
    RateBand: { Low: application.rateBand.low, High: application.rateBand.high },
    IsDuplicateAtLender: application.isDuplicateAtLender,
    Property: application.property
      ? {
          Value: application.property.value,
          CooperativeCommonDebt: application.property.cooperativeCommonDebt,
        }
      : null,
    // Only the sandbox: an unkeyed hash of the national id and terms is not sent to a real lender.
    ...(options.simulation ? { RandomnessKey: application.randomnessKey } : {}),
  };
}

/** What a lender reads; without a randomness key (a real lender's view) the reference stands in for it. */
export function applicationFromWire(wire: LenderApiApplication, reference: string): LenderApplication {
  return {
    randomnessKey: wire.RandomnessKey ?? reference,
    country: wire.Country,
    currency: wire.Currency,
    product: wire.Product,
    amount: wire.Amount,
    durationMonths: wire.DurationMonths,
    purpose: wire.Purpose,
    applicants: wire.Applicants.map((applicant) => ({
      role: applicant.Role,
      age: applicant.Age,
      grossYearlyIncome: applicant.GrossYearlyIncome,
      netMonthlyIncome: applicant.NetMonthlyIncome,
      employmentType: applicant.EmploymentType,
      housingCostMonthly: applicant.HousingCostMonthly,
      hasPaymentRemarks: applicant.HasPaymentRemarks,
      hasNationalId: applicant.HasNationalId,
      hasAddress: applicant.HasAddress,
      ...(applicant.IncomeVerifiedFromBankData ? { incomeVerifiedFromBankData: true } : {}),
    })),
    debts: wire.Debts.map((debt) => ({
      type: debt.Type,
      balance: debt.Balance,
      monthlyPayment: debt.MonthlyPayment,
      isRefinanced: debt.IsRefinanced,
      creditor: debt.Creditor,
      interestRatePercent: debt.InterestRatePercent,
      remainingTermMonths: debt.RemainingTermMonths,
      ...(debt.Payoff
        ? {
            payoff: {
              debtReference: debt.Payoff.DebtReference,
              account: debt.Payoff.Account,
              accountKind: debt.Payoff.AccountKind,
              paymentReference: debt.Payoff.PaymentReference,
            },
          }
        : {}),
    })),
    rateBand: { low: wire.RateBand.Low, high: wire.RateBand.High },
    isDuplicateAtLender: wire.IsDuplicateAtLender,
    property: wire.Property
      ? { value: wire.Property.Value, cooperativeCommonDebt: wire.Property.CooperativeCommonDebt }
      : null,
  };
}

export function offerToWire(offer: LenderOffer): LenderApiOffer {
  return {
    Amount: offer.amount,
    DurationMonths: offer.durationMonths,
    NominalRatePercent: offer.nominalRate,
    StartupFee: offer.startupFee,
    MonthlyFee: offer.monthlyFee,
    FeeHandling: offer.feeHandling,
    OfferType: offer.offerType,
    LoanKind: offer.loanKind,
  };
}

export function offerFromWire(offer: LenderApiOffer): LenderOffer {
  return {
    amount: offer.Amount,
    durationMonths: offer.DurationMonths,
    nominalRate: offer.NominalRatePercent,
    startupFee: offer.StartupFee,
    monthlyFee: offer.MonthlyFee,
    feeHandling: offer.FeeHandling,
    offerType: offer.OfferType,
    loanKind: offer.LoanKind,
  };
}

export function documentAskToWire(ask: LenderDocumentAsk): LenderApiDocumentAsk {
  return { Action: ask.action, Timing: ask.timing, Category: ask.category };
}

export function documentAskFromWire(ask: LenderApiDocumentAsk): LenderDocumentAsk {
  return { action: ask.Action, timing: ask.Timing, category: ask.Category };
}
