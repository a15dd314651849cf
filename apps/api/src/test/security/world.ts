import { randomUUID } from 'node:crypto';
import type { TokenRole } from '@nordloan/domain/auth';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { eq } from 'drizzle-orm';
import { exportSPKI, SignJWT } from 'jose';
import { loanQuote } from '#src/db/schema/lending.ts';
import { createTokenService, loadSigningKey } from '#src/modules/auth/token.service.ts';
import { updateAgent } from '#src/modules/staff/agent.repository.ts';
import { findOrCreateAgent } from '#src/modules/staff/staff.service.ts';
import {
  fixedExternalData,
  mainApplicantDetails,
  settle,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '../test-file-serial.ts';

// The people and things the security suites act on: one Norwegian application with a co-applicant and
// offers, its owner, its co-applicant, strangers, staff of every role, and tokens that must never pass.

export type CallerName = string;

export interface World {
  applicationId: string;
  humanReadableId: string;
  customerId: string;
  personId: string;
  coPersonId: string;
  coCustomerId: string;
  otherCustomerId: string;
  quoteId: string;
  lenderId: string;
  /** Strings that must never appear in a refused answer (national ids, ids, names of the parties). */
  secrets: string[];
  /** Every caller by name; null is anonymous. */
  tokens: Record<CallerName, string | null>;
  /** What each caller is, for the policy: kind plus staff roles. */
  callers: Record<CallerName, CallerProfile>;
  /** A Norwegian national id nobody has used yet. */
  freshNationalId(): string;
}

export type CallerProfile =
  | { kind: 'anonymous' }
  | { kind: 'badToken' }
  | { kind: 'owner' }
  | { kind: 'coApplicant' }
  | { kind: 'otherCustomer' }
  | { kind: 'otherPerson' }
  /** agent: absent for a token naming an enabled agent; 'none' (machine account), 'disabled' (ADR 0020). */
  | { kind: 'staff'; roles: TokenRole[]; agent?: 'none' | 'disabled' };

/** Staff roles of the token catalogue (§3), each tried in the application's country. */
export const staffRoleNames = [
  'Super',
  'Manager',
  'BusinessManager',
  'Sales',
  'SecuredSales',
  'Telemarketing',
  'TelemarketingLimited',
  'Service',
  'Partner',
  'Affiliate',
  'LegacyPlatform',
  'Lender',
  'Developer',
  'InsuranceBroker',
  'Subscriber',
  'DeadLetterQueue',
] as const;

// Distinct for the whole test file (the fuzzer builds new worlds as it goes): birth date and serial vary.
function nationalId(): string {
  const index = nextTestFileSerial('security-world');
  const day = String(1 + (index % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(index / 28) % 12)).padStart(2, '0');
  return makeTestNationalId('NO', `1979-${month}-${day}`, 10 + Math.floor(index / 336));
}

export async function buildWorld(t: TestApp, options: { offers?: boolean } = {}): Promise<World> {
  const ownerId = nationalId();
  const coId = nationalId();
  const owner = await t.login({ nationalId: ownerId, country: 'NO', role: 'Customer' });
  const details = mainApplicantDetails({ grossYearlyIncome: 720_000, netMonthlyIncome: 45_000 });
  const created = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: bearer(owner.token),
    payload: {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
      MainApplicant: details,
      CoApplicant: { ...details, NationalID: coId, EmployerName: 'Kystmekanikk AS' },
    },
  });
  if (created.statusCode !== 201) throw new Error(`world: create ${created.statusCode} ${created.body}`);
  const application = created.json();
  const co = await t.login({ nationalId: coId, country: 'NO', role: 'Customer' });
  let quote: { id: string; lenderId: string } = { id: randomUUID(), lenderId: 'no-such-lender' };
  if (options.offers !== false) {
    const submitted = await t.app.inject({
      method: 'PATCH',
      url: `/loan-application/${application.ID}/application-complete`,
      headers: bearer(owner.token),
      payload: {},
    });
    if (submitted.statusCode !== 200)
      throw new Error(`world: submit ${submitted.statusCode} ${submitted.body}`);
    await settle(t, testWorker(t, { externalData: fixedExternalData() }));
    const quotes = await t.database.db
      .select()
      .from(loanQuote)
      .where(eq(loanQuote.loanApplicationId, application.ID));
    if (!quotes[0]) throw new Error('world: no offer arrived');
    quote = quotes[0];
  }

  const other = await t.login({ nationalId: nationalId(), country: 'NO', role: 'Customer' });
  const otherPerson = await t.login({ nationalId: nationalId(), country: 'NO', role: 'Person' });

  const tokens: World['tokens'] = { anonymous: null };
  const callers: World['callers'] = { anonymous: { kind: 'anonymous' } };
  const add = (name: string, token: string | null, profile: CallerProfile) => {
    tokens[name] = token;
    callers[name] = profile;
  };
  add('owner', owner.token, { kind: 'owner' });
  add('co-applicant', co.token, { kind: 'coApplicant' });
  add('other customer', other.token, { kind: 'otherCustomer' });
  add('person not on the application', otherPerson.token, { kind: 'otherPerson' });
  const seRoles: TokenRole[] = [
    { Name: 'Manager', Country: 'SE' },
    { Name: 'Sales', Country: 'SE' },
    { Name: 'Service', Country: 'SE' },
  ];
  add('staff of another country (SE)', await t.staffToken(seRoles, 'SE staff'), {
    kind: 'staff',
    roles: seRoles,
  });
  for (const name of staffRoleNames) {
    const roles: TokenRole[] = [{ Name: name, Country: 'NO' }];
    // Staff sign in as agents (ADR 0020); a lender's service account names its lender instead.
    if (name === 'Lender') {
      const token = (await t.tokens.sign({ Roles: roles, sub: `lender:${quote.lenderId}` })) as string;
      add(`staff ${name} (NO)`, token, { kind: 'staff', roles, agent: 'none' });
    } else add(`staff ${name} (NO)`, await t.staffToken(roles, `${name} agent`), { kind: 'staff', roles });
  }
  // A team lead whose agent was disabled, and a machine account with the same role: the back office
  // refuses both (ADR 0020), the applicant-facing routes go by role alone.
  const managerNO: TokenRole[] = [{ Name: 'Manager', Country: 'NO' }];
  const disabled = await findOrCreateAgent(t.database.db, { name: 'Disabled manager', roles: managerNO });
  await updateAgent(t.database.db, disabled.id, { disabled: true }, t.clock.now());
  add(
    'disabled agent (Manager NO)',
    (await t.tokens.sign({ Roles: managerNO, sub: disabled.id })) as string,
    { kind: 'staff', roles: managerNO, agent: 'disabled' },
  );
  add(
    'machine token (Manager NO, no agent)',
    (await t.tokens.sign({ Roles: managerNO, sub: 'service:matrix' })) as string,
    { kind: 'staff', roles: managerNO, agent: 'none' },
  );
  for (const [name, token] of Object.entries(await badTokens(t, owner.token))) {
    add(name, token, { kind: 'badToken' });
  }

  return {
    applicationId: application.ID,
    humanReadableId: application.HumanReadableID,
    customerId: owner.CustomerID,
    personId: owner.PersonID,
    coPersonId: co.PersonID,
    coCustomerId: co.CustomerID,
    otherCustomerId: other.CustomerID,
    quoteId: quote.id,
    lenderId: quote.lenderId,
    secrets: [
      ownerId,
      coId,
      application.ID,
      application.HumanReadableID,
      owner.CustomerID,
      owner.PersonID,
      co.PersonID,
      'Fjordverket',
      'Kystmekanikk',
    ],
    tokens,
    callers,
    freshNationalId: nationalId,
  };
}

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Tokens that must be refused (401) on every route, even the public ones. */
async function badTokens(t: TestApp, ownerToken: string): Promise<Record<string, string>> {
  const [header, payload, signature] = ownerToken.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const superClaims = { ...claims, Roles: [{ Name: 'Super' }], CustomerID: undefined };
  const expired = createTokenService({
    key: t.signingKey,
    issuer: t.config.jwt.issuer,
    ttlSeconds: 60,
    now: () => new Date(t.clock.now().getTime() - 2 * 3600_000),
  });
  const wrongIssuer = createTokenService({ key: t.signingKey, issuer: 'someone-else', ttlSeconds: 600 });
  const foreignKey = createTokenService({
    key: await loadSigningKey({}),
    issuer: t.config.jwt.issuer,
    ttlSeconds: 600,
    now: t.clock.now,
  });
  const publicPem = await exportSPKI(t.signingKey.publicKey);
  const keyConfused = await new SignJWT(superClaims)
    .setProtectedHeader({ alg: 'HS256', kid: t.signingKey.kid, typ: 'JWT' })
    .sign(new TextEncoder().encode(publicPem));
  return {
    'expired token': await expired.sign({ Roles: [{ Name: 'Super' }], sub: 'expired' }),
    'tampered token (Super role, owner signature)': `${header}.${base64url(superClaims)}.${signature}`,
    'alg-none token': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(superClaims)}.`,
    'key-confused token (HS256 with the public key)': keyConfused,
    'wrong-issuer token': await wrongIssuer.sign({ Roles: [{ Name: 'Super' }], sub: 'wrong-issuer' }),
    'token signed by another key': await foreignKey.sign({ Roles: [{ Name: 'Super' }], sub: 'forged' }),
    'malformed token': `not.a.jwt-${randomUUID()}`,
  };
}
