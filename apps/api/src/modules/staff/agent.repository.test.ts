import { agentSchema } from '@nordloan/domain/backoffice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { expectDatabaseError } from '#src/modules/backoffice/test-fixtures.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import {
  ensureAgent,
  findAgentByEmail,
  findAgentById,
  insertAgent,
  listAgents,
  updateAgent,
} from './agent.repository.ts';
import { toAgent } from './staff.service.ts';

describe('agent repository', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('round-trips an agent with its roles; the DTO is the §3 Agent', async () => {
    const roles = [{ Name: 'Sales', Country: 'NO' as const }, { Name: 'NightShift' }];
    const created = await insertAgent(database.db, {
      name: 'Kari Nordmann',
      email: 'kari@nordloan.test',
      marketCountry: 'NO',
      roles,
    });
    const found = await findAgentById(database.db, created.id);
    expect(found).toEqual(created);
    expect(found?.roles).toEqual(roles);
    expect(found?.disabled).toBe(false);
    expect(agentSchema.parse(toAgent(found!))).toEqual({
      ID: created.id,
      Name: 'Kari Nordmann',
      Disabled: false,
      MarketCountry: 'NO',
      Roles: roles,
    });
    expect((await findAgentByEmail(database.db, 'KARI@nordloan.test'))?.id).toBe(created.id);
  });

  it('refuses a second agent with the same e-mail in another case, and an unknown market', async () => {
    await insertAgent(database.db, { name: 'A', email: 'dup@nordloan.test', marketCountry: 'SE' });
    await expectDatabaseError(
      insertAgent(database.db, { name: 'B', email: 'DUP@nordloan.test', marketCountry: 'SE' }),
      /agent_email_idx/,
    );
    await expectDatabaseError(insertAgent(database.db, { name: 'C', marketCountry: 'DE' }), /market_country/);
  });

  it('lists enabled agents of a market; disabling hides an agent', async () => {
    const fi = await insertAgent(database.db, {
      name: 'Aino',
      marketCountry: 'FI',
      roles: [{ Name: 'Sales' }],
    });
    const fi2 = await insertAgent(database.db, { name: 'Eero', marketCountry: 'FI' });
    expect((await listAgents(database.db, { country: 'FI' })).map((row) => row.id)).toEqual([fi.id, fi2.id]);
    const disabled = await updateAgent(
      database.db,
      fi2.id,
      { disabled: true },
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(disabled?.updatedAt.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect((await listAgents(database.db, { country: 'FI' })).map((row) => row.id)).toEqual([fi.id]);
    expect(await listAgents(database.db, { country: 'FI', includeDisabled: true })).toHaveLength(2);
  });

  it('ensureAgent is idempotent on the id', async () => {
    const id = '00000000-0000-4000-8000-00000000a001';
    const first = await ensureAgent(database.db, { id, name: 'Seed Agent', marketCountry: 'DK' });
    const second = await ensureAgent(database.db, { id, name: 'Renamed', marketCountry: 'DK' });
    expect(second).toEqual(first);
  });
});
