import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStorageKey } from '#src/shared/i18n/language.ts';
import { clearToken, readToken, saveToken } from '#src/shared/session/session-store.ts';
import { agentNO, application360, assignment, ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';

const summary = [
  {
    BucketID: ids.bucket,
    Name: 'New applications',
    Priority: 10,
    NumApplicationsAssigned: 2,
    NumApplicationsUnassigned: 5,
    Total: 7,
    OldestItemAt: '2026-11-24T06:00:00Z',
  },
];

beforeEach(() => {
  clearToken();
  sessionStorage.clear();
  // The texts looked for below are English: the language chosen in this browser (issue 38).
  localStorage.clear();
  localStorage.setItem(languageStorageKey, 'en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-in', () => {
  it('lists the development agents; choosing one keeps the token in sessionStorage and opens the queue', async () => {
    const api = installFakeApi({
      'GET /backoffice/dev/agents': {
        body: [
          agentNO,
          { ...agentNO, ID: ids.agentSE, Name: 'Sven Off', MarketCountry: 'SE', Disabled: true },
        ],
      },
      'POST /auth/dev/staff-login': { body: { token: 'staff-token' } },
      'GET /backoffice/me': { body: me },
      'GET /backoffice/buckets/summary': { body: summary },
      'GET /backoffice/assignments': { body: { Items: [assignment], Total: 1 } },
    });
    renderApp('/');
    const nora = await screen.findByRole('button', { name: /Nora Handler/ });
    expect((screen.getByRole('button', { name: /Sven Off/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(nora);

    expect(await screen.findByRole('heading', { name: 'Work queue' })).toBeTruthy();
    expect(readToken()).toBe('staff-token');
    expect(api.find('POST', '/auth/dev/staff-login')[0]?.body).toEqual({ AgentID: ids.agentNO });
    expect(api.find('GET', '/backoffice/me')[0]?.authorization).toBe('Bearer staff-token');
    expect(screen.getByTestId('agent-name').textContent).toBe('Nora Handler');
  });

  it('says so when development sign-in is off (404)', async () => {
    installFakeApi({
      'GET /backoffice/dev/agents': { status: 404, body: { Message: 'This page could not be found' } },
    });
    renderApp('/queue');
    expect((await screen.findByRole('alert')).textContent).toContain('Development sign-in is off');
  });

  it('drops an expired token (401) and shows the sign-in page again', async () => {
    saveToken('old-token');
    installFakeApi({
      'GET /backoffice/me': { status: 401, body: { Message: 'Unauthorized' } },
      'GET /backoffice/dev/agents': { body: [agentNO] },
    });
    renderApp('/queue');
    expect(await screen.findByRole('button', { name: /Nora Handler/ })).toBeTruthy();
    expect(readToken()).toBeNull();
  });
});

describe('work queue', () => {
  it('shows the counts per bucket and takes the next item with n', async () => {
    saveToken('staff-token');
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      'GET /backoffice/buckets/summary': { body: summary },
      'GET /backoffice/assignments': { body: { Items: [assignment], Total: 1 } },
      'POST /backoffice/assignments/next': { body: assignment },
      [`GET /backoffice/applications/${ids.application}`]: { body: application360 },
    });
    const { router } = renderApp('/queue');
    const bucketRow = (await screen.findByRole('button', { name: 'New applications' })).closest('tr')!;
    expect(bucketRow.textContent).toContain('5');
    expect(bucketRow.textContent).toContain('2');
    // A queue row opens by the applicant's name (issue 38: people, not numbers).
    expect(await screen.findByRole('link', { name: 'Ola Nordmann' })).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: /Take next from New applications/ }) as HTMLButtonElement)
          .disabled,
      ).toBe(false),
    );

    fireEvent.keyDown(window, { key: 'n' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${ids.application}`));
    expect(api.find('POST', '/backoffice/assignments/next')[0]?.body).toEqual({ BucketID: ids.bucket });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Nordmann' })).toBeTruthy();
  });

  it('tells the broker when the bucket is empty', async () => {
    saveToken('staff-token');
    installFakeApi({
      'GET /backoffice/me': { body: me },
      'GET /backoffice/buckets/summary': { body: summary },
      'GET /backoffice/assignments': { body: { Items: [], Total: 0 } },
      'POST /backoffice/assignments/next': { status: 404, body: { Message: 'The bucket is empty' } },
    });
    renderApp(`/queue?bucket=${ids.bucket}`);
    fireEvent.click(await screen.findByRole('button', { name: /Take next/ }));
    expect(await screen.findByText('No unassigned application is waiting in this bucket.')).toBeTruthy();
  });

  it('does not take the next item when n is typed into a field', async () => {
    saveToken('staff-token');
    const api = installFakeApi({
      'GET /backoffice/me': { body: me },
      'GET /backoffice/buckets/summary': { body: summary },
      'GET /backoffice/assignments': { body: { Items: [], Total: 0 } },
    });
    renderApp(`/queue?bucket=${ids.bucket}`);
    const checkbox = await screen.findByRole('checkbox', { name: 'Include processed' });
    fireEvent.keyDown(checkbox, { key: 'n' });
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: 'n' });
    input.remove();
    expect(api.find('POST', '/backoffice/assignments/next')).toHaveLength(0);
  });
});
