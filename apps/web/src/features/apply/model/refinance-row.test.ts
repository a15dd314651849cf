import { brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { planDebts } from './form-mapping.ts';
import { debtRowSchema } from './validation.ts';

// The economy step's refinancing fields (ADR 0080): a ticked row needs the creditor's account and reference
// in the brand's country's format; the rate is typed in percent and stored as a fraction.

const flags = brands['no-main'].unsecuredLoan.optionalFields;
const row = (extra: Record<string, unknown>) => ({
  debtType: 'Unsecured',
  creditor: 'Forbrukslån AS',
  balance: '40 000',
  monthlyPayment: '1 500',
  ...extra,
});
const issues = (result: ReturnType<ReturnType<typeof debtRowSchema>['safeParse']>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('refinancing on a debt row', () => {
  const schema = debtRowSchema(flags, 'NO');

  it('an unticked row asks nothing more', () => {
    expect(schema.safeParse(row({ refinance: false })).success).toBe(true);
    expect(schema.safeParse(row({})).success).toBe(true);
  });

  it('a ticked row needs a valid account and KID', () => {
    expect(issues(schema.safeParse(row({ refinance: true })))).toEqual({
      payoffAccount: 'required',
      payoffReference: 'required',
    });
    expect(
      issues(
        schema.safeParse(
          row({ refinance: true, payoffAccount: '86011117946', payoffReference: '79927398713' }),
        ),
      ),
    ).toEqual({ payoffAccount: 'payoffAccount' });
    expect(
      issues(
        schema.safeParse(row({ refinance: true, payoffAccount: '8601 11 17947', payoffReference: '1' })),
      ),
    ).toEqual({ payoffReference: 'payoffReference' });
  });

  it('the rate in percent becomes a fraction, and the row sends where to pay', () => {
    const parsed = schema.parse(
      row({
        refinance: true,
        interestRate: '12,9',
        payoffAccount: '8601 11 17947',
        payoffReference: '79927398713',
      }),
    );
    expect(parsed.interestRate).toBe(0.129);
    expect(planDebts([], [parsed]).create[0]).toMatchObject({
      IsRefinanced: true,
      PayoffAccount: '8601 11 17947',
      PayoffReference: '79927398713',
      InterestRate: 0.129,
    });
    expect(issues(schema.safeParse(row({ interestRate: 'tolv' })))).toEqual({ interestRate: 'rate' });
  });
});
