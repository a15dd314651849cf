import type { Product } from '@nordloan/domain/enums';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionSync } from '#src/app/use-session-sync.ts';
import { applicationSessionStore } from '#src/session/active-application.ts';
import { authStore, initialAuthData } from '#src/session/auth-store.ts';
import { configureServiceUrls, resetServiceUrls } from '#src/shared/api/service-urls.ts';
import { loanApplicationRecord, loanQuoteRecord } from '#src/test/records.ts';

// The §4 sync table carried out with real queries: which calls go out for a view, product and method.

const app = (ID: string, Product: Product, CreatedAt: string) =>
  loanApplicationRecord({ ID, Product, CreatedAt, UpdatedAt: CreatedAt, Status: 100 });
const applications = [
  app('card-old', 'CreditCard', '2026-01-01T00:00:00Z'),
  app('card-new', 'CreditCard', '2026-02-01T00:00:00Z'),
  app('loan-1', 'UnsecuredLoan', '2026-01-15T00:00:00Z'),
];
const quotes = [loanQuoteRecord({ ID: 'q-1' }), loanQuoteRecord({ ID: 'q-2' })];
const calls: string[] = [];

function answer(url: string): unknown {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/loan-application') {
    const product = searchParams.get('product');
    const items = product ? applications.filter((item) => item.Product === product) : applications;
    return {
      Items: items,
      Total: items.length,
      PageNumber: 1,
      PageSize: Number(searchParams.get('pageSize')),
    };
  }
  const single = pathname.match(/^\/loan-application\/([^/]+)$/);
  if (single) return applications.find((item) => item.ID === single[1]);
  if (pathname.endsWith('/quotes')) return quotes;
  throw new Error(`unexpected ${url}`);
}

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  configureServiceUrls({ api: 'http://api.test', integration: 'http://api.test' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url.replace('http://api.test', ''));
      return new Response(JSON.stringify(answer(url)), { headers: { 'content-type': 'application/json' } });
    }),
  );
  authStore.setState({ ...initialAuthData, token: 'tok', customerId: 'c-1', personId: 'p-1' });
  applicationSessionStore.setState({ activeApplications: {}, interactionMode: 'edit' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetServiceUrls();
});

function run(
  view: 'applying' | 'overview' | 'results' | null,
  product: Parameters<typeof useSessionSync>[0]['product'],
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSessionSync({ view, product }), { wrapper });
}

describe('§4 sync in practice', () => {
  it('applying, session: loads the active application only', async () => {
    authStore.setState({ authMethod: 'session' });
    applicationSessionStore.getState().setActiveApplication('UnsecuredLoan', applications[2]! as never);
    const { result } = run('applying', 'UnsecuredLoan');
    await waitFor(() => expect(result.current.loan.status).toBe('success'));
    expect(result.current.loan.data?.ID).toBe('loan-1');
    expect(result.current.all).toMatchObject({ status: 'idle', sync: false });
    expect(result.current.quotes).toMatchObject({ status: 'idle', sync: false });
    expect(calls).toEqual(['/loan-application/loan-1']);
  });

  it('results, idp, credit card: the active lookup (100, page 1) auto-selects the newest card, then loan and quotes', async () => {
    authStore.setState({ authMethod: 'idp' });
    const { result } = run('results', 'CreditCard');
    await waitFor(() => expect(result.current.quotes.status).toBe('success'));
    await waitFor(() => expect(result.current.loan.status).toBe('success'));
    expect(applicationSessionStore.getState().activeApplications.CreditCard?.id).toBe('card-new');
    expect(result.current.loan.data?.ID).toBe('card-new');
    expect(result.current.quotes).toMatchObject({ sync: true, data: [{ ID: 'q-1' }, { ID: 'q-2' }] });
    expect(result.current.all.sync).toBe(true);
    expect(calls).toContain('/loan-application?pageSize=100&customerID=c-1&product=CreditCard&pageNumber=1');
    expect(calls).toContain('/loan-quote-presentation/application/card-new/quotes');
  });

  it('overview, idp: all applications and the quotes of the newest; each product gets its newest as active', async () => {
    authStore.setState({ authMethod: 'idp' });
    const { result } = run('overview', null);
    await waitFor(() => expect(result.current.quotes.status).toBe('success'));
    expect(result.current.all.data?.map((item) => item.ID)).toEqual(['card-old', 'card-new', 'loan-1']);
    expect(result.current.loan.status).toBe('idle');
    expect(applicationSessionStore.getState().activeApplications).toMatchObject({
      CreditCard: { id: 'card-new' },
      UnsecuredLoan: { id: 'loan-1' },
    });
    expect(calls).toContain('/loan-quote-presentation/application/card-new/quotes');
    expect(calls.some((call) => /^\/loan-application\/[^?]/.test(call))).toBe(false);
  });

  it('isUnscoped: the single application is never loaded, and lists are asked by person id', async () => {
    authStore.setState({ authMethod: 'idp', isUnscoped: true });
    const { result } = run('results', 'CreditCard');
    await waitFor(() => expect(result.current.quotes.status).toBe('success'));
    expect(result.current.loan.status).toBe('idle');
    expect(calls.some((call) => call.startsWith('/loan-application/card'))).toBe(false);
    expect(calls).toContain('/loan-application?pageSize=100&personID=p-1&product=CreditCard&pageNumber=1');
  });

  it('no method: no rule, nothing is loaded', async () => {
    const { result } = run('results', 'CreditCard');
    await new Promise((wait) => setTimeout(wait, 20));
    expect(result.current.plan).toBeNull();
    expect(calls).toEqual([]);
  });

  it('nothing is loaded while authenticating', async () => {
    authStore.setState({ authMethod: 'idp', isAuthenticating: true });
    const { result } = run('overview', null);
    await new Promise((wait) => setTimeout(wait, 20));
    expect(result.current.plan).toBeNull();
    expect(calls).toEqual([]);
  });
});
