import type { Country } from '@nordloan/domain/enums';
import { checkPayoffInstruction } from '@nordloan/domain/finance/payoff-account';
import type { Debt } from '@nordloan/domain/loan-application';
import { z } from 'zod';
import { type ErrorKey, required } from './form-fields.ts';

// Refinancing on a debt row of the economy step (issue 35 item 4, ADR 0080): "pay off with the new loan",
// the debt's rate (what its total cost today is worked out from) and where the payout pays it off — the
// creditor's account and the payment reference, checked with the same country rules the API applies
// (@nordloan/domain/finance/payoff-account), so a wrong digit is caught while typing, not after sending.

/** Percent as typed ("12,9" or "12.9") to the debt table's fraction (0.129); null when empty. */
function optionalRateField() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim().replace(',', '.').replace('%', '').trim();
      if (text === '') return null;
      const percent = Number(text);
      if (!/^\d{1,3}(\.\d{1,3})?$/.test(text) || percent > 100) {
        ctx.addIssue({ code: 'custom', message: 'rate' satisfies ErrorKey });
        return z.NEVER;
      }
      return Math.round(percent * 1000) / 100_000;
    });
}

/** The row's refinancing fields; all optional, so rows added by other means (register, bank) stay valid. */
export const refinanceRowShape = {
  refinance: z.boolean().optional(),
  // Optional in the output too: rows built elsewhere (tests, the register's) need not carry it.
  interestRate: optionalRateField().optional(),
  payoffAccount: z.string().trim().max(40).optional(),
  payoffReference: z.string().trim().max(40).optional(),
};

type RefinanceRow = {
  refinance?: boolean | undefined;
  payoffAccount?: string | undefined;
  payoffReference?: string | undefined;
};

/** A ticked row needs an account and reference valid in the brand's country. */
export function refineRefinanceRow(row: RefinanceRow, ctx: z.RefinementCtx, country: Country | undefined) {
  if (!row.refinance || !country) return;
  if (!row.payoffAccount) ctx.addIssue({ code: 'custom', path: ['payoffAccount'], message: required });
  if (!row.payoffReference) ctx.addIssue({ code: 'custom', path: ['payoffReference'], message: required });
  if (!row.payoffAccount || !row.payoffReference) return;
  const checked = checkPayoffInstruction(country, row.payoffAccount, row.payoffReference);
  if (checked.ok) return;
  const field = checked.problem.field === 'PayoffAccount' ? 'payoffAccount' : 'payoffReference';
  ctx.addIssue({ code: 'custom', path: [field], message: field satisfies ErrorKey });
}

/** The stored debt's refinancing as the form's row fields. */
export function refinanceDefaults(debt: Debt) {
  return {
    refinance: debt.IsRefinanced,
    interestRate: debt.InterestRate === null ? '' : String(Math.round(debt.InterestRate * 100_000) / 1000),
    payoffAccount: debt.PayoffAccount ?? '',
    payoffReference: debt.PayoffReference ?? '',
  };
}

/** What a row sends about refinancing; nothing for a row that never carried the fields. */
export function refinanceFields(row: {
  refinance?: boolean | undefined;
  interestRate?: number | null | undefined;
  payoffAccount?: string | undefined;
  payoffReference?: string | undefined;
}) {
  return {
    ...(row.refinance === undefined ? {} : { IsRefinanced: row.refinance }),
    ...(row.refinance
      ? { PayoffAccount: row.payoffAccount ?? null, PayoffReference: row.payoffReference ?? null }
      : {}),
    ...(row.interestRate === undefined || row.interestRate === null
      ? {}
      : { InterestRate: row.interestRate }),
  };
}
