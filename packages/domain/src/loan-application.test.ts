import { describe, expect, it } from 'vitest';
import {
  createLoanApplicationSchema,
  debtInputSchema,
  debtPatchSchema,
  patchLoanApplicationSchema,
  searchLoanApplicationsQuerySchema,
} from './loan-application.ts';

describe('searchLoanApplicationsQuerySchema', () => {
  it('defaults to page 1 of 25', () => {
    expect(searchLoanApplicationsQuerySchema.parse({})).toMatchObject({ pageSize: 25, pageNumber: 1 });
  });

  it('reads lists repeated or comma-joined (§7 "arrays joined by comma")', () => {
    const repeated = searchLoanApplicationsQuerySchema.parse({
      status: ['100', '155'],
      product: 'CreditCard',
    });
    const joined = searchLoanApplicationsQuerySchema.parse({ status: '100,155', product: 'CreditCard' });
    expect(repeated.status).toEqual([100, 155]);
    expect(joined.status).toEqual([100, 155]);
    expect(joined.product).toEqual(['CreditCard']);
  });

  it('refuses a page size past 100, page 0, unknown groups and non-ISO dates', () => {
    for (const query of [
      { pageSize: '101' },
      { pageNumber: '0' },
      { group: 'Nope' },
      { createdAfter: '22.11.2026' },
    ]) {
      expect(searchLoanApplicationsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(searchLoanApplicationsQuerySchema.parse({ createdAfter: '2026-11-01' }).createdAfter).toBe(
      '2026-11-01',
    );
  });
});

describe('create and patch bodies', () => {
  it('accepts the spec example', () => {
    expect(
      createLoanApplicationSchema.parse({
        Product: 'UnsecuredLoan',
        Brand: 'no-main',
        Amount: 150000,
        Duration: 5,
      }),
    ).toMatchObject({ Amount: 150000, Duration: 5 });
  });

  it('a PATCH must change something', () => {
    expect(patchLoanApplicationSchema.safeParse({}).success).toBe(false);
    expect(patchLoanApplicationSchema.safeParse({ Revision: 3 }).success).toBe(false);
    expect(patchLoanApplicationSchema.safeParse({ Revision: 3, Amount: 1000 }).success).toBe(true);
  });

  it('sub-record defaults apply on create only', () => {
    expect(debtInputSchema.parse({ DebtType: 'Car', Balance: 1 })).toMatchObject({
      OwnerRole: 'MainApplicant',
      Source: 1,
      IsRefinanced: false,
    });
    const patch = debtPatchSchema.parse({ ID: '7f1d0c1e-4c54-4a55-9f3c-1f1c0f0e3d2a', Balance: 2 });
    expect(patch).toEqual({ ID: '7f1d0c1e-4c54-4a55-9f3c-1f1c0f0e3d2a', Balance: 2 });
  });
});
