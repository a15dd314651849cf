import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, installFakeApi } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 33 item 6: a lender's person lands in the lender portal whatever page they open, sees the
// applications sent to their lender, opens one (the minimised application, no name or national id) and
// sends an offer; the portal says the server recorded it.

signedInStaffForEachTest();

const reference = '0f0e0d0c-0b0a-4098-8765-432101234567';
const lenderUser = {
  Agent: {
    ID: ids.agentNO,
    Name: 'Petra Portal',
    Disabled: false,
    MarketCountry: 'NO',
    Roles: [{ Name: 'Lender', Country: 'NO' }],
  },
  Permissions: {},
};
const summary = {
  ApplicationReference: reference,
  Country: 'NO',
  Product: 'UnsecuredLoan',
  Amount: 150_000,
  DurationMonths: 60,
  Status: 251,
  AwaitingAnswer: true,
  ReceivedAt: '2026-11-29T05:00:00.000Z',
};
const detail = {
  ...summary,
  Application: {
    Country: 'NO',
    Currency: 'NOK',
    Product: 'UnsecuredLoan',
    Amount: 150_000,
    DurationMonths: 60,
    Purpose: 'Renovation',
    Applicants: [
      {
        Role: 'MainApplicant',
        Age: 41,
        GrossYearlyIncome: 600_000,
        NetMonthlyIncome: 38_000,
        EmploymentType: 'Permanent',
        HousingCostMonthly: 9_000,
        HasPaymentRemarks: false,
        HasNationalId: true,
        HasAddress: true,
      },
    ],
    Debts: [],
    RateBand: { Low: 6.9, High: 22.9 },
    IsDuplicateAtLender: false,
    Property: null,
  },
  Offers: [],
  Documents: [],
};

describe('the lender portal', () => {
  it('takes a lender user to the portal, shows its application and sends an offer', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: lenderUser },
      'GET /backoffice/lender-portal/me': {
        body: { LenderId: 'no-portalbanken', LenderName: 'Portalbanken' },
      },
      'GET /backoffice/lender-portal/applications': { body: [summary] },
      [`GET /backoffice/lender-portal/applications/${reference}`]: { body: detail },
      [`POST /backoffice/lender-portal/applications/${reference}/offer`]: {
        body: { MessageId: '1a2b3c4d-0000-4000-8000-000000000000', Outcome: 'applied' },
      },
    });
    const { router } = renderApp('/queue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lender-portal'));
    expect(await screen.findByRole('heading', { name: 'Applications sent to Portalbanken' })).toBeTruthy();
    const rows = await screen.findAllByTestId('portal-application');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Awaiting your answer');
    // Only the portal in the header: no queue, search or calls.
    expect(screen.queryByRole('link', { name: /Queue/ })).toBeNull();

    fireEvent.click(within(rows[0]!).getByRole('link', { name: /Open/ }));
    expect(await screen.findByText(/no name, national id or address/)).toBeTruthy();
    expect(document.body.textContent).toContain('41');
    fireEvent.change(screen.getByLabelText('Nominal rate, %'), { target: { value: '8,9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    const url = `/backoffice/lender-portal/applications/${reference}/offer`;
    await waitFor(() => expect(api.find('POST', url)).toHaveLength(1));
    expect(api.find('POST', url)[0]!.body).toEqual({
      Amount: 150_000,
      DurationMonths: 60,
      NominalRatePercent: 8.9,
      StartupFee: 0,
      MonthlyFee: 0,
    });
    expect(await screen.findByText('Recorded.')).toBeTruthy();
  });
});
