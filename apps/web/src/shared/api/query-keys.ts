import type { QueryClient } from '@tanstack/react-query';

// §3 "Cached views of an application, keyed by applicationID". Every application view starts with
// ['application', applicationID], so one prefix invalidation refreshes all of them after a PATCH (§7).

export const applicationViews = [
  'revision',
  'children',
  'debt',
  'detail',
  'loan-quotes',
  'loan-quotes-patch',
  'loan-quotes-presentation',
  'loan-quotes-presentation-v2',
  'payment-remarks',
  'loan-quote-accept-consent',
  'product-recommendation',
  'loan-request',
  'locks',
  'lender-tier',
  'registration-status',
  'validation',
] as const;
export type ApplicationView = (typeof applicationViews)[number];

export const queryKeys = {
  /** The prefix of every cached view of one application. */
  application: (applicationID: string) => ['application', applicationID] as const,
  applicationView: (applicationID: string, view: ApplicationView, ...detail: (string | number)[]) =>
    ['application', applicationID, view, ...detail] as const,
  revision: (applicationID: string, revision: number | 'latest') =>
    queryKeys.applicationView(applicationID, 'revision', revision),
  /** §3 locks are keyed by marketCountry as well. */
  locks: (applicationID: string, marketCountry: string) =>
    queryKeys.applicationView(applicationID, 'locks', marketCountry),
  applications: (filters: Record<string, unknown>) => ['applications', filters] as const,
  magicApplication: (magicToken: string) => ['application-magic', magicToken] as const,
  /** §7 "GET /auth/me … its result is cached by token". */
  currentUser: (token: string) => ['auth-me', token] as const,
  /** The entities (shared/entities/): one key each, whichever page reads them. */
  loanApplication: (applicationID: string) => queryKeys.applicationView(applicationID, 'detail'),
  /** Every quote of the application, replaced ones included (the v1 list). */
  loanQuotes: (applicationID: string) => queryKeys.applicationView(applicationID, 'loan-quotes-presentation'),
  customer: (customerID: string) => ['customer', customerID] as const,
  /** §3 person cache data is keyed by personID and has an insurance view. */
  person: (personID: string) => ['person', personID] as const,
  personInsurance: (personID: string) => ['person', personID, 'insurance'] as const,
  /** The population register's address of the person (the apply journey's prefill, issue 38). */
  registeredAddress: (personID: string) => ['registered-address', personID] as const,
  // The apply journey's own views of the application's sub-records. Under the same prefix, so a PATCH
  // refresh reaches them.
  applyDebts: (applicationID: string) => [...queryKeys.application(applicationID), 'apply-debts'] as const,
  applyExpenses: (applicationID: string) =>
    [...queryKeys.application(applicationID), 'apply-expenses'] as const,
  /** Secured loans: the home the loan is secured on, its loan-to-value and case documents (ADR 0027). */
  securedProperty: (applicationID: string) =>
    [...queryKeys.application(applicationID), 'secured-property'] as const,
  /** §7 GET /api/cms/terms-and-conditions, per country and brand. */
  terms: (country: string, brand: string) => ['terms', country, brand] as const,
} as const;

/** §7 "After a PATCH of an application all cached data for it is refreshed." */
export function refreshApplication(queryClient: QueryClient, applicationID: string) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.application(applicationID) });
}
