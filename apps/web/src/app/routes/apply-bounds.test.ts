import { brands } from '@nordloan/domain/brands/registry';
import { describe, expect, it } from 'vitest';
import { applyProductsFor } from '#src/app/routes/apply-bounds.ts';

describe('which products an apply page applies for', () => {
  it('the one-form page offers the brand loan products; the unsecured page its own product', () => {
    expect(applyProductsFor(brands['no-main'], { product: null, purpose: 'oneFormApply' })).toEqual([
      'UnsecuredLoan',
      'CreditCard',
      'SecuredLoan',
    ]);
    expect(
      applyProductsFor(brands['no-main'], { product: 'UnsecuredLoan', purpose: 'applyUnsecured' }),
    ).toEqual(['UnsecuredLoan']);
    expect(
      applyProductsFor(brands['se-main'], { product: 'UnsecuredLoan', purpose: 'applyUnsecured' }),
    ).toEqual(
      brands['se-main'].products.includes('CreditCard') ? ['UnsecuredLoan', 'CreditCard'] : ['UnsecuredLoan'],
    );
  });

  it('a brand selling cards without a one-form page offers the card on its unsecured page (ADR 0016)', () => {
    const brand = { ...brands['no-alt4'], paths: { ...brands['no-alt4'].paths, oneFormApply: undefined } };
    expect(applyProductsFor(brand, { product: 'UnsecuredLoan', purpose: 'applyUnsecured' })).toEqual([
      'UnsecuredLoan',
      'CreditCard',
    ]);
  });
});
