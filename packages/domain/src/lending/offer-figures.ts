import type { Country, LoanKind, OfferType, Product } from '../enums.ts';
import { type CapsCheckResult, type CapsConfig, checkOfferCaps } from '../finance/caps.ts';
import {
  annuityPayment,
  calculateLoanCost,
  EffectiveRateError,
  type FeeHandling,
  type LoanCostResult,
} from '../finance/loan-math.ts';
import { publishedCapsConfigAt } from '../finance/regulatory-figures.data.ts';

// Figures and cap check of one lender offer. Every figure an applicant sees comes from here, so the
// effective rate is always the CCD Annex I rate of the lender's own fee convention (ADR 0004), and an offer
// that breaks its country's caps (regulation.md "Country rules") is never shown: it is kept with its reasons.

/** What a lender offers: the contract terms, before we compute anything from them. */
export interface LenderOffer {
  amount: number;
  durationMonths: number;
  /** Nominal yearly rate in percent. */
  nominalRate: number;
  startupFee: number;
  monthlyFee: number;
  feeHandling: FeeHandling;
  offerType: OfferType;
  loanKind: LoanKind;
}

/** A debt the new loan may refinance, as the lender reads it. */
export interface RefinancedDebt {
  balance: number;
  /** Nominal yearly rate in percent, when known. */
  interestRatePercent: number | null;
  remainingTermMonths: number | null;
}

/**
 * CCD Annex I, part II: a credit without a fixed term (a credit card) is assumed to be drawn in full and
 * repaid in twelve equal monthly instalments. Used for CreditCard offers' figures.
 */
export const openEndCreditAssumedMonths = 12;

/**
 * utlånsforskriften § 13 (regulation.md): an unsecured loan in Norway may run past 5 years only when it
 * refinances debt and "neither raises the amount nor the total cost". We can say so only when every
 * refinanced debt's rate and remaining term are known; otherwise we must assume it is not, and the cap
 * applies (wrongly hiding an offer costs a sale; wrongly showing one breaks the law).
 */
export function isNorwegianRefinancingExempt(
  offer: Pick<LenderOffer, 'amount' | 'loanKind'>,
  offerTotalCost: number,
  refinancedDebts: readonly RefinancedDebt[],
): boolean {
  if (offer.loanKind !== 'Refinance' || refinancedDebts.length === 0) return false;
  const refinancedBalance = refinancedDebts.reduce((sum, debt) => sum + debt.balance, 0);
  if (offer.amount > refinancedBalance) return false;
  let remainingCost = 0;
  for (const debt of refinancedDebts) {
    if (
      debt.interestRatePercent === null ||
      debt.remainingTermMonths === null ||
      debt.remainingTermMonths < 1
    ) {
      return false;
    }
    const payment = annuityPayment(debt.balance, debt.interestRatePercent, debt.remainingTermMonths);
    remainingCost += payment * debt.remainingTermMonths - debt.balance;
  }
  return offerTotalCost <= remainingCost;
}

export interface ClassifiedOffer {
  figures: LoanCostResult;
  caps: CapsCheckResult;
}

export interface ClassifyOfferInput {
  offer: LenderOffer;
  country: Country;
  product: Product;
  refinancedDebts?: readonly RefinancedDebt[];
  /** The caps of the offer's day (regulatory-figures.ts); without it, today's from the published periods. */
  capsConfig?: CapsConfig;
}

/**
 * Computes the offer's figures and checks the caps. An offer whose figures cannot be computed (no effective
 * rate) is classified as breaking the caps with INVALID_OFFER, so it is stored and never shown.
 */
export function classifyOffer(input: ClassifyOfferInput): ClassifiedOffer {
  const { offer, country, product } = input;
  let figures: LoanCostResult;
  try {
    figures = calculateLoanCost({
      amount: offer.amount,
      durationMonths: offer.durationMonths,
      nominalRate: offer.nominalRate,
      startupFee: offer.startupFee,
      monthlyFee: offer.monthlyFee,
      feeHandling: offer.feeHandling,
    });
  } catch (error) {
    if (!(error instanceof EffectiveRateError) && !(error instanceof RangeError)) throw error;
    const nan = Number.NaN;
    return {
      figures: {
        monthlyPayment: nan,
        annuityPayment: nan,
        totalCost: nan,
        totalPayable: nan,
        effectiveRate: nan,
      },
      caps: {
        ok: false,
        violations: [
          { code: 'INVALID_OFFER', message: `Offer has no effective rate: ${(error as Error).message}` },
        ],
      },
    };
  }
  const isRefinancing =
    country === 'NO' && isNorwegianRefinancingExempt(offer, figures.totalCost, input.refinancedDebts ?? []);
  const caps = checkOfferCaps(
    {
      country,
      product,
      amount: offer.amount,
      durationMonths: offer.durationMonths,
      nominalRate: offer.nominalRate,
      effectiveRate: figures.effectiveRate,
      totalCost: figures.totalCost,
      startupFee: offer.startupFee,
      monthlyFee: offer.monthlyFee,
      isRefinancing,
    },
    input.capsConfig ?? publishedCapsConfigAt(new Date()),
  );
  return { figures, caps };
}
