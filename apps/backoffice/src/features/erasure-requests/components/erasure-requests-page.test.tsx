import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

// Issue 36 item 3 (ADR 0069): the erasure queue shows what went at once and what the law keeps (law, date),
// and closes a request with the agent's note.

signedInStaffForEachTest();

const requestId = '77777777-7777-4777-8777-777777777777';
const erasure = {
  ID: requestId,
  PersonID: ids.person,
  Country: 'NO',
  Status: 'open',
  RequestedAt: '2026-11-29T09:00:00Z',
  PersonErasedAt: null,
  Erased: [{ Category: 'marketing-consents', Count: 2 }],
  Kept: [
    {
      Category: 'applications',
      Reason: 'anti-money-laundering',
      Country: 'NO',
      Law: 'hvitvaskingsloven § 30',
      LoanApplicationID: ids.application,
      HumanReadableID: 'NL-100234',
      Count: 1,
      Until: '2031-05-02',
    },
  ],
  ClosedAt: null,
  Note: null,
};

it('lists what the law keeps with its law and date, and closes the request with a note', async () => {
  const api = installFakeApi({
    'GET /backoffice/me': { body: { ...me, Permissions: { ...me.Permissions, 'audit.read': ['NO'] } } },
    'GET /backoffice/erasure-requests': () => ({
      body: api.find('POST', `/backoffice/erasure-requests/${requestId}/close`).length
        ? { Items: [], Total: 0 }
        : { Items: [erasure], Total: 1 },
    }),
    [`POST /backoffice/erasure-requests/${requestId}/close`]: {
      body: { ...erasure, Status: 'closed', ClosedAt: '2026-11-29T10:00:00Z', Note: 'Answered' },
    },
  });
  renderApp('/erasure-requests');
  const kept = await screen.findByTestId('erasure-kept');
  expect(kept.textContent).toContain('hvitvaskingsloven § 30');
  expect(kept.textContent).toContain('NL-100234');
  expect(screen.getByText('Marketing consents (revoked) (2)')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Answered' } });
  fireEvent.click(screen.getByRole('button', { name: 'Close request' }));
  await waitFor(() =>
    expect(api.find('POST', `/backoffice/erasure-requests/${requestId}/close`)[0]?.body).toEqual({
      Note: 'Answered',
    }),
  );
  expect(await screen.findByText('The request is closed.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Erasure requests' })).toBeTruthy();
});
