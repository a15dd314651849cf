import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { application360, assignment, ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

const viewPath = `/backoffice/applications/${ids.application}`;

signedInStaffForEachTest();

describe('application 360° view', () => {
  it('shows the application with its tabs, switched with the number keys', async () => {
    installFakeApi({ 'GET /backoffice/me': { body: me }, [`GET ${viewPath}`]: { body: application360 } });
    const { router } = renderApp(`/applications/${ids.application}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeTruthy();
    expect(screen.getByText('Application 100234 · Consumer loan · Norway · Lån Norge')).toBeTruthy();
    // The status in words, not its code (issue 38).
    expect(screen.getAllByText('With the banks').length).toBeGreaterThan(0);
    // Actions the role does not allow here are not offered (the server refuses them anyway).
    expect(screen.queryByRole('button', { name: /Screen PEP/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw…' })).toBeTruthy();
    // The masked national id is shown as the server sends it, never unmasked here.
    expect(screen.getByText('140386*****')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Application sections' })).getAllByRole(
      'link',
    );
    expect(tabs.map((tab) => tab.textContent?.replace(/\d+$/, '').trim())).toEqual([
      'Applicants (1)',
      'Finances',
      'Documents',
      'Quotes (1)',
      'Consents',
      'Calls',
      'History',
      'Notes (1)',
      // No Audit tab: the role holds no audit.read (issue 38; the role-based tabs are tested below).
      'Insurance',
    ]);

    fireEvent.keyDown(window, { key: '4' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/applications/${ids.application}/quotes`),
    );
    expect(await screen.findByRole('heading', { name: /Kyst Sparebank/ })).toBeTruthy();

    fireEvent.keyDown(window, { key: '2' });
    expect(await screen.findByText('Net income a month')).toBeTruthy();
  });

  it('marks the assignment processed with p, sending the Revision it was read at', async () => {
    let processed = false;
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: () => ({
        body: processed
          ? {
              ...application360,
              Assignment: { ...assignment, ProcessedAt: '2026-11-24T09:00:00Z', ProcessedBy: ids.agentNO },
            }
          : application360,
      }),
      [`POST /backoffice/assignments/${ids.assignment}/processed`]: () => {
        processed = true;
        return { body: { ...assignment, ProcessedAt: '2026-11-24T09:00:00Z', ProcessedBy: ids.agentNO } };
      },
    });
    renderApp(`/applications/${ids.application}`);
    await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann' });
    fireEvent.keyDown(window, { key: 'p' });
    expect(await screen.findByText('Marked processed. Press n for the next item.')).toBeTruthy();
    expect(api.find('POST', `/backoffice/assignments/${ids.assignment}/processed`)[0]?.body).toEqual({
      Revision: 3,
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Processed/ }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('shows a stale Revision (409) as a clear error', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      [`POST /backoffice/assignments/${ids.assignment}/processed`]: {
        status: 409,
        body: { Message: 'The assignment was changed by someone else' },
      },
    });
    renderApp(`/applications/${ids.application}`);
    fireEvent.click(await screen.findByRole('button', { name: /Mark processed/ }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The assignment was changed by someone else',
    );
  });

  it('does not reveal whether an application of another country exists (404)', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { status: 404, body: { Message: 'This page could not be found' } },
    });
    renderApp(`/applications/${ids.application}`);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'No application with this id in the countries you work with.',
    );
  });

  it('adds a note and withdraws with a reason', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      [`POST ${viewPath}/notes`]: { status: 201, body: { ID: 'n2' } },
      [`POST ${viewPath}/withdraw`]: { body: {} },
    });
    renderApp(`/applications/${ids.application}/notes`);
    fireEvent.change(await screen.findByLabelText('New note'), {
      target: { value: '  Called, no answer.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.find('POST', `${viewPath}/notes`)[0]?.body).toEqual({ Text: 'Called, no answer.' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw…' }));
    const submit = screen.getByRole('button', { name: 'Withdraw application' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for withdrawing'), {
      target: { value: 'Customer asked us to' },
    });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(api.find('POST', `${viewPath}/withdraw`)[0]?.body).toEqual({ Reason: 'Customer asked us to' }),
    );
  });
});

describe('contact preferences in the 360° view (issue 13 item 7)', () => {
  it('shows "no sales calls" and the masked contact log on the Consents tab', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: {
        body: {
          ...application360,
          ContactPreferences: { Email: true, Sms: false, NoSalesCalls: true },
          ContactLog: [
            {
              At: '2026-03-01T10:00:00Z',
              Channel: 'sms',
              Kind: 'magic-link',
              Outcome: 'sent',
              MaskedAddress: '+47******67',
            },
          ],
        },
      },
    });
    renderApp(`/applications/${ids.application}/consents`);
    const preferences = await screen.findByTestId('contact-preferences');
    expect(preferences.textContent).toContain('Offers by e-mail: yes');
    expect(preferences.textContent).toContain('Offers by SMS: no');
    expect(preferences.textContent).toContain('No sales calls');
    expect(await screen.findByText('+47******67')).toBeTruthy();
  });
});

describe('tabs for what the role may read (issue 38)', () => {
  const tabNames = () =>
    within(screen.getByRole('navigation', { name: 'Application sections' }))
      .getAllByRole('link')
      .map((tab) =>
        tab.textContent
          ?.replace(/\s*\(\d+\)/, '')
          .replace(/\d+$/, '')
          .trim(),
      );

  it('a team lead with audit.read in the country sees the Audit tab, and 9 opens it', async () => {
    installFakeApi({
      'GET /backoffice/me': {
        body: { ...me, Permissions: { ...me.Permissions, 'audit.read': ['NO'] } },
      },
      [`GET ${viewPath}`]: { body: application360 },
      [`GET ${viewPath}/audit`]: { body: { Items: [], Total: 0 } },
    });
    const { router } = renderApp(`/applications/${ids.application}`);
    await screen.findByTestId('case-summary');
    expect(tabNames()).toContain('Audit');
    fireEvent.keyDown(window, { key: '9' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/applications/${ids.application}/audit`),
    );
    expect(await screen.findByText('Nothing recorded.')).toBeTruthy();
  });

  it('audit.read in another country only is no Audit tab here; the audit address shows the case, not a refusal', async () => {
    const api = installFakeApi({
      'GET /backoffice/me': {
        body: { ...me, Permissions: { ...me.Permissions, 'audit.read': ['SE'] } },
      },
      [`GET ${viewPath}`]: { body: application360 },
    });
    renderApp(`/applications/${ids.application}/audit`);
    await screen.findByTestId('case-summary');
    expect(tabNames()).not.toContain('Audit');
    // The number keys follow the tabs shown: 9 is Insurance now.
    expect(screen.getByRole('link', { name: /Insurance/ }).getAttribute('aria-keyshortcuts')).toBe('9');
    expect(api.find('GET', `${viewPath}/audit`)).toHaveLength(0);
    expect(screen.queryByText('Your role does not include reading the audit log.')).toBeNull();
  });
});

describe('the call wrap-up (issue 38)', () => {
  const call = {
    ID: ids.callRecord,
    CreatedAt: '2026-11-24T09:00:00Z',
    LoanApplicationID: ids.application,
    ClientID: null,
    MarketCountry: 'NO',
    LoanApplicationStatus: 300,
    BucketName: 'Offers to present',
    CustomerPhoneNumber: '+4791234561',
    OutboundNumberType: 'broker',
    Tags: null,
    AgentID: ids.agentNO,
    OutboundPhoneNumber: '+4722000000',
    ExternalRef: 'local-1',
    OrderID: ids.callOrder,
    Outbound: true,
    OrderedAt: '2026-11-24T09:00:00Z',
    InitiatedAt: '2026-11-24T09:00:01Z',
    AnsweredAt: '2026-11-24T09:00:04Z',
    Answered: true,
    WentToVoicemail: false,
    EndedAt: '2026-11-24T09:03:00Z',
    StateDescription: 'completed',
    Outcome: null,
    WrapUpNote: null,
    NextContactDate: null,
    WrappedUpAt: null,
  };

  it('asks how the call ended, needs a date for a call back, and saves it on the call', async () => {
    let saved: Record<string, unknown> | null = null;
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: { body: application360 },
      'GET /backoffice/call-records': () => ({
        body: {
          Items: [saved ? { ...call, ...saved, WrappedUpAt: '2026-11-24T09:04:00Z' } : call],
          Total: 1,
        },
      }),
      [`POST /backoffice/call-records/${ids.callRecord}/wrap-up`]: (request) => {
        const body = request.body as { Outcome: string; Note: string; NextContactDate: string | null };
        saved = {
          Outcome: body.Outcome,
          WrapUpNote: body.Note || null,
          NextContactDate: body.NextContactDate,
        };
        return { body: { ...call, ...saved, WrappedUpAt: '2026-11-24T09:04:00Z' } };
      },
    });
    renderApp(`/applications/${ids.application}/calls`);
    const form = await screen.findByTestId('wrap-up-form');
    const save = within(form).getByRole('button', { name: 'Save wrap-up' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText('How did the call end?'), {
      target: { value: 'callback-requested' },
    });
    // A call back without a date cannot be saved.
    expect(within(form).getByText('A call back needs a next contact date.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Next contact'), { target: { value: '2099-01-15' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: '  Call after 16.  ' } });
    fireEvent.click(save);

    await waitFor(() =>
      expect(api.find('POST', `/backoffice/call-records/${ids.callRecord}/wrap-up`)[0]?.body).toEqual({
        Outcome: 'callback-requested',
        Note: 'Call after 16.',
        NextContactDate: '2099-01-15',
      }),
    );
    const wrapUp = await screen.findByTestId('call-wrap-up');
    await waitFor(() => expect(wrapUp.textContent).toContain('Customer asked to be called back'));
    expect(wrapUp.textContent).toContain('next contact 15 Jan 2099');
    expect(wrapUp.textContent).toContain('Call after 16.');
    expect(screen.queryByTestId('wrap-up-form')).toBeNull();
  });

  it('offers no call and no wrap-up to a role that may not call', async () => {
    installFakeApi({
      'GET /backoffice/me': { body: me },
      [`GET ${viewPath}`]: {
        body: {
          ...application360,
          Actions: [
            ...application360.Actions,
            {
              Name: 'Order a call',
              Method: 'POST',
              Path: '/backoffice/call-orders',
              Permission: 'call.make',
              Allowed: false,
            },
          ],
        },
      },
      'GET /backoffice/call-records': { body: { Items: [call], Total: 1 } },
    });
    renderApp(`/applications/${ids.application}/calls`);
    expect(await screen.findByTestId('call-records')).toBeTruthy();
    expect(screen.queryByTestId('wrap-up-form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Call customer/ })).toBeNull();
  });
});
