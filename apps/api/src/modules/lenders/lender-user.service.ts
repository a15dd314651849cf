import type { TokenRole } from '@nordloan/domain/auth';
import type { Country } from '@nordloan/domain/enums';
import type { AddLenderUserBody, LenderUser } from '@nordloan/domain/lending/lender-register';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { agent } from '#src/db/schema/backoffice.ts';
import { conflict, notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { type AgentRow, insertAgent } from '#src/modules/staff/agent.repository.ts';
import { findLender } from './lender.repository.ts';

// The people of a lender who work in our lender portal (issue 33 item 6, docs/decisions/0068): the lender's
// country's Manager adds them. Each is an agent with the Lender role of that country, tied to the lender
// (agent.lender_id, 0035): they sign in to the back office like any agent (the staff OIDC or, outside
// production, the development sign-in), and the portal shows them only what was sent to their lender.

const toLenderUser = (row: AgentRow): LenderUser => ({
  ID: row.id,
  Name: row.name,
  Email: row.email,
  Disabled: row.disabled,
});

async function managedLender(db: Db, caller: Caller, lenderId: string) {
  const lender = await findLender(db, lenderId);
  if (!lender) throw notFound('Unknown lender');
  assertStaffMay(caller, 'lender.manage', lender.country);
  return lender;
}

export async function listLenderUsers(options: { db: Db; caller: Caller; lenderId: string }) {
  await managedLender(options.db, options.caller, options.lenderId);
  const rows = await options.db
    .select()
    .from(agent)
    .where(eq(agent.lenderId, options.lenderId))
    .orderBy(asc(agent.name));
  return rows.map(toLenderUser);
}

export async function addLenderUser(options: {
  db: Db;
  caller: Caller;
  lenderId: string;
  body: AddLenderUserBody;
  now: Date;
}): Promise<LenderUser> {
  const { db, caller, body, now } = options;
  const lender = await managedLender(db, caller, options.lenderId);
  const country = lender.country as Country;
  const roles: TokenRole[] = [{ Name: 'Lender', Country: country }];
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: agent.id })
      .from(agent)
      .where(and(eq(agent.email, body.Email.toLowerCase())))
      .limit(1);
    if (taken) throw conflict('An agent with this e-mail exists');
    const row = await insertAgent(tx, {
      name: body.Name,
      email: body.Email.toLowerCase(),
      roles,
      marketCountry: country,
      lenderId: lender.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: caller,
      action: 'lender.user.create',
      subjectType: 'agent',
      subjectId: row.id,
      country,
      details: { lenderId: lender.id },
      at: now,
    });
    return toLenderUser(row);
  });
}
