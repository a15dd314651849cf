import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppErrorBoundary, BareClientExceptionPage } from '#src/app/error-pages.tsx';
import { brandRoutes } from '#src/app/routes.tsx';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { provideBankDataPanel } from '#src/shared/bank-data/bank-data-slot.tsx';
import { provideDebtRegisterPanel } from '#src/shared/debt-register/debt-register-slot.tsx';

export interface BrandAppProps {
  brand: BrandConfig;
  isMyPageHost: boolean;
  i18n: I18n;
  queryClient: QueryClient;
  /** The browser's router; the build's pre-rendering passes a memory router at the page (prerender.tsx). */
  router?: ReturnType<typeof createBrowserRouter>;
  onReady?: () => void;
}

// The bank-data feature (ADR 0076) is its own chunk: the apply form's income step loads it on demand.
provideBankDataPanel(() => import('#src/features/bank-data/bank-data-panel.tsx'));
// The debt-register feature (ADR 0079) likewise: the debts step loads it on the press.
provideDebtRegisterPanel(() => import('#src/features/debt-register/debt-register-panel.tsx'));

export function BrandApp({ brand, isMyPageHost, i18n, queryClient, router, onReady }: BrandAppProps) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <AppErrorBoundary fallback={<BareClientExceptionPage />}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrandProvider brand={brand} isMyPageHost={isMyPageHost}>
            <AppErrorBoundary>
              <RouterProvider router={router ?? createBrowserRouter(brandRoutes(brand, isMyPageHost))} />
            </AppErrorBoundary>
          </BrandProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
