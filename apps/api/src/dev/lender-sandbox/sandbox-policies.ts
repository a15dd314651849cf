import type { Country, Product } from '@nordloan/domain/enums';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { Executor } from '#src/db/client.ts';
import { openDatabase } from '#src/db/client.ts';
import { listLenders } from '#src/modules/lenders/lender.repository.ts';

// The sandbox lender decides with the credit policy of the lender table (docs/decisions/0067) when it can
// read it: with PostgreSQL (DATABASE_URL), the lenders as Managers keep them — a policy edited in the back
// office, a lender added with its own API — instead of the code list. The embedded PGlite is one process's
// database, so without PostgreSQL the sandbox keeps the code list (the table's seed).

/** The profiles of the table's lenders the sandbox can stand in for (not the portal's: people answer). */
export async function sandboxPoliciesFrom(db: Executor): Promise<LenderProfile[]> {
  const rows = await listLenders(db);
  return rows
    .filter((row) => row.active && row.channel !== 'portal')
    .map((row) => ({
      ...(row.profile as LenderProfile),
      id: row.id,
      name: row.name,
      country: row.country as Country,
      products: row.products as Product[],
    }));
}

/** The table's policies when DATABASE_URL names PostgreSQL; undefined (the code list) otherwise or on error. */
export async function loadSandboxPolicies(
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<LenderProfile[] | undefined> {
  if (!databaseUrl) return undefined;
  try {
    const handle = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      const profiles = await sandboxPoliciesFrom(handle.db);
      log(`credit policies of ${profiles.length} lenders from the lender table`);
      return profiles.length > 0 ? profiles : undefined;
    } finally {
      await handle.close();
    }
  } catch (error) {
    log(`lender table not read (${error instanceof Error ? error.message : String(error)}): the code list`);
    return undefined;
  }
}
