import { callRecordSchema } from '@nordloan/domain/backoffice';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertCallRecord } from '../call.repository.ts';
import { createTestApplication } from '../test-fixtures.ts';
import { type SignedInAgent, type StaffRoleCase, signInAgent, staffRoleCases } from './staff-test-helpers.ts';

// The call wrap-up (issue 38): after a call the agent saves an outcome from the fixed list, a note and the
// next contact date on the call record, once, audited; the staff who may place calls may wrap them up.

let t: TestApp;
const staff = {} as Record<StaffRoleCase, SignedInAgent>;
let customerToken: string;

const day = 86_400_000;
const dateIn = (days: number) => new Date(t.clock.now().getTime() + days * day).toISOString().slice(0, 10);

/** An answered call on a new application of `country`, placed by the Norwegian manager. */
async function answeredCall(country: 'NO' | 'SE' = 'NO') {
  const application = await createTestApplication(t.database.db, { country, status: 410 });
  const at = t.clock.now();
  const record = await insertCallRecord(t.database.db, {
    loanApplicationId: application.id,
    agentId: staff.managerNO.agent.id,
    marketCountry: country,
    loanApplicationStatus: 410,
    customerPhoneNumber: '+4791234561',
    outbound: true,
    initiatedAt: at,
    answeredAt: at,
    answered: true,
    endedAt: at,
    stateDescription: 'completed',
  });
  return { application, record };
}

function wrapUp(id: string, token: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/backoffice/call-records/${id}/wrap-up`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(staffRoleCases) as StaffRoleCase[]) {
    staff[name] = await signInAgent(t, staffRoleCases[name]);
  }
  customerToken = (await t.login({ nationalId: makeTestNationalId('NO', '1990-01-01', 7), country: 'NO' }))
    .token;
});
afterAll(async () => {
  await t.close();
});

describe('POST /backoffice/call-records/{id}/wrap-up', () => {
  it('saves the outcome, note and next contact date once, and the 360° view shows them', async () => {
    const { application, record } = await answeredCall();
    const next = dateIn(3);
    const saved = await wrapUp(record.id, staff.salesNO.token, {
      Outcome: 'callback-requested',
      Note: '  Wants to talk it over with her husband; call after 16.  ',
      NextContactDate: next,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = callRecordSchema.parse(saved.json());
    expect(body).toMatchObject({
      ID: record.id,
      Outcome: 'callback-requested',
      WrapUpNote: 'Wants to talk it over with her husband; call after 16.',
      NextContactDate: next,
      WrappedUpAt: t.clock.now().toISOString(),
    });

    // Once per call: a second save (even another outcome) is refused and changes nothing.
    const again = await wrapUp(record.id, staff.managerNO.token, { Outcome: 'not-interested' });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('The call has already been wrapped up');
    const read = await t.app.inject({
      method: 'GET',
      url: `/backoffice/call-records/${record.id}`,
      headers: bearer(staff.telemarketingLimitedNO.token),
    });
    expect(read.json().Outcome).toBe('callback-requested');

    const view = await t.app.inject({
      method: 'GET',
      url: `/backoffice/applications/${application.id}`,
      headers: bearer(staff.salesNO.token),
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().Summary.LastCall).toEqual({
      At: record.initiatedAt!.toISOString(),
      Answered: true,
      Outcome: 'callback-requested',
      NextContactDate: next,
    });
  });

  it('audits who wrapped up which call with what outcome, never the note itself', async () => {
    const { application, record } = await answeredCall();
    const note = 'Private remark about the customer';
    expect(
      (await wrapUp(record.id, staff.telemarketingNO.token, { Outcome: 'reached', Note: note })).statusCode,
    ).toBe(200);
    const audit = await listAudit(t.database.db, { loanApplicationId: application.id, offset: 0, limit: 10 });
    const entry = audit.Items.find((item) => item.Action === 'call.wrapUp');
    expect(entry).toMatchObject({
      ActorAgentID: staff.telemarketingNO.agent.id,
      Details: { Outcome: 'reached', NextContactDate: null, WithNote: true },
    });
    expect(JSON.stringify(audit)).not.toContain(note);
  });

  it('an empty note is stored as none; the next contact date may be left out', async () => {
    const { record } = await answeredCall();
    const saved = await wrapUp(record.id, staff.salesNO.token, { Outcome: 'no-answer', Note: '   ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ Outcome: 'no-answer', WrapUpNote: null, NextContactDate: null });
  });

  it.each([
    ['an outcome not on the list', { Outcome: 'happy' }, 'Outcome'],
    ['no outcome', { Note: 'x' }, 'Outcome'],
    ['a call back without a date', { Outcome: 'callback-requested' }, 'NextContactDate'],
    ['a date that is no date', { Outcome: 'reached', NextContactDate: '2026-02-30' }, 'NextContactDate'],
    ['a note over 2000 characters', { Outcome: 'reached', Note: 'x'.repeat(2001) }, 'Note'],
    ['a field the route does not know', { Outcome: 'reached', Agent: 'someone' }, null],
  ])('400 for %s', async (_case, payload, field) => {
    const { record } = await answeredCall();
    const response = await wrapUp(record.id, staff.salesNO.token, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.Bad).toBe(true);
    if (field) expect(body.Errors.map((error: { Field: string }) => error.Field)).toContain(field);
    // Nothing was saved: a valid wrap-up still goes through.
    expect((await wrapUp(record.id, staff.salesNO.token, { Outcome: 'reached' })).statusCode).toBe(200);
  });

  it.each([
    ['yesterday', -1, 'The next contact date must not be in the past'],
    ['more than a year ahead', 400, 'The next contact date must be within a year'],
  ])('400 for a next contact date %s', async (_case, days, message) => {
    const { record } = await answeredCall();
    const response = await wrapUp(record.id, staff.salesNO.token, {
      Outcome: 'reached',
      NextContactDate: dateIn(days),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors).toEqual([{ Field: 'NextContactDate', Message: message }]);
  });

  // call.make in the call's market, as placing it (ADR 0022): another market is 404 (ids do not leak),
  // read-only staff 403, an applicant 403, no token 401.
  const expected: Record<StaffRoleCase | 'customer' | 'nobody', number> = {
    superUser: 200,
    managerNO: 200,
    salesNO: 200,
    telemarketingNO: 200,
    telemarketingLimitedNO: 403,
    salesSE: 404,
    managerSE: 404,
    lenderNO: 404,
    customer: 403,
    nobody: 401,
  };
  it.each(Object.keys(expected) as (keyof typeof expected)[])(
    '%s may wrap up a Norwegian call',
    async (who) => {
      const { record } = await answeredCall();
      const token = who === 'customer' ? customerToken : who === 'nobody' ? undefined : staff[who].token;
      const response = await wrapUp(record.id, token, { Outcome: 'reached' });
      expect(response.statusCode, response.body).toBe(expected[who]);
      const stored = await t.app.inject({
        method: 'GET',
        url: `/backoffice/call-records/${record.id}`,
        headers: bearer(staff.superUser.token),
      });
      expect(stored.json().Outcome).toBe(expected[who] === 200 ? 'reached' : null);
    },
  );

  it('404 for a call record that does not exist or an id that is no uuid', async () => {
    expect(
      (await wrapUp('00000000-0000-4000-8000-000000000000', staff.superUser.token, { Outcome: 'reached' }))
        .statusCode,
    ).toBe(404);
    expect((await wrapUp('not-a-uuid', staff.superUser.token, { Outcome: 'reached' })).statusCode).toBe(404);
  });
});
