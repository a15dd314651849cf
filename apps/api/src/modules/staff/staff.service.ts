import { type StaffPermission, staffCountriesWith, staffPermissions } from '@nordloan/domain/access';
import type { TokenRole } from '@nordloan/domain/auth';
import type { Agent, StaffMe } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '#src/db/client.ts';
import { agent } from '#src/db/schema/backoffice.ts';
import { forbidden, notFound, unauthorized } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import type { TokenService } from '#src/lib/token-service.ts';
import {
  type AgentRow,
  findAgentById,
  insertAgent,
  listAgents,
  workQueueAgentId,
} from './agent.repository.ts';

// Staff sign-in and who a member of staff is (ADR 0020). A staff token's `sub` is the agent's uuid; every
// back-office route finds the agent from it, so a disabled agent is refused at once, not when the token
// runs out.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in member of staff: the verified caller and their (enabled) agent row. */
export interface StaffContext {
  caller: Extract<Caller, { kind: 'staff' }>;
  agent: AgentRow;
}

/**
 * The staff gate's check: 401 without a token; 403 for an applicant's token, for a staff token that names
 * no agent (machine accounts, old development tokens) and for a disabled agent.
 */
export async function requireStaff(db: Executor, caller: Caller | null): Promise<StaffContext> {
  if (!caller) throw unauthorized('Missing token');
  if (caller.kind !== 'staff') throw forbidden('The back office is for staff');
  if (!caller.agentId || !uuidPattern.test(caller.agentId)) throw forbidden('The token names no agent');
  const row = await findAgentById(db, caller.agentId);
  if (!row) throw unauthorized('Invalid JWT');
  if (row.disabled) throw forbidden('This agent is disabled');
  return { caller, agent: row };
}

/** Every permission of the table and the countries the caller holds it in (empty: not at all). */
export function permissionsOf(roles: readonly TokenRole[]): Record<StaffPermission, Country[]> {
  return Object.fromEntries(
    staffPermissions.map((permission) => [permission, staffCountriesWith(roles, permission)]),
  ) as Record<StaffPermission, Country[]>;
}

export function describeMe(staff: StaffContext): StaffMe {
  return { Agent: toAgent(staff.agent), Permissions: permissionsOf(staff.caller.roles) };
}

/** The agents the development sign-in page offers (the rules' own agent is not a person). */
export async function listDevAgents(db: Executor): Promise<Agent[]> {
  const rows = await listAgents(db, { includeDisabled: true });
  return rows.filter((row) => row.id !== workQueueAgentId).map(toAgent);
}

/** Development staff login by agent: a token for the agent's roles, its uuid as subject. */
export async function signInAgent(options: { db: Executor; tokens: TokenService; agentId: string }) {
  const row = await findAgentById(options.db, options.agentId);
  if (!row || row.id === workQueueAgentId) throw notFound('No such agent');
  if (row.disabled) throw forbidden('This agent is disabled');
  return { token: await options.tokens.sign({ Roles: row.roles, sub: row.id }) };
}

/** The agent with exactly this name and these roles, created when there is none (tests, scripts). */
export async function findOrCreateAgent(
  db: Executor,
  input: { name: string; roles: TokenRole[] },
): Promise<AgentRow> {
  const [found] = await db
    .select()
    .from(agent)
    .where(
      sql`${agent.name} = ${input.name} AND ${agent.roles} = ${JSON.stringify(input.roles)}::jsonb AND NOT ${agent.disabled}`,
    )
    .limit(1);
  if (found) return found;
  const marketCountry =
    input.roles.map((role) => role.Country).find((country): country is Country => !!country) ?? 'NO';
  return insertAgent(db, { name: input.name, roles: input.roles, marketCountry });
}

/** The older development body `{ name, roles }`: finds or creates that agent and signs with its uuid. */
export async function signInByName(options: {
  db: Executor;
  tokens: TokenService;
  name: string;
  roles: TokenRole[];
}) {
  const row = await findOrCreateAgent(options.db, { name: options.name, roles: options.roles });
  return { token: await options.tokens.sign({ Roles: row.roles, sub: row.id }) };
}

/**
 * Staff signed in by the workforce identity provider (the e-ID login's staff client, docs/decisions/0029):
 * the directory's name and roles find the agent (created at the first sign-in); an agent we disabled stays
 * refused even while the directory still lets the person in.
 */
export async function signInDirectoryStaff(options: {
  db: Executor;
  tokens: TokenService;
  name: string;
  roles: TokenRole[];
}) {
  const [disabled] = await options.db
    .select({ id: agent.id })
    .from(agent)
    .where(
      sql`${agent.name} = ${options.name} AND ${agent.roles} = ${JSON.stringify(options.roles)}::jsonb AND ${agent.disabled}`,
    )
    .limit(1);
  if (disabled) throw forbidden('This agent is disabled');
  return signInByName(options);
}

/** An agent row as the §3 Agent (PascalCase). The roles column holds only valid roles (its CHECK). */
export function toAgent(row: AgentRow): Agent {
  return {
    ID: row.id,
    Name: row.name,
    Disabled: row.disabled,
    MarketCountry: row.marketCountry as Country,
    Roles: row.roles,
  };
}

// ── The staff gate ──────────────────────────────────────────────────────────────────────────────────
// Every staff route (the back office, screening, regulatory figures) has this one gate as its
// preValidation hook: the caller is checked before its body or query is validated (a request without a
// token is a 401, never a 400) and the agent found once per request. What the agent may then do where is
// asked of lib/staff-access.ts (assertStaffMay).

const signedIn = new WeakMap<FastifyRequest, StaffContext>();

/** The preValidation hook: 401/403 unless an enabled agent is calling; remembers the agent for the handler. */
export function staffGate(db: Executor) {
  return async (request: FastifyRequest) => {
    signedIn.set(request, await requireStaff(db, request.caller));
  };
}

/** The agent the gate found for this request. */
export function staffOf(request: FastifyRequest): StaffContext {
  const staff = signedIn.get(request);
  if (!staff) throw new Error('staffGate did not run for this route');
  return staff;
}
