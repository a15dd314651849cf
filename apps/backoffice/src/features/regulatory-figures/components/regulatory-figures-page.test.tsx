import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 39: the figures and caps in force per country, and the banner that reminds a country's Managers
// of a period to enter (with its dates and where to find it), which they enter on the figures page.

signedInStaffForEachTest();

const url = '/backoffice/regulatory-figures';

const managerSE = {
  Agent: {
    ID: ids.agentSE,
    Name: 'Sven Chef',
    Disabled: false,
    MarketCountry: 'SE',
    Roles: [{ Name: 'Manager', Country: 'SE' }],
  },
  Permissions: {
    'application.read': ['SE'],
    'regulatoryFigures.read': ['SE'],
    'regulatoryFigures.manage': ['SE'],
  },
};
const salesSE = {
  ...managerSE,
  Agent: { ...managerSE.Agent, Name: 'Sara Säljare', Roles: [{ Name: 'Sales', Country: 'SE' }] },
  Permissions: { 'application.read': ['SE'], 'regulatoryFigures.read': ['SE'] },
};

const whereToFind =
  'Riksbanken decides it on the last weekday before 1 January and 1 July: riksbank.se → Statistik → Räntor och valutakurser → Referensränta.';
const figures = {
  Periods: [
    {
      Country: 'SE',
      Figure: 'referenceRate',
      Value: 2,
      ValidFrom: '2026-07-01',
      ValidTo: '2026-12-31',
      Source: 'Riksbankens referensränta 1 jul – 31 dec 2026, 2,00 %',
      Origin: 'file',
      CreatedBy: null,
      CreatedAt: null,
      InForce: true,
    },
    {
      Country: 'SE',
      Figure: 'priceBaseAmount',
      Value: 59_200,
      ValidFrom: '2026-01-01',
      ValidTo: '2026-12-31',
      Source: 'Förordning (2025:872) om prisbasbelopp för år 2026',
      Origin: 'file',
      CreatedBy: null,
      CreatedAt: null,
      InForce: true,
    },
  ],
  InForce: [
    {
      Country: 'SE',
      Figure: 'referenceRate',
      Date: '2026-12-02',
      Value: 2,
      ValidFrom: '2026-07-01',
      ValidTo: '2026-12-31',
      Source: 'Riksbankens referensränta 1 jul – 31 dec 2026, 2,00 %',
      Fallback: false,
    },
    {
      Country: 'SE',
      Figure: 'priceBaseAmount',
      Date: '2026-12-02',
      Value: 59_200,
      ValidFrom: '2026-01-01',
      ValidTo: '2026-12-31',
      Source: 'Förordning (2025:872) om prisbasbelopp för år 2026',
      Fallback: false,
    },
  ],
  Caps: [{ Country: 'SE', Date: '2026-12-02', NominalRateCap: 22, StartupFeeCap: 592, Fallback: false }],
  Reminders: [
    {
      Country: 'SE',
      Figure: 'referenceRate',
      Kind: 'due',
      ValidFrom: '2027-01-01',
      ValidTo: '2027-06-30',
      DaysLeft: 30,
      WhereToFind: whereToFind,
    },
  ],
};

describe('regulatory figures', () => {
  it('reminds a Manager of the country on every page, and the Manager enters the period on the figures page', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: managerSE },
      'GET /backoffice/assignments': { body: { Items: [], Total: 0 } },
      [`GET ${url}`]: { body: figures },
      [`POST ${url}`]: { status: 201, body: {} },
    });
    const { router } = renderApp('/search');
    const banner = await screen.findByTestId('figures-banner');
    expect(banner.textContent).toContain(
      'Sweden: the reference rate for 2027-01-01 – 2027-06-30 is not entered yet and starts on 2027-01-01 (in 30 days).',
    );
    expect(banner.textContent).toContain('riksbank.se');

    fireEvent.click(within(banner).getByRole('link', { name: 'Enter a figure' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/regulatory-figures'));
    const sweden = await screen.findByTestId('figures-SE');
    expect(sweden.textContent).toContain('nominal rate at most 22.00%');
    expect(sweden.textContent).toMatch(/startup fee at most 592\skr/);
    expect(within(sweden).getByRole('table', { name: 'Figures in force' }).textContent).toContain(
      'Riksbankens referensränta 1 jul – 31 dec 2026',
    );

    const reminder = within(sweden).getByTestId('figure-reminder');
    fireEvent.change(within(reminder).getByLabelText(/reference rate/), { target: { value: '1,5' } });
    fireEvent.change(within(reminder).getByLabelText(/Source/), {
      target: { value: 'Riksbankens referensränta 1 januari – 30 juni 2027, riksbank.se' },
    });
    fireEvent.click(within(reminder).getByRole('button', { name: /Enter 2027-01-01 – 2027-06-30/ }));
    await waitFor(() => expect(api.find('POST', url)).toHaveLength(1));
    expect(api.find('POST', url)[0]!.body).toEqual({
      Country: 'SE',
      Figure: 'referenceRate',
      Value: 1.5,
      ValidFrom: '2027-01-01',
      ValidTo: '2027-06-30',
      Source: 'Riksbankens referensränta 1 januari – 30 juni 2027, riksbank.se',
    });
  });

  it('shows Sales the figures and caps but no banner and no form', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: salesSE },
      [`GET ${url}`]: { body: figures },
    });
    renderApp('/regulatory-figures');
    const sweden = await screen.findByTestId('figures-SE');
    expect(sweden.textContent).toContain('nominal rate at most 22.00%');
    expect(within(sweden).getByTestId('figure-reminder').textContent).toContain('starts on 2027-01-01');
    expect(within(sweden).queryByRole('button', { name: /Enter/ })).toBeNull();
    expect(screen.queryByTestId('figures-banner')).toBeNull();
    expect(api.find('GET', url)).toHaveLength(1);
  });

  it('asks nothing about figures for staff who may not enter them', async () => {
    const api = installFakeApi({ 'GET /backoffice/me': { body: me } });
    renderApp('/search');
    expect(await screen.findByTestId('agent-name')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Figures' })).toBeNull();
    expect(api.find('GET', url)).toHaveLength(0);
  });
});
