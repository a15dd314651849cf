import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import { newLenderProfile, withPolicy } from '@nordloan/domain/lending/lender-register';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  findLender,
  insertLender,
  syncLenderRegister,
  updateLender,
} from '#src/modules/lenders/lender.repository.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { sandboxPoliciesFrom } from './sandbox-policies.ts';

// The sandbox lender decides with the lender table's credit policies (ADR 0067): a Manager's edit reaches
// it, a portal lender is not stood in for.

describe('the sandbox lender’s policies', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('are the table’s: an edited policy, no portal lender', async () => {
    const now = new Date();
    await syncLenderRegister(database.db, lenderPanel, now);
    const row = (await findLender(database.db, 'no-fjordbanken'))!;
    await updateLender(database.db, row.id, {
      profile: withPolicy(row.profile as never, { MinGrossYearlyIncome: 999_000 }),
      origin: 'staff',
    });
    await insertLender(database.db, {
      id: 'no-portal-only',
      name: 'Portal Only',
      country: 'NO',
      organisationNumber: '919000001',
      products: ['UnsecuredLoan'],
      profile: newLenderProfile({
        id: 'no-portal-only',
        name: 'Portal Only',
        country: 'NO',
        organisationNumber: '919000001',
        products: ['UnsecuredLoan'],
      }),
      channel: 'portal',
      origin: 'staff',
    });
    const profiles = await sandboxPoliciesFrom(database.db);
    expect(profiles).toHaveLength(lenderPanel.length);
    expect(profiles.find((profile) => profile.id === 'no-fjordbanken')?.minGrossYearlyIncome).toBe(999_000);
    expect(profiles.some((profile) => profile.id === 'no-portal-only')).toBe(false);
  });
});
