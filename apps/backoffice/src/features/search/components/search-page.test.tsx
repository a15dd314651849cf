import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

signedInStaffForEachTest();

const hit = {
  LoanApplicationID: ids.application,
  HumanReadableID: 'NL-100001',
  Product: 'UnsecuredLoan',
  Status: 410,
  Country: 'NO',
  Brand: 'no-main',
  ApplicantName: 'Kari Fjellheim',
  CreatedAt: '2026-11-24T09:00:00Z',
};

it('searches by national id without putting it in the address bar, and opens a hit', async () => {
  const api = installFakeApi({
    'GET /backoffice/me': { body: me },
    'GET /backoffice/search': { body: { Items: [hit], Total: 1 } },
  });
  const { router } = renderApp('/search');
  const field = await screen.findByLabelText(/Name, phone, e-mail, national id or application number/);
  fireEvent.change(field, { target: { value: '14038612345' } });
  fireEvent.submit(field.closest('form')!);

  // A hit opens by the applicant's name; the application number and the status in words beside it.
  const link = await screen.findByRole('link', { name: 'Kari Fjellheim' });
  expect(screen.getByText('NL-100001')).toBeTruthy();
  expect(screen.getByText('Waiting for the customer to choose an offer')).toBeTruthy();
  expect(api.find('GET', '/backoffice/search')[0]?.query.get('q')).toBe('14038612345');
  expect(router.state.location.search).toBe('');

  // Anything else is kept, so Back returns to the results.
  fireEvent.change(field, { target: { value: 'kari@example.no' } });
  fireEvent.submit(field.closest('form')!);
  await waitFor(() => expect(router.state.location.search).toBe('?q=kari%40example.no'));

  fireEvent.click(link);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/applications/${ids.application}`));
});

it('asks for three characters before searching', async () => {
  const api = installFakeApi({ 'GET /backoffice/me': { body: me } });
  renderApp('/search');
  const field = await screen.findByLabelText(/national id/);
  fireEvent.change(field, { target: { value: 'ab' } });
  fireEvent.submit(field.closest('form')!);
  expect(await screen.findByText('Type at least 3 characters.')).toBeTruthy();
  expect(api.find('GET', '/backoffice/search')).toHaveLength(0);
});
