import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestApplication } from '#src/modules/backoffice/test-fixtures.ts';
import { insertAgent } from '#src/modules/staff/agent.repository.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { auditActorLabel, listAudit, recordAudit } from './audit.service.ts';

describe('audit log', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('records staff events and lists them per application, newest first, with a total', async () => {
    const { db } = database;
    const agent = await insertAgent(db, { name: 'Kari Nordmann', marketCountry: 'NO', roles: [] });
    const application = await createTestApplication(db, { country: 'NO' });
    const other = await createTestApplication(db, { country: 'NO' });
    const staff = { kind: 'staff' as const, agentId: agent.id, roles: [], tokenId: 't' };
    await recordAudit(db, {
      actor: staff,
      action: 'application.read',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: 'NO',
      at: new Date('2026-11-24T08:00:00Z'),
    });
    await recordAudit(db, {
      actor: staff,
      action: 'application.withdraw',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: 'NO',
      reason: 'Customer asked by phone',
      details: { fromStatus: 300 },
      at: new Date('2026-11-24T09:00:00Z'),
    });
    await recordAudit(db, {
      actor: { kind: 'system', name: 'expiry' },
      action: 'application.expire',
      subjectType: 'loan-application',
      subjectId: other.id,
      loanApplicationId: other.id,
      at: new Date('2026-11-24T10:00:00Z'),
    });

    const listed = await listAudit(db, { loanApplicationId: application.id, offset: 0, limit: 25 });
    expect(listed.Total).toBe(2);
    expect(listed.Items.map((item) => item.Action)).toEqual(['application.withdraw', 'application.read']);
    expect(listed.Items[0]).toMatchObject({
      ActorAgentID: agent.id,
      Actor: `staff:${agent.id}`,
      Reason: 'Customer asked by phone',
      Details: { fromStatus: 300 },
      At: '2026-11-24T09:00:00.000Z',
    });
    const paged = await listAudit(db, { loanApplicationId: application.id, offset: 1, limit: 1 });
    expect(paged).toMatchObject({ Total: 2, Items: [{ Action: 'application.read' }] });
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const { db } = database;
    await recordAudit(db, {
      actor: { kind: 'system', name: 'test' },
      action: 'test.event',
      subjectType: 'test',
      subjectId: 'x',
      at: new Date(),
    });
    await expect(db.execute(sql`UPDATE audit_entry SET reason = 'edited'`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_entry`)).rejects.toThrow();
  });

  it('refuses a malformed action name (the database checks it too)', async () => {
    await expect(
      recordAudit(database.db, {
        actor: { kind: 'system', name: 'test' },
        action: 'not an action',
        subjectType: 'test',
        subjectId: 'x',
        at: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('labels actors by record id only (no token, no national id)', () => {
    expect(auditActorLabel({ kind: 'staff', agentId: null, roles: [], tokenId: 'secret' })).toBe(
      'staff:unknown',
    );
    expect(
      auditActorLabel({
        kind: 'customer',
        customerId: 'c1',
        personId: null,
        roles: [],
        email: null,
        tokenId: 'x',
      }),
    ).toBe('customer:c1');
  });
});
