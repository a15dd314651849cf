import { insurancePolicySchema, insuranceRequestSchema } from '@nordloan/domain/backoffice-assets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { insuranceRequest } from '#src/db/schema/backoffice.ts';
import { createTestPerson, expectDatabaseError } from '#src/modules/backoffice/test-fixtures.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { toInsurancePolicy, toInsuranceRequest } from './insurance-policy.mapper.ts';
import {
  decideInsuranceRequest,
  findInsurancePolicyById,
  findInsurancePolicyByRequest,
  findInsuranceRequestById,
  insertInsurancePolicy,
  insertInsuranceRequest,
  listInsurancePoliciesForPerson,
  listInsuranceRequestsForPerson,
  terminateInsurancePolicy,
} from './insurance-policy.repository.ts';

const t0 = new Date('2030-05-01T08:00:00.000Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('insurance repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const request = async (personId: string) =>
    insertInsuranceRequest(database.db, {
      personId,
      brand: 'no-main',
      country: 'NO',
      insurer: 'NordTrygg',
      insuredMonthlyAmount: 5000,
      monthlyPremium: 350,
      createdAt: t0,
      updatedAt: t0,
    });

  it('round-trips a request (decision new); the DTO is the InsuranceRequest schema', async () => {
    const person = await createTestPerson(database.db);
    const created = await request(person.id);
    expect(await findInsuranceRequestById(database.db, created.id)).toEqual(created);
    expect(insuranceRequestSchema.parse(toInsuranceRequest(created))).toMatchObject({
      ID: created.id,
      PersonID: person.id,
      Insurer: 'NordTrygg',
      Decision: 'new',
      DecidedAt: null,
      CustomerID: null,
      LoanApplicationID: null,
    });
    expect((await listInsuranceRequestsForPerson(database.db, person.id)).map((row) => row.id)).toEqual([
      created.id,
    ]);
  });

  it('is decided once; decision and insurer are closed sets', async () => {
    const person = await createTestPerson(database.db);
    const created = await request(person.id);
    const denied = await decideInsuranceRequest(database.db, {
      id: created.id,
      decision: 'denied',
      now: later(1),
    });
    expect(denied).toMatchObject({ decision: 'denied', decidedAt: later(1) });
    expect(insuranceRequestSchema.safeParse(toInsuranceRequest(denied!)).success).toBe(true);
    expect(
      await decideInsuranceRequest(database.db, { id: created.id, decision: 'approved', now: later(2) }),
    ).toBeUndefined();
    await expectDatabaseError(
      database.db
        .update(insuranceRequest)
        .set({ decision: 'maybe' })
        .where(eq(insuranceRequest.id, created.id)),
      /decision/,
    );
    await expectDatabaseError(
      insertInsuranceRequest(database.db, {
        personId: person.id,
        brand: 'no-main',
        country: 'NO',
        insurer: 'Some Insurer',
        insuredMonthlyAmount: 5000,
        monthlyPremium: 350,
      }),
      /insurer/,
    );
    // A decision without its time is refused
    await expectDatabaseError(
      database.db
        .update(insuranceRequest)
        .set({ decision: 'new' })
        .where(eq(insuranceRequest.id, created.id)),
      /insurance_request_check/,
    );
  });

  it('a policy exists only for an approved request, which then cannot be un-approved', async () => {
    const person = await createTestPerson(database.db);
    const pending = await request(person.id);
    const policy = {
      requestId: pending.id,
      personId: person.id,
      insurer: 'NordTrygg',
      policyNumber: 'NT-0001',
      insuredMonthlyAmount: 5000,
      monthlyPremium: 350,
      startsOn: '2030-05-15',
      createdAt: later(10),
      updatedAt: later(10),
    };
    await expectDatabaseError(insertInsurancePolicy(database.db, policy), /foreign key/);
    await decideInsuranceRequest(database.db, { id: pending.id, decision: 'approved', now: later(5) });
    const issued = await insertInsurancePolicy(database.db, policy);
    expect(await findInsurancePolicyById(database.db, issued.id)).toEqual(issued);
    expect(await findInsurancePolicyByRequest(database.db, pending.id)).toEqual(issued);
    expect(insurancePolicySchema.parse(toInsurancePolicy(issued))).toEqual({
      ID: issued.id,
      RequestID: pending.id,
      PersonID: person.id,
      Insurer: 'NordTrygg',
      PolicyNumber: 'NT-0001',
      InsuredMonthlyAmount: 5000,
      MonthlyPremium: 350,
      StartsOn: '2030-05-15',
      TerminatedAt: null,
      TerminationReason: null,
      CreatedAt: later(10).toISOString(),
      UpdatedAt: later(10).toISOString(),
    });
    await expectDatabaseError(
      database.db
        .update(insuranceRequest)
        .set({ decision: 'denied', decidedAt: later(20) })
        .where(eq(insuranceRequest.id, pending.id)),
      /foreign key/,
    );
    // One policy per request, policy numbers unique per insurer
    await expectDatabaseError(
      insertInsurancePolicy(database.db, { ...policy, policyNumber: 'NT-0002' }),
      /request_id/,
    );
  });

  it('terminates once, for a §3 reason, time and reason together', async () => {
    const person = await createTestPerson(database.db);
    const approved = await request(person.id);
    await decideInsuranceRequest(database.db, { id: approved.id, decision: 'approved', now: later(1) });
    const issued = await insertInsurancePolicy(database.db, {
      requestId: approved.id,
      personId: person.id,
      insurer: 'NordTrygg',
      policyNumber: 'NT-0100',
      insuredMonthlyAmount: 8000,
      monthlyPremium: 560,
      startsOn: '2030-06-01',
    });
    const ended = await terminateInsurancePolicy(database.db, {
      id: issued.id,
      reason: 'emigration',
      now: later(60),
    });
    expect(ended).toMatchObject({ terminatedAt: later(60), terminationReason: 'emigration' });
    expect(toInsurancePolicy(ended!).TerminationReason).toBe('emigration');
    expect(
      await terminateInsurancePolicy(database.db, { id: issued.id, reason: 'death', now: later(61) }),
    ).toBeUndefined();
    expect((await listInsurancePoliciesForPerson(database.db, person.id)).map((row) => row.id)).toEqual([
      issued.id,
    ]);

    const other = await request(person.id);
    await decideInsuranceRequest(database.db, { id: other.id, decision: 'approved', now: later(1) });
    const base = {
      requestId: other.id,
      personId: person.id,
      insurer: 'NordTrygg',
      policyNumber: 'NT-0200',
      insuredMonthlyAmount: 8000,
      monthlyPremium: 560,
      startsOn: '2030-06-01',
    };
    await expectDatabaseError(
      insertInsurancePolicy(database.db, { ...base, terminatedAt: later(2) }),
      /insurance_policy_check/,
    );
    await expectDatabaseError(
      insertInsurancePolicy(database.db, { ...base, terminatedAt: later(2), terminationReason: 'bored' }),
      /termination_reason/,
    );
    await expectDatabaseError(
      insertInsurancePolicy(database.db, { ...base, policyNumber: 'NT-0100' }),
      /policy_number/,
    );
  });
});
