import type { InteractionMode, Product } from '@nordloan/domain/enums';
import { useStore } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

// §3 "Per product the newest active application is kept as {id, mode 'edit', createdAt, updatedAt}.
// The active application id and interaction mode persist in session storage" (version 1, §9).

export const applicationSessionStorageKey = 'nordloan-application-session';
export const applicationSessionStorageVersion = 1; // §9
/** §9 the session layer's active lookup asks for 100 applications at once. */
export const activeLookupPageSize = 100;

export interface ActiveApplication {
  id: string;
  mode: InteractionMode;
  createdAt: string;
  updatedAt: string;
}

/** The fields of a loan application the session layer reads (§3). */
export interface ApplicationSummary {
  ID: string;
  Product: Product;
  CreatedAt: string;
  UpdatedAt: string;
}

export interface ApplicationSessionData {
  activeApplications: Partial<Record<Product, ActiveApplication>>;
  interactionMode: InteractionMode;
}

export interface ApplicationSessionState extends ApplicationSessionData {
  setActiveApplication(product: Product, application: ApplicationSummary): void;
  clearActiveApplication(product: Product): void;
  setInteractionMode(mode: InteractionMode): void;
  /** §4 auto-select; returns the chosen application, or null (and keeps the current one) when none matches. */
  autoSelect(product: Product, applications: readonly ApplicationSummary[]): ActiveApplication | null;
}

/** §9 pageNumber is always offset plus 1. */
export function toPageNumber(offset: number): number {
  return offset + 1;
}

/** The newest application of the product, by CreatedAt (UpdatedAt breaks ties). */
export function newestOfProduct(
  applications: readonly ApplicationSummary[],
  product: Product,
): ApplicationSummary | null {
  let newest: ApplicationSummary | null = null;
  for (const application of applications) {
    if (application.Product !== product) continue;
    if (
      !newest ||
      Date.parse(application.CreatedAt) > Date.parse(newest.CreatedAt) ||
      (Date.parse(application.CreatedAt) === Date.parse(newest.CreatedAt) &&
        Date.parse(application.UpdatedAt) > Date.parse(newest.UpdatedAt))
    ) {
      newest = application;
    }
  }
  return newest;
}

export function toActiveApplication(application: ApplicationSummary): ActiveApplication {
  return {
    id: application.ID,
    mode: 'edit',
    createdAt: application.CreatedAt,
    updatedAt: application.UpdatedAt,
  };
}

/** The query of the active lookup: one page of 100, first page (offset 0 → pageNumber 1). */
export function activeLookupQuery(
  product: Product,
  owner: { customerId: string | null; personId: string | null },
  offset = 0,
) {
  return {
    customerID: owner.customerId ?? undefined,
    personID: owner.customerId ? undefined : (owner.personId ?? undefined),
    product,
    pageSize: activeLookupPageSize,
    pageNumber: toPageNumber(offset),
  };
}

export function createApplicationSessionStore({
  storage = () => sessionStorage,
}: {
  storage?: () => StateStorage;
} = {}) {
  return createStore<ApplicationSessionState>()(
    persist(
      (set, get) => ({
        activeApplications: {},
        interactionMode: 'edit',
        setActiveApplication(product, application) {
          set({
            activeApplications: { ...get().activeApplications, [product]: toActiveApplication(application) },
          });
        },
        clearActiveApplication(product) {
          const { [product]: _removed, ...rest } = get().activeApplications;
          set({ activeApplications: rest });
        },
        setInteractionMode(interactionMode) {
          set({ interactionMode });
        },
        autoSelect(product, applications) {
          const newest = newestOfProduct(applications, product);
          if (!newest) return null;
          const active = toActiveApplication(newest);
          set({ activeApplications: { ...get().activeApplications, [product]: active } });
          return active;
        },
      }),
      {
        name: applicationSessionStorageKey,
        version: applicationSessionStorageVersion,
        storage: createJSONStorage(storage),
        partialize: ({ activeApplications, interactionMode }) => ({ activeApplications, interactionMode }),
        migrate: () => ({}) as ApplicationSessionState,
      },
    ),
  );
}

export const applicationSessionStore = createApplicationSessionStore();

export function useApplicationSession<T>(selector: (state: ApplicationSessionState) => T): T {
  return useStore(applicationSessionStore, selector);
}
