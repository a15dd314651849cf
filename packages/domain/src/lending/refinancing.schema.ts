import { z } from 'zod';
import { currencySchema } from '../enums.ts';

// GET /loan-application/{id}/refinancing (issue 35 item 4, docs/decisions/0080): the debts the applicant
// chose to pay off with the new loan, what they cost today, what each open offer would cost instead and
// whether it pays them all off; in Norway the cards whose unused limits count as debt; after acceptance,
// each payoff and whether the lender confirmed it. The figures come from packages/domain finance/refinancing.ts.

export const debtCostBasisSchema = /* @__PURE__ */ z.enum([
  'payment-and-term',
  'payment-and-rate',
  'rate-and-term',
  'payment-only',
  'balance-only',
]);

const amountOrNull = /* @__PURE__ */ z.number().nullable();

export const refinancingViewSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  Currency: currencySchema,
  ChosenDebts: z.array(
    z.object({
      ID: z.string(),
      DebtType: z.string(),
      Creditor: z.string().nullable(),
      Balance: z.number(),
      MonthlyCost: amountOrNull,
      TotalCost: amountOrNull.describe('Interest and fees still to pay if the debt runs on as today'),
      Months: amountOrNull,
      Basis: debtCostBasisSchema,
    }),
  ),
  Before: z.object({
    Balance: z.number(),
    MonthlyCost: z.number(),
    MonthlyComplete: z.boolean(),
    TotalCost: z.number(),
    TotalComplete: z.boolean(),
  }),
  Offers: z.array(
    z.object({
      QuoteID: z.string(),
      LenderName: z.string(),
      Amount: z.number(),
      DurationMonths: z.number().int(),
      MonthlyCost: z.number(),
      TotalCost: z.number(),
      Payout: z.number(),
      CoversChosenDebts: z.boolean(),
      Shortfall: z.number(),
      ToApplicant: z.number(),
      MonthlySaving: amountOrNull,
      TotalSaving: amountOrNull,
    }),
  ),
  /** Norway only, when a card has an unused limit (utlånsforskriften § 15 counts it as debt). */
  CardLimits: z
    .object({
      CountedDebt: z.number(),
      DebtRatio: amountOrNull,
      DebtRatioLimit: z.number(),
      DebtRatioIfAllCancelled: amountOrNull,
      Cards: z.array(
        z.object({
          DebtID: z.string(),
          Creditor: z.string().nullable(),
          CreditLimit: z.number(),
          Balance: z.number(),
          Unused: z.number(),
          DebtRemovedByCancelling: z.number(),
          DebtRatioIfCancelled: amountOrNull,
        }),
      ),
    })
    .nullable(),
  Payoffs: z.array(
    z.object({
      DebtID: z.string(),
      Creditor: z.string().nullable(),
      Balance: z.number(),
      PayoffAccount: z.string().nullable(),
      PayoffReference: z.string().nullable(),
      Status: z.enum(['pending', 'confirmed']),
      ConfirmedAmount: amountOrNull,
      ConfirmedAt: z.string().nullable(),
    }),
  ),
});
export type RefinancingView = z.infer<typeof refinancingViewSchema>;
