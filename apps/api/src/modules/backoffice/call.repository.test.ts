import { callOrderSchema, callRecordSchema } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { insertAgent } from '#src/modules/staff/agent.repository.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { toCallOrder, toCallRecord } from './backoffice.dto.ts';
import {
  ensureCallOrder,
  findCallOrderById,
  findCallRecordByExternalRef,
  findCallRecordById,
  insertCallOrder,
  insertCallRecord,
  insertCallRecordForOrder,
  listCallOrdersForApplication,
  listCallRecordsForApplication,
  listCallRecordsForOrder,
  updateCallRecordByExternalRef,
} from './call.repository.ts';
import { listCallListIn } from './calls/calls.repository.ts';
import { createTestApplication, expectDatabaseError } from './test-fixtures.ts';

const t0 = new Date('2030-03-01T09:00:00.000Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

describe('call orders and call records', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const order = async (
    country: 'NO' | 'SE' | 'FI',
    minutes: number,
    extra: { tags?: string[] | null } = {},
  ) => {
    const application = await createTestApplication(database.db, { country, status: 410 });
    return insertCallOrder(database.db, {
      loanApplicationId: application.id,
      marketCountry: country,
      loanApplicationStatus: application.status,
      bucketName: 'Pending customer accept',
      customerPhoneNumber: '+4791234567',
      outboundNumberType: 'broker',
      tags: extra.tags ?? null,
      createdAt: later(minutes),
      updatedAt: later(minutes),
    });
  };

  it('round-trips an order with and without tags; the DTO is the §3 Call order', async () => {
    const tagged = await order('NO', 0, { tags: ['vip', 'evening'] });
    expect(await findCallOrderById(database.db, tagged.id)).toEqual(tagged);
    expect(tagged.tags).toEqual(['vip', 'evening']);
    const dto = callOrderSchema.parse(toCallOrder(tagged));
    expect(dto).toMatchObject({
      ID: tagged.id,
      CreatedAt: t0.toISOString(),
      MarketCountry: 'NO',
      LoanApplicationStatus: 410,
      OutboundNumberType: 'broker',
      Tags: ['vip', 'evening'],
      ClientID: null,
    });
    const untagged = await order('NO', 1);
    expect(toCallOrder(untagged).Tags).toBeNull();
    expect(
      (await listCallOrdersForApplication(database.db, untagged.loanApplicationId)).map((row) => row.id),
    ).toEqual([untagged.id]);
  });

  it('OutboundNumberType is broker, agent or uscore — the database refuses anything else', async () => {
    const application = await createTestApplication(database.db);
    const values = {
      loanApplicationId: application.id,
      marketCountry: 'NO',
      loanApplicationStatus: 100,
      customerPhoneNumber: '+4791234567',
    };
    for (const outboundNumberType of ['agent', 'uscore'])
      expect((await insertCallOrder(database.db, { ...values, outboundNumberType })).outboundNumberType).toBe(
        outboundNumberType,
      );
    await expectDatabaseError(
      insertCallOrder(database.db, { ...values, outboundNumberType: 'customer' }),
      /outbound_number_type/,
    );
    await expectDatabaseError(
      insertCallOrder(database.db, { ...values, outboundNumberType: 'broker', loanApplicationStatus: 50 }),
      /loan_application_status/,
    );
  });

  it('ensureCallOrder is idempotent on the id', async () => {
    const application = await createTestApplication(database.db);
    const values = {
      id: '00000000-0000-4000-8000-0000000c0001',
      loanApplicationId: application.id,
      marketCountry: 'NO',
      loanApplicationStatus: 100,
      customerPhoneNumber: '+4791234567',
      outboundNumberType: 'broker',
    };
    expect(await ensureCallOrder(database.db, values)).toEqual(await ensureCallOrder(database.db, values));
  });

  it('a call on an order copies its fields; provider updates find it by ExternalRef', async () => {
    const agent = await insertAgent(database.db, { name: 'Caller', marketCountry: 'NO' });
    const placed = await order('NO', 0, { tags: ['x'] });
    const record = await insertCallRecordForOrder(database.db, placed, {
      agentId: agent.id,
      outboundPhoneNumber: '+4722000000',
      externalRef: 'CA-0001',
      initiatedAt: later(2),
      stateDescription: 'ringing',
    });
    expect(record).toMatchObject({
      orderId: placed.id,
      loanApplicationId: placed.loanApplicationId,
      marketCountry: 'NO',
      loanApplicationStatus: 410,
      bucketName: 'Pending customer accept',
      outboundNumberType: 'broker',
      tags: ['x'],
      outbound: true,
      orderedAt: placed.createdAt,
      answered: false,
      wentToVoicemail: false,
    });
    const updated = await updateCallRecordByExternalRef(
      database.db,
      'CA-0001',
      { answered: true, answeredAt: later(3), endedAt: later(9), stateDescription: 'completed' },
      later(9),
    );
    expect(updated?.id).toBe(record.id);
    expect(await findCallRecordByExternalRef(database.db, 'CA-0001')).toEqual(updated);
    expect(await findCallRecordById(database.db, record.id)).toEqual(updated);
    expect(callRecordSchema.parse(toCallRecord(updated!))).toMatchObject({
      OrderID: placed.id,
      AgentID: agent.id,
      Outbound: true,
      Answered: true,
      AnsweredAt: later(3).toISOString(),
      EndedAt: later(9).toISOString(),
      OrderedAt: placed.createdAt.toISOString(),
      StateDescription: 'completed',
    });
    expect((await listCallRecordsForOrder(database.db, placed.id)).map((row) => row.id)).toEqual([record.id]);
    expect((await listCallRecordsForApplication(database.db, placed.loanApplicationId)).length).toBe(1);
    await expectDatabaseError(
      insertCallRecordForOrder(database.db, placed, { externalRef: 'CA-0001' }),
      /call_record_external_ref_key|unique/,
    );
  });

  it('an inbound call needs no order or application; AnsweredAt only when answered', async () => {
    const inbound = await insertCallRecord(database.db, {
      marketCountry: 'SE',
      customerPhoneNumber: '+46701234567',
      outbound: false,
      answered: true,
      answeredAt: t0,
    });
    expect(callRecordSchema.parse(toCallRecord(inbound))).toMatchObject({
      OrderID: null,
      LoanApplicationID: null,
      LoanApplicationStatus: null,
      OutboundNumberType: null,
      Outbound: false,
      Tags: null,
    });
    await expectDatabaseError(
      insertCallRecord(database.db, {
        marketCountry: 'SE',
        customerPhoneNumber: '+46701234567',
        outbound: false,
        answeredAt: t0,
      }),
      /call_record_check/,
    );
  });
});

describe('call list', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('filters by country, pages with offset and limit, drops answered orders, keeps voicemail', async () => {
    const make = async (country: 'NO' | 'SE', minutes: number) => {
      const application = await createTestApplication(database.db, { country, status: 310 });
      return insertCallOrder(database.db, {
        loanApplicationId: application.id,
        marketCountry: country,
        loanApplicationStatus: 310,
        customerPhoneNumber: '+4791234567',
        outboundNumberType: 'agent',
        createdAt: later(minutes),
      });
    };
    const no1 = await make('NO', 1);
    const se1 = await make('SE', 2);
    const no2 = await make('NO', 3);
    const no3 = await make('NO', 4);
    const no4 = await make('NO', 5);
    await insertCallRecordForOrder(database.db, no2, { answered: true, answeredAt: later(10) });
    await insertCallRecordForOrder(database.db, no3, {
      wentToVoicemail: true,
      stateDescription: 'voicemail',
    });

    const page = async (filters: { country?: string; offset: number; limit: number }) => {
      const countries = filters.country ? [filters.country] : ['NO', 'SE', 'FI', 'DK'];
      const { items, total } = await listCallListIn(database.db, countries, filters);
      return { ids: items.map((row) => row.id), total };
    };
    expect(await page({ country: 'NO', offset: 0, limit: 25 })).toEqual({
      ids: [no1.id, no3.id, no4.id],
      total: 3,
    });
    expect(await page({ country: 'NO', offset: 1, limit: 1 })).toEqual({ ids: [no3.id], total: 3 });
    expect(await page({ country: 'SE', offset: 0, limit: 25 })).toEqual({ ids: [se1.id], total: 1 });
    expect(await page({ offset: 0, limit: 2 })).toEqual({ ids: [no1.id, se1.id], total: 4 });
    expect(await page({ country: 'FI', offset: 0, limit: 25 })).toEqual({ ids: [], total: 0 });
  });
});
