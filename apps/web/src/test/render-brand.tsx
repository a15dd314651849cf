import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { BrandApp } from '#src/app/app.tsx';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { brandRoutes } from '#src/app/routes.tsx';
import { createI18n } from '#src/i18n/i18n.ts';

/** Renders a brand's app at a path, in memory, with a fresh query client. */
export function renderBrand(
  brand: BrandConfig,
  path: string,
  { isMyPageHost = false, routes }: { isMyPageHost?: boolean; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(routes ?? brandRoutes(brand, isMyPageHost), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n(brand.i18n.defaultLocale, featureMessagesByLocale[brand.i18n.defaultLocale]);
  const view = render(
    <BrandApp
      brand={brand}
      isMyPageHost={isMyPageHost}
      i18n={i18n}
      queryClient={queryClient}
      router={router}
    />,
  );
  return { ...view, router, queryClient, i18n };
}

/** Text of the page outside elements marked lang="en" (the spec's fixed English titles). */
export function nordicText(container: HTMLElement): string {
  const clone = container.cloneNode(true) as HTMLElement;
  for (const element of clone.querySelectorAll('[lang="en"]')) element.remove();
  return clone.textContent ?? '';
}
