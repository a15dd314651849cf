import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

signedInStaffForEachTest();

const review = {
  PersonCheck: {
    ID: ids.personCheck,
    CreatedAt: '2026-11-24T08:00:00Z',
    PersonID: ids.person,
    LoanApplicationID: ids.application,
    Details: 'Listed as a member of parliament 2019–2023',
    FullName: 'Ola Nordmann',
    Attributes: { PEP: true, RCA: false, Sanctioned: false },
  },
  LoanApplicationID: ids.application,
  HumanReadableID: '100234',
  ApplicantName: 'Ola Nordmann',
  Country: 'NO',
  Status: 300,
};

it('blocks a PEP hit only with a reason, and says what happened', async () => {
  const api = installFakeApi({
    'GET /backoffice/me': { body: me },
    'GET /backoffice/screening/reviews': () => ({
      body: api.find('POST', `/backoffice/person-checks/${ids.personCheck}/decision`).length
        ? { Items: [], Total: 0 }
        : { Items: [review], Total: 1 },
    }),
    [`POST /backoffice/person-checks/${ids.personCheck}/decision`]: { body: {} },
  });
  renderApp('/screening');
  expect(await screen.findByText('PEP')).toBeTruthy();
  const block = screen.getByRole('button', { name: 'Block' }) as HTMLButtonElement;
  expect(block.disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Reason'), {
    target: { value: 'Confirmed PEP, outside risk appetite' },
  });
  fireEvent.click(block);
  await waitFor(() =>
    expect(api.find('POST', `/backoffice/person-checks/${ids.personCheck}/decision`)[0]?.body).toEqual({
      Decision: 'block',
      Reason: 'Confirmed PEP, outside risk appetite',
    }),
  );
  expect(await screen.findByText('Ola Nordmann: blocked, the application is stopped.')).toBeTruthy();
  expect(await screen.findByText('No open hits.')).toBeTruthy();
});
