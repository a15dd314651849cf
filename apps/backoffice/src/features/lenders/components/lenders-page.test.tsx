import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 33 item 4: a country's Manager sees its lenders, pauses one with a reason, adds a portal lender and
// one with its own API (the secret in a password field, emptied after saving and never shown).

signedInStaffForEachTest();

const url = '/backoffice/lenders';
const managerNO = {
  Agent: {
    ID: ids.agentNO,
    Name: 'Nils Leder',
    Disabled: false,
    MarketCountry: 'NO',
    Roles: [{ Name: 'Manager', Country: 'NO' }],
  },
  Permissions: { 'application.read': ['NO'], 'lender.manage': ['NO'] },
};
const policy = {
  Amount: { Min: 10_000, Max: 600_000 },
  DurationMonths: { Min: 12, Max: 180 },
  MinGrossYearlyIncome: 250_000,
  MinAge: 20,
  MaxAge: 75,
  AcceptsPaymentRemarks: false,
  MaxDebtToIncome: 5,
  MaxDebtServiceRatio: 0.45,
  OfferValidityDays: 30,
};
const fjordbanken = {
  ID: 'no-fjordbanken',
  Name: 'Fjordbanken ASA',
  Country: 'NO',
  OrganisationNumber: '910000101',
  Products: ['UnsecuredLoan', 'DiscoveryLoan'],
  Channel: 'simulated',
  EndpointUrl: null,
  TimeoutMs: 5000,
  HasSecret: false,
  SecretSetAt: null,
  CommissionPercent: 2.5,
  CommissionTable: {},
  Policy: policy,
  Paused: false,
  Active: true,
  Origin: 'code',
  UpdatedAt: '2026-11-29T05:00:00.000Z',
};

describe('the lenders page', () => {
  it('lists the Manager’s lenders and pauses one with a reason', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: managerNO },
      [`GET ${url}`]: { body: [fjordbanken] },
      [`POST ${url}/no-fjordbanken/pause`]: { body: { ...fjordbanken, Paused: true } },
    });
    renderApp('/lenders');
    const row = await screen.findByTestId('lender-no-fjordbanken');
    expect(row.textContent).toContain('Fjordbanken ASA');
    expect(row.textContent).toContain('Simulation');
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    fireEvent.change(within(row).getByLabelText('Why is it paused?'), {
      target: { value: 'Outage at the bank' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Pause Fjordbanken ASA' }));
    await waitFor(() => expect(api.find('POST', `${url}/no-fjordbanken/pause`)).toHaveLength(1));
    expect(api.find('POST', `${url}/no-fjordbanken/pause`)[0]!.body).toEqual({
      Reason: 'Outage at the bank',
    });
  });

  it('adds a lender with its own API: the secret is sent once and the field emptied', async () => {
    const secret = 'x'.repeat(40);
    const api = installFakeApi({
      'GET /backoffice/me': { body: managerNO },
      [`GET ${url}`]: { body: [fjordbanken] },
      [`POST ${url}`]: {
        status: 201,
        body: {
          ...fjordbanken,
          ID: 'no-fjellbanken',
          Name: 'Fjellbanken',
          Channel: 'api',
          EndpointUrl: 'https://api.fjellbanken.example/lender',
          HasSecret: true,
          SecretSetAt: '2026-11-29T05:00:00.000Z',
          Origin: 'staff',
        },
      },
    });
    renderApp('/lenders');
    const form = (await screen.findByRole('heading', { name: 'Add a lender' })).closest('section')!;
    const field = (label: RegExp | string) => within(form).getByLabelText(label);
    fireEvent.change(field(/^Id/), { target: { value: 'no-fjellbanken' } });
    fireEvent.change(field('Name'), { target: { value: 'Fjellbanken' } });
    fireEvent.change(field('Organisation number'), { target: { value: '919000001' } });
    fireEvent.click(field('Own API'));
    fireEvent.change(field(/Endpoint/), { target: { value: 'https://api.fjellbanken.example/lender' } });
    fireEvent.change(field(/Signing secret/), { target: { value: secret } });
    fireEvent.change(field(/Commission/), { target: { value: '2,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add lender' }));
    await waitFor(() => expect(api.find('POST', url)).toHaveLength(1));
    expect(api.find('POST', url)[0]!.body).toEqual({
      ID: 'no-fjellbanken',
      Name: 'Fjellbanken',
      Country: 'NO',
      OrganisationNumber: '919000001',
      Products: ['UnsecuredLoan'],
      Channel: 'api',
      EndpointUrl: 'https://api.fjellbanken.example/lender',
      Secret: secret,
      CommissionPercent: 2.5,
    });
    expect(await within(form).findByText('Fjellbanken was added.')).toBeTruthy();
    expect((field(/Signing secret/) as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain(secret);
  });

  it('has no lenders link for staff who do not manage lenders', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me } });
    renderApp('/search');
    expect(await screen.findByTestId('agent-name')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lenders' })).toBeNull();
  });
});
