import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { lenderPanelVersion, listLenders, syncLenderRegister } from './lender.repository.ts';

describe('the lender register', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('holds every lender of the panel after a sync, with country and products', async () => {
    await syncLenderRegister(database.db, lenderPanel, new Date());
    const rows = await listLenders(database.db);
    expect(rows.map((row) => row.id).sort()).toEqual(lenderPanel.map((profile) => profile.id).sort());
    expect(rows.every((row) => row.active)).toBe(true);
    const norwegian = await listLenders(database.db, { country: 'NO' });
    expect(norwegian.length).toBeGreaterThanOrEqual(3);
    expect(norwegian.every((row) => row.products.length > 0)).toBe(true);
  });

  it('is idempotent and keeps a lender that left the panel, inactive', async () => {
    const [first, ...rest] = lenderPanel;
    await syncLenderRegister(database.db, lenderPanel, new Date());
    await syncLenderRegister(database.db, rest, new Date());
    const rows = await listLenders(database.db);
    expect(rows).toHaveLength(lenderPanel.length);
    expect(rows.find((row) => row.id === first!.id)?.active).toBe(false);
  });

  it('leaves a lender a Manager edited, and every pause, as they are; only a change makes a new version', async () => {
    const [first, second] = lenderPanel;
    await database.db.execute(
      sql`UPDATE lender SET name = 'Edited', origin = 'staff' WHERE id = ${first!.id}`,
    );
    await database.db.execute(sql`UPDATE lender SET paused = true WHERE id = ${second!.id}`);
    const version = await lenderPanelVersion(database.db);
    await syncLenderRegister(database.db, lenderPanel, new Date());
    const rows = await listLenders(database.db);
    expect(rows.find((row) => row.id === first!.id)?.name).toBe('Edited');
    expect(rows.find((row) => row.id === second!.id)?.paused).toBe(true);
    // The sync above changed only the lender the previous test had dropped; once more changes nothing.
    const after = await lenderPanelVersion(database.db);
    expect(after).toBeGreaterThanOrEqual(version);
    await syncLenderRegister(database.db, lenderPanel, new Date());
    expect(await lenderPanelVersion(database.db)).toBe(after);
  });
});
