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

/** The 360° view as a case handler whose role may end a policy here sees it. */
const viewWithEnding = (allowed: boolean) => ({
  ...application360,
  Actions: [
    {
      Name: 'End an insurance policy',
      Method: 'POST',
      Path: '/insurance/v2/policy/{policyId}/termination',
      Permission: 'application.update',
      Allowed: allowed,
    },
  ],
});

// A policy that started today, so its withdrawal period runs whenever the test runs.
const isoDay = (daysFromToday: number) =>
  new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
const startsOn = isoDay(0);
const withdrawalDeadline = isoDay(30);
/** A date as the staff app writes it in English ("28 Dec 2026"). */
const shownDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const activePolicy = {
  ID: policyID,
  InsuranceRequestID: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
  PolicyNumber: 'NT-2026-000123',
  Insurer: 'NordTrygg',
  InsuredMonthlyAmount: 5000,
  MonthlyPremium: 350,
  StartsOn: startsOn,
  Status: 'active',
  TerminatedAt: null,
  TerminationReason: null,
  WithdrawalDeadline: withdrawalDeadline,
};

signedInStaffForEachTest();

describe('the Insurance tab', () => {
  it('lists the applicant’s insurance and ends a policy for the reason chosen', async () => {
    let ended = false;
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: viewWithEnding(true) },
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
    // Money in the country's currency and format (issue 38).
    expect(within(table).getByText('350 kr')).toBeTruthy();
    expect(within(table).getByText('This application')).toBeTruthy();
    expect(
      within(table).getByText(`Active; the customer may withdraw until ${shownDate(withdrawalDeadline)}`),
    ).toBeTruthy();

    // Two presses and a reason: opening the form asks nothing of the server; "Keep it" closes it, forgets
    // the reason and gives the focus back to the button that opened it.
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    fireEvent.change(within(table).getByLabelText('Reason for ending policy NT-2026-000123'), {
      target: { value: 'death' },
    });
    fireEvent.click(within(table).getByRole('button', { name: 'Keep it' }));
    expect(within(table).queryByLabelText('Reason for ending policy NT-2026-000123')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'End policy…' })),
    );
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    expect(
      (within(table).getByLabelText('Reason for ending policy NT-2026-000123') as HTMLSelectElement).value,
    ).toBe('');
    const button = within(table).getByRole('button', { name: 'End policy for good' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(api.find('POST', `/insurance/v2/policy/${policyID}/termination`)).toEqual([]);
    fireEvent.change(within(table).getByLabelText('Reason for ending policy NT-2026-000123'), {
      target: { value: 'emigration' },
    });
    fireEvent.click(button);
    expect(await within(table).findByText(/Ended .*: Emigration/)).toBeTruthy();
    expect(api.find('POST', `/insurance/v2/policy/${policyID}/termination`).map((call) => call.body)).toEqual(
      [{ Reason: 'emigration' }],
    );
    const notice = await screen.findByText('Policy NT-2026-000123 ended.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(within(table).queryByRole('button', { name: /End policy/ })).toBeNull();
  });

  it('shows the server’s refusal and reads the list again, and offers no ending to a role that may not', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: viewWithEnding(true) },
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
    // Whatever the answer, the list is read again (a 409 may mean someone else ended it meanwhile).
    await waitFor(() => expect(api.find('GET', '/insurance/v2/policy')).toHaveLength(2));
    cleanup();

    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: viewWithEnding(false) },
      'GET /insurance/v2/policy': {
        body: [insuranceRequest(activePolicy, 'dddddddd-dddd-4ddd-8ddd-dddddddddddd')],
      },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    const readOnly = await screen.findByTestId(`insurance-${ids.person}`);
    expect(within(readOnly).getByText('Another application')).toBeTruthy();
    expect(within(readOnly).queryByRole('button', { name: /End policy/ })).toBeNull();
  });

  it('says plainly when the person is outside the caller’s countries (404), not as an error', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      'GET /insurance/v2/policy': { status: 404, body: { Message: 'This page could not be found' } },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    expect(
      await screen.findByText(/No insurance of this person in the countries you work with/),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not offer a withdrawal once its period has ended', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: viewWithEnding(true) },
      'GET /insurance/v2/policy': {
        body: [
          insuranceRequest({ ...activePolicy, StartsOn: '2020-01-01', WithdrawalDeadline: '2020-01-31' }),
        ],
      },
    });
    renderApp(`/applications/${ids.application}/insurance`);
    const table = await screen.findByTestId(`insurance-${ids.person}`);
    expect(within(table).getByText(/the withdrawal period ended on 31 Jan 2020/)).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'End policy…' }));
    const withdrew = within(table).getByRole('option', { name: /Customer withdrew/ }) as HTMLOptionElement;
    expect(withdrew.disabled).toBe(true);
    expect((within(table).getByRole('option', { name: 'Emigration' }) as HTMLOptionElement).disabled).toBe(
      false,
    );
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
