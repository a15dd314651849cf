import {
  type AuthMethod,
  authMethods,
  type Product,
  products,
  type DataView as SessionDataView,
} from '@nordloan/domain/enums';
import { describe, expect, it } from 'vitest';
import { syncPlan, syncRules } from '#src/session/sync-rules.ts';

const plan = (
  view: SessionDataView | null,
  product: Product | null,
  method: AuthMethod | null,
  isUnscoped = false,
) => syncPlan({ view, product, method, isUnscoped });
const flags = (p: ReturnType<typeof plan>) =>
  p && { loan: p.loan, all: p.all, quotes: p.quotes, autoSelect: p.autoSelect };
const none = { loan: false, all: false, quotes: false, autoSelect: false };

describe('§4 sync table', () => {
  describe('row 1: applying, any of the four products, session or app-magic-token → the loan', () => {
    for (const product of products) {
      for (const method of ['session', 'app-magic-token'] as const) {
        it(`${product}, ${method}`, () => {
          expect(flags(plan('applying', product, method))).toEqual({ ...none, loan: true });
        });
      }
    }
  });

  describe('row 2: applying, idp, unsecured loan or credit card → the loan', () => {
    for (const product of ['UnsecuredLoan', 'CreditCard'] as const) {
      it(product, () => expect(flags(plan('applying', product, 'idp'))).toEqual({ ...none, loan: true }));
    }
  });

  it('row 3: applying, idp, secured loan → all, and the loan; auto-select', () => {
    expect(flags(plan('applying', 'SecuredLoan', 'idp'))).toEqual({
      loan: true,
      all: true,
      quotes: false,
      autoSelect: true,
    });
  });

  it('row 4: applying, idp, discovery loan → the loan; auto-select', () => {
    expect(flags(plan('applying', 'DiscoveryLoan', 'idp'))).toEqual({
      ...none,
      loan: true,
      autoSelect: true,
    });
  });

  describe('row 5: overview, idp → all and quotes; auto-select', () => {
    for (const product of [...products, null]) {
      it(String(product), () =>
        expect(flags(plan('overview', product, 'idp'))).toEqual({
          loan: false,
          all: true,
          quotes: true,
          autoSelect: true,
        }),
      );
    }
  });

  describe('row 6: results, unsecured loan or credit card, session, cross-domain or app-magic-token → loan and quotes', () => {
    for (const product of ['UnsecuredLoan', 'CreditCard'] as const) {
      for (const method of ['session', 'cross-domain', 'app-magic-token'] as const) {
        it(`${product}, ${method}`, () =>
          expect(flags(plan('results', product, method))).toEqual({ ...none, loan: true, quotes: true }));
      }
    }
  });

  describe('row 7: results, secured loan, same methods → loan only', () => {
    for (const method of ['session', 'cross-domain', 'app-magic-token'] as const) {
      it(method, () =>
        expect(flags(plan('results', 'SecuredLoan', method))).toEqual({ ...none, loan: true }),
      );
    }
  });

  describe('row 8: results, idp, unsecured loan, credit card or secured loan → all, loan and quotes; auto-select', () => {
    for (const product of ['UnsecuredLoan', 'CreditCard', 'SecuredLoan'] as const) {
      it(product, () =>
        expect(flags(plan('results', product, 'idp'))).toEqual({
          loan: true,
          all: true,
          quotes: true,
          autoSelect: true,
        }),
      );
    }
  });

  it('the table has exactly the 8 rows of §4', () => {
    expect(syncRules).toHaveLength(8);
  });
});

describe('§4 no rule applies', () => {
  it('when the view is missing', () => {
    for (const method of authMethods) expect(plan(null, 'UnsecuredLoan', method)).toBeNull();
  });

  it('when the method is missing', () => {
    for (const view of ['applying', 'overview', 'results'] as const)
      expect(plan(view, 'UnsecuredLoan', null)).toBeNull();
  });

  it('for combinations the table does not list', () => {
    expect(plan('applying', 'UnsecuredLoan', 'cross-domain')).toBeNull();
    expect(plan('overview', 'UnsecuredLoan', 'session')).toBeNull();
    expect(plan('overview', 'UnsecuredLoan', 'cross-domain')).toBeNull();
    expect(plan('results', 'DiscoveryLoan', 'idp')).toBeNull();
    expect(plan('results', 'DiscoveryLoan', 'session')).toBeNull();
    expect(plan('applying', null, 'session')).toBeNull();
  });
});

describe('§4 isUnscoped disables loading the single application', () => {
  it('every row keeps its other data sets and drops the loan', () => {
    expect(flags(plan('applying', 'UnsecuredLoan', 'session', true))).toEqual(none);
    expect(flags(plan('applying', 'SecuredLoan', 'idp', true))).toEqual({
      loan: false,
      all: true,
      quotes: false,
      autoSelect: true,
    });
    expect(flags(plan('results', 'CreditCard', 'idp', true))).toEqual({
      loan: false,
      all: true,
      quotes: true,
      autoSelect: true,
    });
  });

  it('names the row that matched', () => {
    expect(plan('overview', null, 'idp', true)?.rule).toBe('overview, idp: all and quotes; auto-select');
  });
});
