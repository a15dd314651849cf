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
    expect(await screen.findByRole('heading', { name: /100234 · Ola Nordmann/ })).toBeTruthy();
    expect(screen.getByText('300 Registered')).toBeTruthy();
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
      'Audit',
      'Insurance',
    ]);

    fireEvent.keyDown(window, { key: '4' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/applications/${ids.application}/quotes`),
    );
    expect(await screen.findByRole('heading', { name: /Kyst Sparebank/ })).toBeTruthy();

    fireEvent.keyDown(window, { key: '2' });
    expect(await screen.findByText('Net monthly income')).toBeTruthy();
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
    await screen.findByRole('heading', { name: /100234 ·/ });
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
