import type { AuthMethod, Product, DataView as SessionDataView } from '@nordloan/domain/enums';

// §4 "What is synced, by view, product and method". One row per line of the spec table, in its order,
// so the table can be read against the spec.

export interface SyncPlan {
  /** The single (active) application. */
  loan: boolean;
  /** All of the applicant's applications. */
  all: boolean;
  /** Loan quotes of the active application. */
  quotes: boolean;
  /** Make the newest application of the current product the active one. */
  autoSelect: boolean;
  /** Which row of the §4 table matched (for logs and tests). */
  rule: SyncRuleName;
}

export interface SyncContext {
  view: SessionDataView | null | undefined;
  product: Product | null | undefined;
  method: AuthMethod | null | undefined;
  isUnscoped: boolean;
}

type Flags = Omit<SyncPlan, 'rule'>;

interface SyncRule {
  name: string;
  view: SessionDataView;
  methods: readonly AuthMethod[];
  /** null: any product, including none. */
  products: readonly Product[] | null;
  flags: Flags;
}

const allProducts: readonly Product[] = ['UnsecuredLoan', 'CreditCard', 'SecuredLoan', 'DiscoveryLoan'];
const nonIdpMethods: readonly AuthMethod[] = ['session', 'cross-domain', 'app-magic-token'];
const flags = (set: Partial<Flags>): Flags => ({
  loan: false,
  all: false,
  quotes: false,
  autoSelect: false,
  ...set,
});

export const syncRules = [
  {
    name: 'applying, any product, session or app-magic-token: the loan',
    view: 'applying',
    methods: ['session', 'app-magic-token'],
    products: allProducts,
    flags: flags({ loan: true }),
  },
  {
    name: 'applying, idp, unsecured loan or credit card: the loan',
    view: 'applying',
    methods: ['idp'],
    products: ['UnsecuredLoan', 'CreditCard'],
    flags: flags({ loan: true }),
  },
  {
    name: 'applying, idp, secured loan: all and the loan; auto-select',
    view: 'applying',
    methods: ['idp'],
    products: ['SecuredLoan'],
    flags: flags({ all: true, loan: true, autoSelect: true }),
  },
  {
    name: 'applying, idp, discovery loan: the loan; auto-select',
    view: 'applying',
    methods: ['idp'],
    products: ['DiscoveryLoan'],
    flags: flags({ loan: true, autoSelect: true }),
  },
  {
    name: 'overview, idp: all and quotes; auto-select',
    view: 'overview',
    methods: ['idp'],
    products: null,
    flags: flags({ all: true, quotes: true, autoSelect: true }),
  },
  {
    name: 'results, unsecured loan or credit card, session, cross-domain or app-magic-token: loan and quotes',
    view: 'results',
    methods: nonIdpMethods,
    products: ['UnsecuredLoan', 'CreditCard'],
    flags: flags({ loan: true, quotes: true }),
  },
  {
    name: 'results, secured loan, session, cross-domain or app-magic-token: loan only',
    view: 'results',
    methods: nonIdpMethods,
    products: ['SecuredLoan'],
    flags: flags({ loan: true }),
  },
  {
    name: 'results, idp, unsecured loan, credit card or secured loan: all, loan and quotes; auto-select',
    view: 'results',
    methods: ['idp'],
    products: ['UnsecuredLoan', 'CreditCard', 'SecuredLoan'],
    flags: flags({ all: true, loan: true, quotes: true, autoSelect: true }),
  },
] as const satisfies readonly SyncRule[];

export type SyncRuleName = (typeof syncRules)[number]['name'];

/**
 * What to load for a view. null when no row applies — in particular when the view or the method is
 * missing (§4). isUnscoped switches off the single application (§4, §6).
 */
export function syncPlan({ view, product, method, isUnscoped }: SyncContext): SyncPlan | null {
  if (!view || !method) return null;
  const rule = (syncRules as readonly SyncRule[]).find(
    (candidate) =>
      candidate.view === view &&
      candidate.methods.includes(method) &&
      (candidate.products === null || (!!product && candidate.products.includes(product))),
  );
  if (!rule) return null;
  return { ...rule.flags, loan: rule.flags.loan && !isUnscoped, rule: rule.name as SyncRuleName };
}
