import type { Country } from '@nordloan/domain/enums';
import { checkPayoffInstruction } from '@nordloan/domain/finance/payoff-account';
import { fieldError } from '#src/lib/app-error.ts';

// Issue 35 item 4 (docs/decisions/0080): a debt the new loan pays off needs the old creditor's account and
// the payment reference, in the application's country's format with valid check digits — the lender pays
// to exactly what is stored here. A debt that is not refinanced keeps none (nobody needs them).

interface StoredPayoff {
  isRefinanced: boolean;
  payoffAccount: string | null;
  payoffReference: string | null;
}

/**
 * The payoff columns a debt write leaves, from the stored debt (none when new) and the fields sent; a
 * missing or malformed account or reference of a refinanced debt is a 400 naming the field.
 */
export function payoffColumns(
  country: string,
  existing: StoredPayoff | undefined,
  input: Record<string, unknown>,
): { payoffAccount: string | null; payoffReference: string | null } | null {
  const touches = ['IsRefinanced', 'PayoffAccount', 'PayoffReference'].some(
    (field) => input[field] !== undefined,
  );
  if (!touches) return null;
  const pick = (field: string, stored: string | null) =>
    input[field] !== undefined ? (input[field] as string | null) : stored;
  const refinanced =
    input.IsRefinanced !== undefined ? input.IsRefinanced === true : (existing?.isRefinanced ?? false);
  if (!refinanced) return { payoffAccount: null, payoffReference: null };
  const checked = checkPayoffInstruction(
    country as Country,
    pick('PayoffAccount', existing?.payoffAccount ?? null),
    pick('PayoffReference', existing?.payoffReference ?? null),
  );
  if (!checked.ok) throw fieldError(checked.problem.field, checked.problem.message);
  return { payoffAccount: checked.instruction.account, payoffReference: checked.instruction.reference };
}
