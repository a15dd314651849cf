import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ids, installFakeApi, me } from '#src/test/fake-api.ts';
import { renderApp } from '#src/test/render-app.tsx';
import { signedInStaffForEachTest } from '#src/test/signed-in-staff.ts';

signedInStaffForEachTest();

const order = {
  ID: ids.callOrder,
  CreatedAt: '2026-11-24T09:00:00Z',
  LoanApplicationID: ids.application,
  ClientID: null,
  MarketCountry: 'NO',
  LoanApplicationStatus: 410,
  BucketName: 'Offers to present',
  CustomerPhoneNumber: '+4791234561',
  OutboundNumberType: 'broker',
  Tags: null,
};

const record = {
  ...order,
  ID: ids.callRecord,
  AgentID: ids.agentNO,
  OutboundPhoneNumber: '+4722000000',
  ExternalRef: 'local-1',
  OrderID: ids.callOrder,
  Outbound: true,
  OrderedAt: '2026-11-24T09:00:00Z',
  InitiatedAt: '2026-11-24T09:01:00Z',
  AnsweredAt: '2026-11-24T09:01:03Z',
  Answered: true,
  WentToVoicemail: false,
  EndedAt: '2026-11-24T09:01:09Z',
  StateDescription: 'completed',
  Outcome: null,
  WrapUpNote: null,
  NextContactDate: null,
  WrappedUpAt: null,
};

it('calls the first customer on the list with c and shows the outcome', async () => {
  const api = installFakeApi({
    'GET /backoffice/me': { body: me },
    'GET /backoffice/call-list': { body: { Items: [order], Total: 1 } },
    [`POST /backoffice/call-orders/${ids.callOrder}/calls`]: {
      status: 201,
      body: { ...record, EndedAt: null },
    },
    [`GET /backoffice/call-records/${ids.callRecord}`]: { body: record },
  });
  renderApp('/calls');
  expect(await screen.findByRole('button', { name: 'Call +4791234561' })).toBeTruthy();
  fireEvent.keyDown(window, { key: 'c' });
  await waitFor(() =>
    expect(api.find('POST', `/backoffice/call-orders/${ids.callOrder}/calls`)).toHaveLength(1),
  );
  expect(await screen.findByText('Answered, ended')).toBeTruthy();
});
