import { brands } from '@nordloan/domain/brands/registry';
import type { ConsentState } from '@nordloan/domain/consent';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureMessagesByLocale } from '#src/app/feature-messages.ts';
import { BrandProvider } from '#src/brands/brand-context.tsx';
import { consentChanges, preferencesOf } from '#src/features/my-page/api/contact-preferences.ts';
import {
  ContactLogList,
  ContactPreferencesForm,
} from '#src/features/my-page/components/contact-preferences.tsx';
import { createI18n } from '#src/i18n/i18n.ts';

// Issue 13 item 7: contact preferences on the consent records ("no sales calls" = marketing by phone not
// given), and the contact log, in the brand's language.

afterEach(cleanup);

function wrap(children: ReactNode, brandId: 'no-main' | 'fi-main' = 'no-main') {
  const brand = brands[brandId];
  const locale = brand.i18n.defaultLocale as 'nb-NO' | 'fi-FI';
  const i18n = createI18n(locale, featureMessagesByLocale[locale]);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <BrandProvider brand={brand}>{children}</BrandProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

const consent = (
  Channel: 'email' | 'sms' | 'phone',
  Status: 'given' | 'not_given' | 'revoked',
  UpdatedAt: string | null = '2026-03-01T10:00:00Z',
) => ({ Purpose: 'marketing' as const, Channel, Status, TextVersion: UpdatedAt ? 'v1' : null, UpdatedAt });

describe('contact preferences on the consent records', () => {
  it('reads "no sales calls" from marketing by phone, and turns choices into consent changes', () => {
    const state: ConsentState = {
      CustomerID: 'c-1',
      Country: 'NO',
      ConsentBrand: 'no',
      Consents: [consent('email', 'given'), consent('sms', 'not_given'), consent('phone', 'given')],
    };
    const before = preferencesOf(state);
    expect(before).toEqual({ email: true, sms: false, noSalesCalls: false, phoneGiven: true });
    expect(consentChanges(before, { ...before, email: false, sms: true, noSalesCalls: true })).toEqual([
      { Purpose: 'marketing', Channel: 'email', Status: 'revoked' },
      { Purpose: 'marketing', Channel: 'sms', Status: 'given' },
      { Purpose: 'marketing', Channel: 'phone', Status: 'revoked' },
    ]);
    expect(consentChanges(before, before)).toEqual([]);
    expect(preferencesOf({ ...state, Consents: [consent('phone', 'revoked')] }).noSalesCalls).toBe(true);
    // Nothing recorded is no objection (the call list reads it so too); saying no then is a "no", not a revocation.
    const unanswered = preferencesOf({ ...state, Consents: [consent('phone', 'not_given', null)] });
    expect(unanswered.noSalesCalls).toBe(false);
    expect(consentChanges(unanswered, { ...unanswered, noSalesCalls: true })).toEqual([
      { Purpose: 'marketing', Channel: 'phone', Status: 'not_given' },
    ]);
  });

  it('the form sends the chosen preferences', () => {
    const onSave = vi.fn();
    render(
      wrap(
        <ContactPreferencesForm
          initial={{ email: true, sms: false, noSalesCalls: false, phoneGiven: true }}
          saving={false}
          saved={false}
          failed={false}
          onSave={onSave}
        />,
      ),
    );
    fireEvent.click(screen.getByLabelText('Ikke ring meg med salg'));
    fireEvent.click(screen.getByLabelText('SMS'));
    fireEvent.click(screen.getByRole('button', { name: 'Lagre valgene' }));
    expect(onSave).toHaveBeenCalledWith({ email: true, sms: true, noSalesCalls: true, phoneGiven: true });
  });
});

describe('the contact log', () => {
  it('lists when, channel, kind, outcome and the masked address, in Finnish', () => {
    render(
      wrap(
        <ContactLogList
          items={[
            {
              At: '2026-03-01T10:06:00Z',
              Channel: 'phone',
              Kind: 'sales-call',
              Outcome: 'not-answered',
              MaskedAddress: '+47******61',
            },
            {
              At: '2026-03-01T10:01:00Z',
              Channel: 'email',
              Kind: 'something-new',
              Outcome: 'sent',
              MaskedAddress: 'k***@example.fi',
            },
          ]}
        />,
        'fi-main',
      ),
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Puhelin');
    expect(rows[0]!.textContent).toContain('Myyntipuhelu');
    expect(rows[0]!.textContent).toContain('Ei vastattu');
    expect(rows[0]!.textContent).toContain('+47******61');
    // An unknown kind is named generically, never shown as a raw key.
    expect(rows[1]!.textContent).toContain('Viesti');
    expect(rows[1]!.textContent).not.toContain('something-new');
  });

  it('says so when there was no contact', () => {
    render(wrap(<ContactLogList items={[]} />));
    expect(screen.getByText('Vi har ikke kontaktet deg om denne søknaden.')).toBeTruthy();
  });
});
