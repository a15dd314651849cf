import type { TokenRole } from '@nordloan/domain/auth';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { agent } from '#src/db/schema/backoffice.ts';

export type AgentRow = typeof agent.$inferSelect;

/**
 * The system agent migration 0009 creates (disabled, no roles): it closes assignments when the work-queue
 * rules take an application out of every queue. It is no member of staff: no sign-in, list or change.
 */
export const workQueueAgentId = '00000000-0000-4000-8000-000000000000';
export type NewAgentRow = typeof agent.$inferInsert;

export async function insertAgent(db: Executor, values: NewAgentRow): Promise<AgentRow> {
  const [row] = await db.insert(agent).values(values).returning();
  return row!;
}

/** Inserts the agent unless one with the same id exists; answers the stored row either way (seed data). */
export async function ensureAgent(db: Executor, values: NewAgentRow & { id: string }): Promise<AgentRow> {
  const [created] = await db
    .insert(agent)
    .values(values)
    .onConflictDoNothing({ target: agent.id })
    .returning();
  return created ?? (await findAgentById(db, values.id))!;
}

export async function findAgentById(db: Executor, id: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agent).where(eq(agent.id, id));
  return row;
}

export async function findAgentByEmail(db: Executor, email: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agent).where(sql`lower(${agent.email}) = lower(${email})`);
  return row;
}

/** Agents of a market (all markets when `country` is absent), enabled ones only unless asked. */
export async function listAgents(
  db: Executor,
  filters: { country?: string; includeDisabled?: boolean } = {},
): Promise<AgentRow[]> {
  return db
    .select()
    .from(agent)
    .where(
      and(
        filters.country ? eq(agent.marketCountry, filters.country) : undefined,
        filters.includeDisabled ? undefined : eq(agent.disabled, false),
      ),
    )
    .orderBy(asc(agent.name), asc(agent.id));
}

export async function updateAgent(
  db: Executor,
  id: string,
  changes: Partial<{
    name: string;
    email: string | null;
    disabled: boolean;
    marketCountry: string;
    roles: TokenRole[];
  }>,
  now: Date,
): Promise<AgentRow | undefined> {
  const [row] = await db
    .update(agent)
    .set({ ...changes, updatedAt: now })
    .where(eq(agent.id, id))
    .returning();
  return row;
}
