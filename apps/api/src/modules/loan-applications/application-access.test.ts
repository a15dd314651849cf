import type { LoanApplication } from '@nordloan/domain/loan-application';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createApplicationAs, freshNationalId, newApplicant, unsecuredNo } from './test-fixtures.ts';

// Authorisation on the application routes (docs/decisions/0006): owners, co-applicants, unscoped persons,
// staff by role and country, and tokens that are missing, expired, forged or unsigned.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newApplicant>>;
let application: LoanApplication;
let coApplicantNationalId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newApplicant(t);
  coApplicantNationalId = freshNationalId();
  application = await createApplicationAs(t, owner.token, {
    ...unsecuredNo,
    CoApplicant: { NationalID: coApplicantNationalId },
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
const patch = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

// Every route that names an application, with a harmless request, to show that none skips the check.
const routesNamingAnApplication = (id: string) =>
  [
    { method: 'GET', url: `/loan-application/${id}` },
    { method: 'GET', url: `/loan-application/${id}/revisions` },
    { method: 'GET', url: `/loan-application/${id}/revisions/1` },
    { method: 'GET', url: `/loan-application/check/app/${id}` },
    { method: 'POST', url: '/loan-application/check/app', payload: { ID: id } },
    { method: 'PATCH', url: `/loan-application/${id}`, payload: { Amount: 155000 } },
    { method: 'PATCH', url: `/loan-application/${id}/step-complete`, payload: { Step: 'loan' } },
    { method: 'POST', url: `/loan-application/${id}/clone`, payload: { CloneOrigin: 'Cloned' } },
    { method: 'POST', url: `/loan-application/${id}/archive`, payload: { Reason: 'Withdrawn-by-customer' } },
    { method: 'DELETE', url: `/loan-application/${id}/co-applicant` },
    { method: 'GET', url: `/loan-application/${id}/car` },
    { method: 'POST', url: `/loan-application/${id}/child`, payload: { BirthYear: 2015 } },
    {
      method: 'PATCH',
      url: `/loan-application/${id}/debt`,
      payload: { ID: '00000000-0000-4000-8000-000000000000', Balance: 1 },
    },
    { method: 'DELETE', url: `/loan-application/${id}/expense?ID=00000000-0000-4000-8000-000000000000` },
    { method: 'GET', url: `/loan-application/${id}/channel-snapshot` },
    { method: 'POST', url: `/loan-application/${id}/channel-snapshot`, payload: { UtmSource: 'x' } },
  ] as const;

describe('applicants', () => {
  it('the owner (customer token) reads it', async () => {
    expect((await get(`/loan-application/${application.ID}`, owner.token)).statusCode).toBe(200);
  });

  it('the same person with a person-role (unscoped) token reads it as main applicant', async () => {
    const asPerson = await t.login({
      nationalId: await nationalIdOf(owner.PersonID),
      country: 'NO',
      role: 'Person',
    });
    expect((await get(`/loan-application/${application.ID}`, asPerson.token)).statusCode).toBe(200);
  });

  it('the co-applicant reaches it through their PersonID and finds it in their search', async () => {
    const co = await t.login({ nationalId: coApplicantNationalId, country: 'NO', role: 'Person' });
    expect((await get(`/loan-application/${application.ID}`, co.token)).statusCode).toBe(200);
    const page = (await get('/loan-application', co.token)).json();
    expect(page.Items.map((item: LoanApplication) => item.ID)).toEqual([application.ID]);
  });

  it('another customer and an unrelated person get 404 on every route, and see nothing in search', async () => {
    const otherCustomer = await newApplicant(t);
    const unscoped = await newApplicant(t, { role: 'Person' });
    for (const stranger of [otherCustomer, unscoped]) {
      for (const route of routesNamingAnApplication(application.ID)) {
        const response = await t.app.inject({ ...route, headers: bearer(stranger.token) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(response.json().Message).toBe('This page could not be found');
      }
      const page = (await get(`/loan-application?customerID=${owner.CustomerID}`, stranger.token)).json();
      expect(page).toMatchObject({ Total: 0, Items: [] });
      expect((await get(`/loan-application?personID=${owner.PersonID}`, stranger.token)).json().Total).toBe(
        0,
      );
    }
    expect((await get(`/loan-application/${application.ID}`, owner.token)).json().Revision).toBe(
      application.Revision,
    );
  });
});

describe('staff', () => {
  it('Sales NO reads and changes NO applications', async () => {
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await get(`/loan-application/${application.ID}`, sales)).statusCode).toBe(200);
    const response = await patch(`/loan-application/${application.ID}`, sales, { LoanPurpose: 'Vehicle' });
    expect(response.statusCode).toBe(200);
    const revisions = (await get(`/loan-application/${application.ID}/revisions`, sales)).json();
    // Staff tokens carry the agent's uuid as subject (ADR 0020).
    expect(revisions.at(-1).ChangedBy).toMatch(/^staff:[0-9a-f-]{36}$/);
    expect((await get(`/loan-application?customerID=${owner.CustomerID}`, sales)).json().Total).toBe(1);
  });

  it('staff of another country, and a staff role without a country, get 404 and an empty search', async () => {
    for (const roles of [[{ Name: 'Sales', Country: 'SE' as const }], [{ Name: 'Manager' }]]) {
      const token = await t.staffToken(roles);
      expect((await get(`/loan-application/${application.ID}`, token)).statusCode).toBe(404);
      expect((await get('/loan-application', token)).json().Total).toBe(0);
    }
  });

  it('TelemarketingLimited may read but not change: 403 on PATCH', async () => {
    const token = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await get(`/loan-application/${application.ID}`, token)).statusCode).toBe(200);
    expect((await patch(`/loan-application/${application.ID}`, token, { Amount: 155000 })).statusCode).toBe(
      403,
    );
  });

  it('Lender, Affiliate and Developer have no direct access (404)', async () => {
    for (const name of ['Lender', 'Affiliate', 'Developer']) {
      const token = await t.staffToken([{ Name: name, Country: 'NO' }]);
      expect((await get(`/loan-application/${application.ID}`, token)).statusCode, name).toBe(404);
    }
  });

  it('Super reaches every country, with or without a Country on the role', async () => {
    const token = await t.staffToken([{ Name: 'Super' }]);
    expect((await get(`/loan-application/${application.ID}`, token)).statusCode).toBe(200);
    expect((await get('/loan-application', token)).json().Total).toBeGreaterThanOrEqual(1);
  });

  it('loadApplicationForCaller answers 404 for read without access and 403 for write with read only', async () => {
    const db = t.database.db;
    const caller: Caller = {
      kind: 'staff',
      agentId: 'a',
      roles: [{ Name: 'TelemarketingLimited', Country: 'NO' }],
      tokenId: 'j',
    };
    await expect(
      loadApplicationForCaller({ db, caller, applicationId: application.ID, access: 'read' }),
    ).resolves.toMatchObject({ id: application.ID });
    await expect(
      loadApplicationForCaller({ db, caller, applicationId: application.ID, access: 'write' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const lender: Caller = { ...caller, roles: [{ Name: 'Lender', Country: 'NO' }] };
    await expect(
      loadApplicationForCaller({ db, caller: lender, applicationId: application.ID, access: 'read' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('tokens', () => {
  it('no token: 401 Missing token on every route', async () => {
    for (const route of [
      ...routesNamingAnApplication(application.ID),
      { method: 'GET', url: '/loan-application' },
      { method: 'GET', url: '/loan-application/statuses/all' },
      { method: 'POST', url: '/loan-application', payload: unsecuredNo },
    ] as const) {
      const response = await t.app.inject(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().Message).toBe('Missing token');
    }
  });

  it('an expired token: 401 JWT expired', async () => {
    const token = (
      await t.login({ nationalId: await nationalIdOf(owner.PersonID), country: 'NO', role: 'Customer' })
    ).token;
    t.clock.advance((t.config.jwt.ttlSeconds + 1) * 1000);
    const response = await get(`/loan-application/${application.ID}`, token);
    t.clock.set(new Date());
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('JWT expired');
  });

  it('a token signed by another key: 401 Invalid JWT', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const forged = await new SignJWT({
      CustomerID: owner.CustomerID,
      PersonID: owner.PersonID,
      Roles: [{ Name: 'Customer' }],
    })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(t.config.jwt.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .setJti('forged')
      .sign(privateKey);
    const response = await get(`/loan-application/${application.ID}`, forged);
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('Invalid JWT');
  });

  it('an unsigned alg:none token: 401', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
      CustomerID: owner.CustomerID,
      Roles: [{ Name: 'Super' }],
      iss: t.config.jwt.issuer,
      iat: now,
      exp: now + 600,
      jti: 'none',
    })}.`;
    const response = await get(`/loan-application/${application.ID}`, unsigned);
    expect(response.statusCode).toBe(401);
    expect(response.json().Message).toBe('Invalid JWT');
  });
});

async function nationalIdOf(personId: string): Promise<string> {
  // Through the repository: the column holds only the sealed number (ADR 0033).
  return (await findPersonById(t.database.db, personId))!.nationalId;
}
