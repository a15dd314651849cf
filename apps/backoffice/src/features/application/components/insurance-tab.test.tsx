import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application360, ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// The Insurance tab of the 360° view: the applicant's requests and policies, and ending a policy.

const viewPath = `/backoffice/applications/${ids.application}`;
const policyID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const insuranceRequest = (policy: Record<string, unknown> | null, loanApplicationID = ids.application) => ({
  ID: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  PersonID: ids.person,
  LoanApplicationID: loanApplicationID,
  Brand: 'no-main',
  Country: 'NO',
  Insurer: 'NordTrygg',
  InsuredMonthlyAmount: 5000,
  MonthlyPremium: 350,
  Decision: policy ? 'approved' : 'new',
  DecidedAt: policy ? '2026-11-20T10:00:00Z' : null,
  CreatedAt: '2026-11-20T09:00:00Z',
  Mandate: null,
  PaymentMandate: null,
  Policy: policy,
});

const activePolicy = {
  ID: policyID,
  InsuranceRequestID: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  PolicyNumber: 'NT-2026-000123',
  Insurer: 'NordTrygg',
  InsuredMonthlyAmount: 5000,
  MonthlyPremium: 350,
  StartsOn: '2026-11-20',
  Status: 'active',
  TerminatedAt: null,
  TerminationReason: null,
  WithdrawalDeadline: '2026-12-20',
};

signedInStaffForEachTest();

describe('the Insurance tab', () => {
  it('lists the applicant’s insurance and ends a policy for the reason chosen', async () => {
    let ended = false;
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      'GET /insurance/v2/policy': () => ({
        body: [
          insuranceRequest(
            ended
              ? {
                  ...activePolicy,
                  Status: 'terminated',
                  TerminatedAt: '2026-11-24T10:00:00Z',
                  TerminationReason: 'emigration',
                }
              : activePolicy,
          ),
        ],
      }),
      [`POST /insurance/v2/policy/${policyID}/termination`]: () => {
        ended = true;
        return { body: { ...activePolicy, Status: 'terminated' } };
      },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    const table = await screen.findByTestId(`insurance-${ids.person}`);
    expect(api.find('GET', '/insurance/v2/policy')[0]?.query.get('PersonID')).toBe(ids.person);
    expect(within(table).getByText('NordTrygg')).toBeTruthy();
    expect(within(table).getByText('NOK 350')).toBeTruthy();
    expect(within(table).getByText('This application')).toBeTruthy();
    expect(within(table).getByText(/Active; the customer may withdraw until 2026-12-20/)).toBeTruthy();

    // Two presses and a reason: opening the form asks nothing of the server, and "Keep it" closes it.
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Keep it' }));
    expect(within(table).queryByLabelText('Reason for ending policy NT-2026-000123')).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    const button = within(table).getByRole('button', { name: 'End policy for good' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(api.find('POST', `/insurance/v2/policy/${policyID}/termination`)).toEqual([]);
    fireEvent.change(within(table).getByLabelText('Reason for ending policy NT-2026-000123'), {
      target: { value: 'emigration' },
    });
    fireEvent.click(button);
    await waitFor(() =>
      expect(api.find('POST', `/insurance/v2/policy/${policyID}/termination`)[0]?.body).toEqual({
        Reason: 'emigration',
      }),
    );
    expect(await within(table).findByText(/Ended .*: Emigration/)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /End policy/ })).toBeNull();
  });

  it('shows the server’s refusal, and offers no ending to a role that may not change insurance', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      'GET /insurance/v2/policy': { body: [insuranceRequest(activePolicy)] },
      [`POST /insurance/v2/policy/${policyID}/termination`]: {
        status: 409,
        body: { Message: 'The withdrawal period has ended; terminate the policy instead' },
      },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    const table = await screen.findByTestId(`insurance-${ids.person}`);
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    fireEvent.change(within(table).getByLabelText('Reason for ending policy NT-2026-000123'), {
      target: { value: 'customer-withdrew' },
    });
    fireEvent.click(within(table).getByRole('button', { name: 'End policy for good' }));
    expect((await within(table).findByRole('alert')).textContent).toContain(
      'The withdrawal period has ended; terminate the policy instead',
    );
    cleanup();

    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: {
        body: {
          ...application360,
          Actions: [
            {
              Name: 'End an insurance policy',
              Method: 'POST',
              Path: '/insurance/v2/policy/{policyId}/termination',
              Permission: 'application.update',
              Allowed: false,
            },
          ],
        },
      },
      'GET /insurance/v2/policy': {
        body: [insuranceRequest(activePolicy, 'dddddddd-dddd-4ddd-8ddd-dddddddddddd')],
      },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    const readOnly = await screen.findByTestId(`insurance-${ids.person}`);
    expect(within(readOnly).getByText('Another application')).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: /End policy/ })).toBeNull();
  });

  it('says so when the applicant has no insurance', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      'GET /insurance/v2/policy': { body: [] },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    expect(await screen.findByText('No insurance requested.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Insurance of Ola Nordmann' })).toBeTruthy();
  });
});
