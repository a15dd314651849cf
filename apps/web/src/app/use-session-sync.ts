import type { DataSetStatus, Product } from '@nordloan/domain/enums';
import type { LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  activeLookupPageSize,
  activeLookupQuery,
  applicationSessionStore,
  newestOfProduct,
  toPageNumber,
  useApplicationSession,
} from '#src/session/active-application.ts';
import { useAuthStore } from '#src/session/auth-store.ts';
import { type SyncPlan, syncPlan } from '#src/session/sync-rules.ts';
import { useLoanApplication } from '#src/shared/entities/get-loan-application.ts';
import { useLoanApplications } from '#src/shared/entities/get-loan-applications.ts';
import { useLoanQuotes } from '#src/shared/entities/get-loan-quotes.ts';

// §4 "What is synced": the plan of session/sync-rules.ts carried out with the feature queries, and the
// three §3 data sets (single loan, all applications, quotes; all and quotes carry a sync flag).

export interface DataSet<T> {
  status: DataSetStatus;
  data: T | null;
  error: string | null;
}
export interface SyncedDataSet<T> extends DataSet<T> {
  sync: boolean;
}

function dataSet<T>(query: UseQueryResult<T | null>, enabled: boolean): DataSet<T> {
  if (!enabled || query.status === 'pending') return { status: 'idle', data: null, error: null };
  if (query.status === 'error') return { status: 'error', data: null, error: query.error.message };
  return { status: 'success', data: query.data ?? null, error: null };
}

export interface SessionSync {
  plan: SyncPlan | null;
  isAuthenticating: boolean;
  activeApplicationId: string | null;
  loan: DataSet<LoanApplication>;
  all: SyncedDataSet<LoanApplication[]>;
  quotes: SyncedDataSet<LoanQuote[]>;
}

export function useSessionSync({
  view,
  product,
}: {
  view: 'applying' | 'overview' | 'results' | null;
  product: Product | null;
}): SessionSync {
  const method = useAuthStore((state) => state.authMethod);
  const isUnscoped = useAuthStore((state) => state.isUnscoped);
  const isAuthenticating = useAuthStore((state) => state.isAuthenticating);
  const customerId = useAuthStore((state) => state.customerId);
  const personId = useAuthStore((state) => state.personId);
  const activeApplications = useApplicationSession((state) => state.activeApplications);

  const plan = isAuthenticating ? null : syncPlan({ view, product, method, isUnscoped });
  const owner = { customerId: isUnscoped ? null : customerId, personId };
  const hasOwner = !!(owner.customerId || owner.personId);

  // All of the applicant's applications: one page of the session layer's size (§9).
  const allFilters = {
    customerID: owner.customerId ?? undefined,
    personID: owner.customerId ? undefined : (owner.personId ?? undefined),
    pageSize: activeLookupPageSize,
    pageNumber: toPageNumber(0),
  };
  const allEnabled = !!plan?.all && hasOwner;
  const allQuery = useLoanApplications(allFilters, { enabled: allEnabled });

  // §4 auto-select: the active lookup (page size 100) of the current product.
  const lookupEnabled = !!plan?.autoSelect && !!product && hasOwner;
  const lookupQuery = useLoanApplications(activeLookupQuery(product ?? 'UnsecuredLoan', owner), {
    enabled: lookupEnabled,
  });
  useEffect(() => {
    const { autoSelect } = applicationSessionStore.getState();
    if (lookupEnabled && product && lookupQuery.data) autoSelect(product, lookupQuery.data.Items);
    // The overview has no current product: each product's newest becomes its active application.
    if (plan?.autoSelect && !product && allQuery.data) {
      for (const item of new Set(allQuery.data.Items.map((application) => application.Product))) {
        autoSelect(item, allQuery.data.Items);
      }
    }
  }, [lookupEnabled, product, lookupQuery.data, plan?.autoSelect, allQuery.data]);

  const activeApplicationId = useMemo(() => {
    if (product) return activeApplications[product]?.id ?? null;
    // Overview: the newest application across products is the one whose quotes are shown.
    const items = allQuery.data?.Items ?? [];
    const newest = items
      .map((application) => newestOfProduct(items, application.Product))
      .filter((application): application is LoanApplication => !!application)
      .sort((a, b) => Date.parse(b.CreatedAt) - Date.parse(a.CreatedAt))[0];
    return newest?.ID ?? null;
  }, [product, activeApplications, allQuery.data]);

  const loanEnabled = !!plan?.loan && !!activeApplicationId;
  const loanQuery = useLoanApplication(activeApplicationId, { enabled: loanEnabled });
  const quotesEnabled = !!plan?.quotes && !!activeApplicationId;
  const quotesQuery = useLoanQuotes(activeApplicationId, { enabled: quotesEnabled });

  const allPage = dataSet(allQuery, allEnabled);
  return {
    plan,
    isAuthenticating,
    activeApplicationId,
    loan: dataSet(loanQuery, loanEnabled),
    all: { ...allPage, data: allPage.data?.Items ?? null, sync: !!plan?.all },
    quotes: { ...dataSet(quotesQuery, quotesEnabled), sync: !!plan?.quotes },
  };
}
