import { brands } from '@nordloan/domain/brands/registry';
import type { ErasureRequest } from '@nordloan/domain/privacy';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { createI18n } from '#src/i18n/i18n.ts';
import { ErasureResult, MyDataPanel } from './my-data-panel.tsx';

// Issue 36 item 3 (ADR 0069): what an erasure request did, in the brand's language: what went at once, and
// what the law keeps with its law and the day it goes.

afterEach(cleanup);

function wrap(children: ReactNode) {
  const brand = brands['se-main'];
  const i18n = createI18n('sv-SE', featureMessagesByLocale['sv-SE']);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

const request: ErasureRequest = {
  ID: 'e-1',
  PersonID: 'p-1',
  Country: 'SE',
  Status: 'open',
  RequestedAt: '2026-11-29T10:00:00Z',
  PersonErasedAt: null,
  Erased: [{ Category: 'marketing-consents', Count: 3 }],
  Kept: [
    {
      Category: 'applications',
      Reason: 'anti-money-laundering',
      Country: 'SE',
      Law: 'penningtvättslagen (2017:630) 5 kap. 3 §',
      LoanApplicationID: 'a-1',
      HumanReadableID: 'NL-1001',
      Count: 1,
      Until: '2030-03-01',
    },
    {
      Category: 'applications',
      Reason: 'anti-money-laundering',
      Country: 'SE',
      Law: 'penningtvättslagen (2017:630) 5 kap. 3 §',
      LoanApplicationID: 'a-2',
      HumanReadableID: 'NL-1002',
      Count: 1,
      Until: null,
    },
  ],
  ClosedAt: null,
  Note: null,
};

describe('My data', () => {
  it('lists what was erased and what the law keeps, with the law and the day, in Swedish', () => {
    render(wrap(<ErasureResult request={request} />));
    expect(screen.getByTestId('erasure-erased').textContent).toContain('Samtycken till marknadsföring');
    const kept = screen.getByTestId('erasure-kept').textContent ?? '';
    expect(kept).toContain('Ansökan NL-1001');
    expect(kept).toContain('Lag: penningtvättslagen (2017:630) 5 kap. 3 §');
    expect(kept).toContain('Raderas 1 mars 2030');
    expect(kept).toContain('Raderas fem år efter att ansökan har avslutats');
  });

  it('shows nothing without a person (a customer who never used their e-ID)', () => {
    const { container } = render(wrap(<MyDataPanel personId={null} />));
    expect(container.textContent).toBe('');
  });
});
