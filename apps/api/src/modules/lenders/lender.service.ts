import type { Country, Product } from '@nordloan/domain/enums';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import {
  type CreateLenderBody,
  type LenderView,
  newLenderProfile,
  policyOf,
  type UpdateLenderBody,
  withPolicy,
} from '@nordloan/domain/lending/lender-register';
import type { Db } from '#src/db/client.ts';
import { sealNationalId } from '#src/db/personal-data-cipher.ts';
import { conflict, fieldError, notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { assertStaffMay, staffCountries } from '#src/lib/staff-access.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import {
  findLender,
  findLenderForUpdate,
  insertLender,
  type LenderRow,
  listLenders,
  updateLender,
} from './lender.repository.ts';

// The country's Manager keeps its lenders (issue 33 item 4, docs/decisions/0067): adds a lender with its own
// API or one that works in our portal, edits it, pauses and resumes it. Every change is audited in the
// change's transaction, with the names of the fields changed and never a value of the secret; the secret is
// sealed (AES-256-GCM, ADR 0033) and never shown again. The panel of every instance follows at its next
// fan-out (the table's version, register-panel.ts).

const permission = 'lender.manage';

export function toLenderView(row: LenderRow): LenderView {
  return {
    ID: row.id,
    Name: row.name,
    Country: row.country as Country,
    OrganisationNumber: row.organisationNumber,
    Products: row.products as Product[],
    Channel: row.channel as LenderView['Channel'],
    EndpointUrl: row.endpointUrl,
    TimeoutMs: row.timeoutMs,
    HasSecret: row.secretSealed !== null,
    SecretSetAt: row.secretSetAt?.toISOString() ?? null,
    CommissionPercent: row.commissionPercent,
    CommissionTable: row.commissionTable,
    Policy: policyOf(row.profile as LenderProfile),
    Paused: row.paused,
    Active: row.active,
    Origin: row.origin as LenderView['Origin'],
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

export async function listLendersForStaff(options: {
  db: Db;
  caller: Caller;
  country?: Country | undefined;
}): Promise<LenderView[]> {
  const countries = staffCountries(options.caller, permission, options.country);
  return (await listLenders(options.db, { countries })).map(toLenderView);
}

export async function getLenderForStaff(options: { db: Db; caller: Caller; lenderId: string }) {
  const row = await findLender(options.db, options.lenderId);
  if (!row) throw notFound('Unknown lender');
  assertStaffMay(options.caller, permission, row.country);
  return toLenderView(row);
}

/** The sealed secret and its time, when a new one is given. */
const secretChange = (secret: string | undefined, now: Date) =>
  secret ? { secretSealed: sealNationalId(secret), secretSetAt: now } : {};

/** Field names only: what an audit line may say about a change (never the secret, never a value of it). */
const changedFields = (body: Record<string, unknown>) =>
  Object.keys(body)
    .filter((key) => body[key] !== undefined)
    .sort();

export async function createLender(options: {
  db: Db;
  caller: Caller;
  body: CreateLenderBody;
  now: Date;
}): Promise<LenderView> {
  const { db, caller, body, now } = options;
  assertStaffMay(caller, permission, body.Country);
  const profile = newLenderProfile({
    id: body.ID,
    name: body.Name,
    country: body.Country,
    organisationNumber: body.OrganisationNumber,
    products: body.Products,
    policy: body.Policy,
  });
  return db.transaction(async (tx) => {
    const row = await insertLender(tx, {
      id: body.ID,
      name: body.Name,
      country: body.Country,
      organisationNumber: body.OrganisationNumber,
      products: body.Products,
      profile,
      active: true,
      commissionPercent: body.CommissionPercent,
      commissionTable: body.CommissionTable ?? {},
      channel: body.Channel,
      endpointUrl: body.Channel === 'api' ? (body.EndpointUrl ?? null) : null,
      timeoutMs: body.TimeoutMs ?? 5_000,
      ...secretChange(body.Secret, now),
      paused: false,
      origin: 'staff',
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw conflict('A lender with this id exists');
    await recordAudit(tx, {
      actor: caller,
      action: 'lender.create',
      subjectType: 'lender',
      subjectId: row.id,
      country: body.Country,
      details: { fields: changedFields(body), channel: body.Channel },
      at: now,
    });
    return toLenderView(row);
  });
}

export async function editLender(options: {
  db: Db;
  caller: Caller;
  lenderId: string;
  body: UpdateLenderBody;
  now: Date;
}): Promise<LenderView> {
  const { db, caller, body, now } = options;
  return db.transaction(async (tx) => {
    const row = await findLenderForUpdate(tx, options.lenderId);
    if (!row) throw notFound('Unknown lender');
    assertStaffMay(caller, permission, row.country);
    const channel = body.Channel ?? row.channel;
    const endpointUrl = body.EndpointUrl !== undefined ? body.EndpointUrl : row.endpointUrl;
    if (body.Channel === 'simulated' && row.channel !== 'simulated')
      throw fieldError('Channel', 'Only a lender of the code list runs as the simulation');
    if (channel === 'api' && !endpointUrl)
      throw fieldError('EndpointUrl', 'A lender with an API has an endpoint');
    if (channel === 'api' && !body.Secret && !row.secretSealed)
      throw fieldError('Secret', 'A lender with an API has a signing secret');
    const profile = row.profile as LenderProfile;
    const products = body.Products ?? (row.products as Product[]);
    const updated = await updateLender(tx, row.id, {
      ...(body.Name !== undefined ? { name: body.Name } : {}),
      ...(body.OrganisationNumber !== undefined ? { organisationNumber: body.OrganisationNumber } : {}),
      products,
      profile: {
        ...withPolicy(profile, body.Policy),
        name: body.Name ?? row.name,
        organisationNumber: body.OrganisationNumber ?? row.organisationNumber,
        products,
      },
      channel,
      endpointUrl: channel === 'api' ? endpointUrl : null,
      ...(body.TimeoutMs !== undefined ? { timeoutMs: body.TimeoutMs } : {}),
      ...(body.CommissionPercent !== undefined ? { commissionPercent: body.CommissionPercent } : {}),
      ...(body.CommissionTable !== undefined ? { commissionTable: body.CommissionTable } : {}),
      ...secretChange(body.Secret, now),
      origin: 'staff',
      updatedAt: now,
    });
    await recordAudit(tx, {
      actor: caller,
      action: 'lender.update',
      subjectType: 'lender',
      subjectId: row.id,
      country: row.country as Country,
      details: { fields: changedFields(body) },
      at: now,
    });
    return toLenderView(updated);
  });
}

/** Pause (out of every new fan-out at once; open requests finish) or resume, with the reason audited. */
export async function setLenderPaused(options: {
  db: Db;
  caller: Caller;
  lenderId: string;
  paused: boolean;
  reason: string | null;
  now: Date;
}): Promise<LenderView> {
  const { db, caller, now } = options;
  return db.transaction(async (tx) => {
    const row = await findLenderForUpdate(tx, options.lenderId);
    if (!row) throw notFound('Unknown lender');
    assertStaffMay(caller, permission, row.country);
    const updated =
      row.paused === options.paused
        ? row
        : await updateLender(tx, row.id, { paused: options.paused, updatedAt: now });
    await recordAudit(tx, {
      actor: caller,
      action: options.paused ? 'lender.pause' : 'lender.resume',
      subjectType: 'lender',
      subjectId: row.id,
      country: row.country as Country,
      reason: options.reason,
      details: { changed: row.paused !== options.paused },
      at: now,
    });
    return toLenderView(updated);
  });
}
