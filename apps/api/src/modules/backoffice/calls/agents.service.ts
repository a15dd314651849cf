import type { Agent } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import type { Db } from '#src/db/client.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import { isUuid } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { agentIdOf, assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { findAgentById, updateAgent, workQueueAgentId } from '#src/modules/staff/agent.repository.ts';
import { toAgent } from '#src/modules/staff/staff.service.ts';
import { listAgentsIn, type Paging } from './calls.repository.ts';

// §3 Agent: the staff of a market (ADR 0022). Anyone who may read a market's applications sees its agents
// (to hand work to a colleague); enabling and disabling needs `agent.admin` (Manager, Super) there.

export async function listAgents(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
  paging: Paging;
}): Promise<{ Items: Agent[]; Total: number }> {
  const countries = staffCountries(options.caller, 'application.read', options.country);
  const { items, total } = await listAgentsIn(options.db, countries, options.paging);
  return { Items: items.map(toAgent), Total: total };
}

export async function setAgentDisabled(options: {
  db: Db;
  caller: Caller;
  agentId: string;
  disabled: boolean;
  now: Date;
}): Promise<Agent> {
  const { db, caller, now } = options;
  if (!isUuid(options.agentId)) throw notFound();
  const target = await findAgentById(db, options.agentId);
  // The work-queue rules' system agent is not staff: it cannot be enabled or disabled here.
  if (!target || target.id === workQueueAgentId) throw notFound();
  const staff = assertStaffMay(caller, 'agent.admin', target.marketCountry, { record: true });
  // Nobody locks themselves out: another manager has to do it.
  if (options.disabled && agentIdOf(staff) === target.id) throw conflict('You cannot disable yourself');
  return db.transaction(async (tx) => {
    const updated = (await updateAgent(tx, target.id, { disabled: options.disabled }, now))!;
    if (updated.disabled !== target.disabled) {
      await recordAudit(tx, {
        actor: staff,
        action: options.disabled ? 'agent.disable' : 'agent.enable',
        subjectType: 'agent',
        subjectId: target.id,
        country: target.marketCountry as Country,
        at: now,
      });
    }
    return toAgent(updated);
  });
}
