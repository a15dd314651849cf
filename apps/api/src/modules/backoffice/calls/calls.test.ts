import { callOrderSchema, callRecordSchema } from '@nordloan/domain/backoffice';
import { consentBrandOf } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplication } from '#src/db/schema/applications.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { insertConsentRecords } from '#src/modules/consent/consent.repository.ts';
import { insertCustomer } from '#src/modules/customers/customer.repository.ts';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import { updateAgent } from '#src/modules/staff/agent.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createTestApplication } from '../test-fixtures.ts';
import { callGiveUpMs } from './calls.repository.ts';
import { createLocalTelephony } from './local-telephony.ts';
import { outboundNumbers } from './outbound-numbers.ts';
import { type SignedInAgent, type StaffRoleCase, signInAgent, staffRoleCases } from './staff-test-helpers.ts';
import type { TelephonyAdapter } from './telephony-adapter.ts';

let t: TestApp;
const staff = {} as Record<StaffRoleCase, SignedInAgent>;
let customerToken: string;

async function applicationWithPhone(country: 'NO' | 'SE', phone: string | null) {
  const application = await createTestApplication(t.database.db, { country });
  await updatePerson(t.database.db, application.personId!, { phone }, new Date());
  return application;
}

function inject(method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function order(token: string, loanApplicationId: string, extra: Record<string, unknown> = {}) {
  return inject('POST', '/backoffice/call-orders', token, {
    LoanApplicationID: loanApplicationId,
    OutboundNumberType: 'broker',
    ...extra,
  });
}

async function waitForRecord(
  id: string,
  done: (record: ReturnType<typeof callRecordSchema.parse>) => boolean,
) {
  for (let i = 0; i < 200; i++) {
    const response = await inject('GET', `/backoffice/call-records/${id}`, staff.superUser.token);
    const record = callRecordSchema.parse(response.json());
    if (done(record)) return record;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the call record never reached the expected state');
}

beforeAll(async () => {
  t = await createTestApp({
    deps: { telephony: createLocalTelephony({ delays: { ring: 2, pickUp: 2, talk: 2 } }) },
  });
  for (const name of Object.keys(staffRoleCases) as StaffRoleCase[]) {
    staff[name] = await signInAgent(t, staffRoleCases[name]);
  }
  customerToken = (await t.login({ nationalId: makeTestNationalId('NO', '1990-01-01', 1), country: 'NO' }))
    .token;
});
afterAll(async () => {
  await t.close();
});

describe('call orders, calls and call records: who may', () => {
  // Expected status per role for a Norwegian application (ADR 0022): call.make to order and call,
  // application.read to read records; another country is 404, an applicant token 403.
  const orderAndCall: Record<StaffRoleCase | 'customer', number> = {
    superUser: 201,
    managerNO: 201,
    salesNO: 201,
    telemarketingNO: 201,
    telemarketingLimitedNO: 403,
    salesSE: 404,
    managerSE: 404,
    lenderNO: 404,
    customer: 403,
  };
  const readRecords: Record<StaffRoleCase | 'customer', number> = {
    ...orderAndCall,
    superUser: 200,
    managerNO: 200,
    salesNO: 200,
    telemarketingNO: 200,
    telemarketingLimitedNO: 200,
  };
  const tokenOf = (name: StaffRoleCase | 'customer') =>
    name === 'customer' ? customerToken : staff[name].token;

  it('without a token every route answers 401 Missing token', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/backoffice/call-list'],
      ['POST', '/backoffice/call-orders'],
      ['POST', `/backoffice/call-orders/${id}/calls`],
      ['GET', '/backoffice/call-records'],
      ['GET', `/backoffice/call-records/${id}`],
      ['GET', '/backoffice/agents'],
      ['PATCH', `/backoffice/agents/${id}`],
    ] as const) {
      const response = await inject(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().Message ?? response.json().message).toBe('Missing token');
    }
  });

  it.each(Object.keys(orderAndCall) as (StaffRoleCase | 'customer')[])(
    '%s: order, call, read records',
    async (name) => {
      const application = await applicationWithPhone('NO', '+47 912 34 561');
      const ordered = await order(tokenOf(name), application.id);
      expect(ordered.statusCode, ordered.body).toBe(orderAndCall[name]);

      // Calls and records on an order someone allowed made.
      const allowedOrder = callOrderSchema.parse((await order(staff.managerNO.token, application.id)).json());
      const called = await inject('POST', `/backoffice/call-orders/${allowedOrder.ID}/calls`, tokenOf(name));
      expect(called.statusCode, called.body).toBe(orderAndCall[name]);

      const otherOrder = callOrderSchema.parse((await order(staff.managerNO.token, application.id)).json());
      const record = callRecordSchema.parse(
        (
          await inject('POST', `/backoffice/call-orders/${otherOrder.ID}/calls`, staff.superUser.token)
        ).json(),
      ).ID;
      const listed = await inject(
        'GET',
        `/backoffice/call-records?LoanApplicationID=${application.id}`,
        tokenOf(name),
      );
      expect(listed.statusCode).toBe(readRecords[name]);
      const one = await inject('GET', `/backoffice/call-records/${record}`, tokenOf(name));
      expect(one.statusCode).toBe(readRecords[name]);
    },
  );

  it('the call list shows only the markets where the caller may call', async () => {
    const no = callOrderSchema.parse(
      (await order(staff.managerNO.token, (await applicationWithPhone('NO', '+4791234562')).id)).json(),
    );
    const se = callOrderSchema.parse(
      (await order(staff.managerSE.token, (await applicationWithPhone('SE', '+46701234562')).id)).json(),
    );
    const ids = async (token: string, query = '') => {
      const response = await inject('GET', `/backoffice/call-list?limit=100${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().Items as { ID: string; MarketCountry: string }[]).map((item) => item.ID);
    };
    expect(await ids(staff.superUser.token)).toEqual(expect.arrayContaining([no.ID, se.ID]));
    expect(await ids(staff.salesNO.token)).toContain(no.ID);
    expect(await ids(staff.salesNO.token)).not.toContain(se.ID);
    expect(await ids(staff.salesSE.token)).toContain(se.ID);
    expect(await ids(staff.salesSE.token)).not.toContain(no.ID);
    expect(await ids(staff.superUser.token, '&country=SE')).not.toContain(no.ID);
    expect((await inject('GET', '/backoffice/call-list?country=NO', staff.salesSE.token)).statusCode).toBe(
      403,
    );
    for (const name of ['telemarketingLimitedNO', 'lenderNO'] as const) {
      expect((await inject('GET', '/backoffice/call-list', staff[name].token)).statusCode).toBe(403);
    }
    expect((await inject('GET', '/backoffice/call-list', customerToken)).statusCode).toBe(403);
  });

  it('records of another market are not listed; an unknown application is 404', async () => {
    const se = await applicationWithPhone('SE', '+46701234563');
    const seOrder = callOrderSchema.parse((await order(staff.managerSE.token, se.id)).json());
    await inject('POST', `/backoffice/call-orders/${seOrder.ID}/calls`, staff.managerSE.token);
    const norwegian = await inject('GET', '/backoffice/call-records?limit=100', staff.salesNO.token);
    expect(norwegian.statusCode).toBe(200);
    expect(
      (norwegian.json().Items as { MarketCountry: string }[]).every((item) => item.MarketCountry === 'NO'),
    ).toBe(true);
    expect(
      (
        await inject(
          'GET',
          '/backoffice/call-records?LoanApplicationID=00000000-0000-4000-8000-000000000000',
          staff.superUser.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await order(staff.superUser.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('call orders', () => {
  it('copies the application, its bucket-less state and the E.164 number; bad input is a 400 with fields', async () => {
    const application = await applicationWithPhone('NO', '912 34 561');
    const response = await order(staff.salesNO.token, application.id, { Tags: ['follow-up', 'follow-up'] });
    expect(response.statusCode, response.body).toBe(201);
    const created = callOrderSchema.parse(response.json());
    expect(created).toMatchObject({
      LoanApplicationID: application.id,
      MarketCountry: 'NO',
      LoanApplicationStatus: application.status,
      CustomerPhoneNumber: '+4791234561',
      OutboundNumberType: 'broker',
      BucketName: null,
      Tags: ['follow-up'],
    });
    const bad = await inject('POST', '/backoffice/call-orders', staff.salesNO.token, {
      LoanApplicationID: 'nope',
      OutboundNumberType: 'fax',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .Errors.map((error: { Field: string }) => error.Field)
        .sort(),
    ).toEqual(['LoanApplicationID', 'OutboundNumberType']);
    const audit = await listAudit(t.database.db, { loanApplicationId: application.id, offset: 0, limit: 10 });
    expect(audit.Items.map((item) => item.Action)).toContain('call.order');
  });

  it('no phone on the person: the customer phone is used; neither: 409', async () => {
    const application = await applicationWithPhone('NO', null);
    const response = await order(staff.salesNO.token, application.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().Message).toBe('The applicant has no phone number to call');
    const customer = await insertCustomer(t.database.db, {
      country: 'NO',
      brand: 'no-main',
      personId: application.personId,
      phone: '0047 913 00 001',
    });
    await t.database.db
      .update(loanApplication)
      .set({ customerId: customer.id })
      .where(eq(loanApplication.id, application.id));
    const fallback = await order(staff.salesNO.token, application.id);
    expect(fallback.statusCode, fallback.body).toBe(201);
    expect(fallback.json().CustomerPhoneNumber).toBe('+4791300001');
  });

  it('a sales call is refused when the customer said no to marketing by phone; other calls are not', async () => {
    const application = await applicationWithPhone('NO', '+4791234561');
    const customer = await insertCustomer(t.database.db, {
      country: 'NO',
      brand: 'no-main',
      personId: application.personId,
    });
    await t.database.db
      .update(loanApplication)
      .set({ customerId: customer.id })
      .where(eq(loanApplication.id, application.id));
    await insertConsentRecords(t.database.db, [
      {
        customerId: customer.id,
        country: 'NO',
        brand: 'no-main',
        consentBrand: consentBrandOf('no-main'),
        purpose: 'marketing',
        channel: 'phone',
        status: 'revoked',
        textVersion: 'test',
        source: 'test',
        changedBy: 'test',
      },
    ]);
    const sales = await order(staff.salesNO.token, application.id, { Tags: ['sales'] });
    expect(sales.statusCode).toBe(409);
    expect(sales.json().Message).toBe('The customer does not want sales calls');
    expect((await order(staff.salesNO.token, application.id, { Tags: ['follow-up'] })).statusCode).toBe(201);
  });

  it('"no sales calls" given after the order takes it off the call list and refuses the call (issue 13 item 7)', async () => {
    const application = await applicationWithPhone('NO', '+4791234562');
    const customer = await insertCustomer(t.database.db, {
      country: 'NO',
      brand: 'no-main',
      personId: application.personId,
    });
    await t.database.db
      .update(loanApplication)
      .set({ customerId: customer.id })
      .where(eq(loanApplication.id, application.id));
    const answer = (status: 'given' | 'revoked') =>
      insertConsentRecords(t.database.db, [
        {
          customerId: customer.id,
          country: 'NO',
          brand: 'no-main',
          consentBrand: consentBrandOf('no-main'),
          purpose: 'marketing',
          channel: 'phone',
          status,
          textVersion: 'test',
          source: 'test',
          changedBy: 'test',
        },
      ]);
    await answer('given');
    const sales = callOrderSchema.parse(
      (await order(staff.salesNO.token, application.id, { Tags: ['sales'] })).json(),
    );
    const service = callOrderSchema.parse(
      (await order(staff.salesNO.token, application.id, { Tags: ['follow-up'] })).json(),
    );
    const listed = async () =>
      (
        (await inject('GET', '/backoffice/call-list?limit=100', staff.superUser.token)).json().Items as {
          ID: string;
        }[]
      ).map((item) => item.ID);
    expect(await listed()).toEqual(expect.arrayContaining([sales.ID, service.ID]));

    await answer('revoked');
    expect(await listed()).not.toContain(sales.ID);
    // A call about the customer's own application is not marketing: it stays.
    expect(await listed()).toContain(service.ID);
    const refused = await inject('POST', `/backoffice/call-orders/${sales.ID}/calls`, staff.salesNO.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe('The customer does not want sales calls');

    await answer('given');
    expect(await listed()).toContain(sales.ID);
  });
});

describe('calls through the telephony stand-in', () => {
  async function callOn(phone: string, numberType: 'broker' | 'agent' | 'uscore' = 'broker') {
    const application = await applicationWithPhone('NO', phone);
    const created = callOrderSchema.parse(
      (await order(staff.salesNO.token, application.id, { OutboundNumberType: numberType })).json(),
    );
    const response = await inject('POST', `/backoffice/call-orders/${created.ID}/calls`, staff.salesNO.token);
    expect(response.statusCode, response.body).toBe(201);
    return { order: created, record: callRecordSchema.parse(response.json()) };
  }
  const onList = async (orderId: string) =>
    (
      (await inject('GET', '/backoffice/call-list?country=NO&limit=100', staff.salesNO.token)).json()
        .Items as { ID: string }[]
    )
      .map((item) => item.ID)
      .includes(orderId);

  it('answered: the record fills in from the events and the order leaves the call list', async () => {
    const { order: placed, record } = await callOn('+4791234561');
    expect(record).toMatchObject({
      OrderID: placed.ID,
      Outbound: true,
      AgentID: staff.salesNO.agent.id,
      OutboundPhoneNumber: outboundNumbers.NO.broker,
    });
    const ended = await waitForRecord(record.ID, (current) => current.EndedAt !== null);
    expect(ended).toMatchObject({ Answered: true, WentToVoicemail: false, StateDescription: 'completed' });
    expect(ended.ExternalRef).toMatch(/^local-/);
    expect(ended.InitiatedAt).not.toBeNull();
    expect(ended.AnsweredAt).not.toBeNull();
    expect(await onList(placed.ID)).toBe(false);
  });

  it('voicemail: not answered, the order stays on the list and can be called again', async () => {
    const { order: placed, record } = await callOn('+4791234566', 'uscore');
    expect(record.OutboundPhoneNumber).toBe(outboundNumbers.NO.uscore);
    const ended = await waitForRecord(record.ID, (current) => current.EndedAt !== null);
    expect(ended).toMatchObject({
      Answered: false,
      WentToVoicemail: true,
      AnsweredAt: null,
      StateDescription: 'completed',
    });
    expect(await onList(placed.ID)).toBe(true);
    const again = await inject('POST', `/backoffice/call-orders/${placed.ID}/calls`, staff.salesNO.token);
    expect(again.statusCode).toBe(201);
  });

  it('no answer, busy and a failed connection end the call unanswered', async () => {
    for (const [phone, state] of [
      ['+4791234567', 'no-answer'],
      ['+4791234568', 'busy'],
      ['+4791234569', 'failed'],
    ] as const) {
      const { order: placed, record } = await callOn(phone, 'agent');
      expect(record.OutboundPhoneNumber).toMatch(/^\+472101\d{4}$/);
      const ended = await waitForRecord(record.ID, (current) => current.EndedAt !== null);
      expect(ended).toMatchObject({ Answered: false, WentToVoicemail: false, StateDescription: state });
      expect(await onList(placed.ID)).toBe(true);
    }
  });

  it('one call at a time per order; a provider that refuses the call: the record says failed at once', async () => {
    // The stand-in with a long ring, behind a provider that refuses numbers ending in 0000 (a stub of the
    // outside provider's refusal).
    const slow = createLocalTelephony({ delays: { ring: 60_000 } });
    const refusing: TelephonyAdapter = {
      async placeCall(request) {
        if (request.to.endsWith('0000')) throw new Error('provider unavailable (test)');
        return slow.placeCall(request);
      },
      onEvent: (listener) => slow.onEvent(listener),
      close: () => slow.close(),
    };
    const other = await createTestApp({ deps: { telephony: refusing } });
    try {
      const agent = await signInAgent(other, staffRoleCases.salesNO);
      const callOnce = async (phone: string) => {
        const application = await createTestApplication(other.database.db, { country: 'NO' });
        await updatePerson(other.database.db, application.personId!, { phone }, new Date());
        const placed = await other.app.inject({
          method: 'POST',
          url: '/backoffice/call-orders',
          headers: bearer(agent.token),
          payload: { LoanApplicationID: application.id, OutboundNumberType: 'broker' },
        });
        const call = (token = agent.token) =>
          other.app.inject({
            method: 'POST',
            url: `/backoffice/call-orders/${placed.json().ID}/calls`,
            headers: bearer(token),
          });
        return { call };
      };
      const ringing = await callOnce('+4791234561');
      const first = await ringing.call();
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ Answered: false, EndedAt: null, StateDescription: 'queued' });
      expect(first.json().ExternalRef).toMatch(/^local-/);
      const second = await ringing.call();
      expect(second.statusCode).toBe(409);
      expect(second.json().Message).toBe('A call on this order is still in progress');

      const response = await (await callOnce('+4791230000')).call();
      expect(response.statusCode).toBe(201);
      const record = callRecordSchema.parse(response.json());
      expect(record.EndedAt).not.toBeNull();
      expect(record.Answered).toBe(false);
      expect(record.ExternalRef).toBeNull();
      expect(record.StateDescription).toBe('failed: provider unavailable (test)');

      // A call that never reports an end stops blocking the order after an hour.
      other.clock.advance(callGiveUpMs + 1);
      const fresh = await other.tokens.sign({ Roles: staffRoleCases.salesNO, sub: agent.agent.id });
      expect((await ringing.call(fresh)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('a disabled agent cannot place calls', async () => {
    const agent = await signInAgent(t, staffRoleCases.salesNO);
    const application = await applicationWithPhone('NO', '+4791234561');
    const placed = callOrderSchema.parse((await order(agent.token, application.id)).json());
    expect(
      (
        await inject('PATCH', `/backoffice/agents/${agent.agent.id}`, staff.managerNO.token, {
          Disabled: true,
        })
      ).statusCode,
    ).toBe(200);
    const response = await inject('POST', `/backoffice/call-orders/${placed.ID}/calls`, agent.token);
    expect(response.statusCode).toBe(403);
  });

  it('a disabled agent or a machine token is refused on every call route (ADR 0020), even to re-enable itself', async () => {
    const disabled = await signInAgent(t, staffRoleCases.managerNO);
    await updateAgent(t.database.db, disabled.agent.id, { disabled: true }, new Date());
    const machine = await t.tokens.sign({ Roles: staffRoleCases.managerNO, sub: 'service:calls' });
    const application = await applicationWithPhone('NO', '+4791234562');
    for (const token of [disabled.token, machine]) {
      for (const [method, url, payload] of [
        ['GET', '/backoffice/call-list', undefined],
        [
          'POST',
          '/backoffice/call-orders',
          { LoanApplicationID: application.id, OutboundNumberType: 'broker' },
        ],
        ['GET', '/backoffice/call-records', undefined],
        ['GET', '/backoffice/agents', undefined],
        ['PATCH', `/backoffice/agents/${disabled.agent.id}`, { Disabled: false }],
      ] as const) {
        const response = await inject(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
