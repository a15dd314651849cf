import { makeTestNationalId, maskNationalId } from '@nordloan/domain/national-id';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '#src/db/schema/core.ts';
import type { Caller } from '#src/lib/caller.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { type AuditLog, getPerson } from './person.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nationalIdOf = async (personId: string) =>
  (await t.database.db.select().from(person).where(eq(person.id, personId)))[0]!.nationalId;
const personCount = async () => (await t.database.db.select({ n: count() }).from(person))[0]!.n;
const get = (id: string, token?: string, query = '') =>
  t.app.inject({ url: `/person/${id}${query}`, headers: token ? bearer(token) : {} });
const patch = (id: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/person/${id}`, headers: bearer(token), payload: payload as object });

describe('GET /person/{id}', () => {
  it('answers the person themself with the national id masked', async () => {
    const applicant = await newApplicant(t, { role: 'Person' });
    const response = await get(applicant.PersonID, applicant.token);
    expect(response.statusCode).toBe(200);
    const nationalId = await nationalIdOf(applicant.PersonID);
    expect(response.json()).toMatchObject({
      ID: applicant.PersonID,
      Country: 'NO',
      NationalID: maskNationalId(nationalId),
      BirthDate: '1988-08-08',
    });
    expect(response.body).not.toContain(nationalId);
  });

  it('answers staff, and shows them the full number only when they ask for it', async () => {
    const applicant = await newApplicant(t);
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await get(applicant.PersonID, staff)).json().NationalID).toContain('*');
    const revealed = await get(applicant.PersonID, staff, '?reveal=NationalID');
    expect(revealed.json().NationalID).toBe(await nationalIdOf(applicant.PersonID));
    const byApplicant = await get(applicant.PersonID, applicant.token, '?reveal=NationalID');
    expect(byApplicant.statusCode).toBe(403);
  });

  it('answers someone else and staff of another country 404, no token 401', async () => {
    const applicant = await newApplicant(t);
    const other = await newApplicant(t);
    const danishStaff = await t.staffToken([{ Name: 'Sales', Country: 'DK' }]);
    expect((await get(applicant.PersonID, other.token)).statusCode).toBe(404);
    expect((await get(applicant.PersonID, danishStaff)).statusCode).toBe(404);
    expect((await get(applicant.PersonID)).statusCode).toBe(401);
    expect((await get('nope', applicant.token)).statusCode).toBe(404);
  });
});

describe('GET /person/{id}?reveal=NationalID (review fix: permission and audit)', () => {
  it('answers read-only staff 403 and Sales of the country 200', async () => {
    const applicant = await newApplicant(t);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await get(applicant.PersonID, readOnly)).statusCode).toBe(200);
    const refused = await get(applicant.PersonID, readOnly, '?reveal=NationalID');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(await nationalIdOf(applicant.PersonID));
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const revealed = await get(applicant.PersonID, sales, '?reveal=NationalID');
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().NationalID).toBe(await nationalIdOf(applicant.PersonID));
  });

  it('writes one audit line per reveal: who, which person, when — never the number', async () => {
    const applicant = await newApplicant(t);
    const nationalId = await nationalIdOf(applicant.PersonID);
    const lines: unknown[] = [];
    const log = { info: (object: unknown) => lines.push(object) } as unknown as AuditLog;
    const caller: Caller = {
      kind: 'staff',
      agentId: 'dev-staff:Auditor',
      roles: [{ Name: 'Sales', Country: 'NO' }],
      tokenId: 'x',
    };
    const masked = await getPerson({
      db: t.database.db,
      caller,
      personId: applicant.PersonID,
      log,
      now: t.clock.now,
    });
    expect(masked.NationalID).not.toBe(nationalId);
    expect(lines).toHaveLength(0);
    await getPerson({
      db: t.database.db,
      caller,
      personId: applicant.PersonID,
      reveal: 'NationalID',
      log,
      now: t.clock.now,
    });
    expect(lines).toEqual([
      {
        event: 'person_national_id_reveal',
        agentId: 'dev-staff:Auditor',
        personId: applicant.PersonID,
        country: 'NO',
        at: t.clock.now().toISOString(),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(nationalId);
    const audit = await listAudit(t.database.db, { subjectId: applicant.PersonID, offset: 0, limit: 10 });
    expect(audit.Items).toMatchObject([
      {
        Action: 'person.revealNationalId',
        SubjectType: 'person',
        Actor: 'staff:dev-staff:Auditor',
        Country: 'NO',
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(nationalId);
  });
});

describe('PATCH /person/{id} (partial)', () => {
  it('changes only the fields sent, including the address kind and the PEP self-declaration', async () => {
    const applicant = await newApplicant(t);
    const first = await patch(applicant.PersonID, applicant.token, {
      FirstName: 'Kari',
      LastName: 'Nordmann',
      Address: { Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo', Country: 'no' },
      Citizenship: 'NO',
    });
    expect(first.statusCode).toBe(200);
    const second = await patch(applicant.PersonID, applicant.token, {
      Address: { Kind: 'Co', CoName: 'Ola Hansen' },
      IsPoliticallyExposed: true,
      PoliticallyExposedRole: 'Member of a municipal council',
    });
    expect(second.json()).toMatchObject({
      FirstName: 'Kari',
      LastName: 'Nordmann',
      Address: {
        Kind: 'Co',
        CoName: 'Ola Hansen',
        Street: 'Storgata 1',
        PostalCode: '0155',
        City: 'Oslo',
        Country: 'NO',
      },
      Citizenship: 'NO',
      IsPoliticallyExposed: true,
      PoliticallyExposedRole: 'Member of a municipal council',
    });
    // Declaring "not exposed" clears the role.
    const third = await patch(applicant.PersonID, applicant.token, { IsPoliticallyExposed: false });
    expect(third.json()).toMatchObject({ IsPoliticallyExposed: false, PoliticallyExposedRole: null });
  });

  it('lets a customer token without PersonID reach the person of its customer', async () => {
    const applicant = await newApplicant(t);
    const token = await t.tokens.sign({
      CustomerID: applicant.CustomerID,
      Roles: [{ Name: 'Customer', Country: 'NO' }],
    });
    expect((await patch(applicant.PersonID, token, { FirstName: 'Via Customer' })).statusCode).toBe(200);
  });

  it.each([
    [{}, ''],
    [{ NationalID: '01019012345' }, ''],
    [{ Country: 'SE' }, ''],
    [{ FirstName: '' }, 'FirstName'],
    [{ Email: 'nope' }, 'Email'],
    [{ Address: { Kind: 'Somewhere' } }, 'Address.Kind'],
    [{ Address: { Kind: 'Co' } }, 'Address.CoName'],
    [{ Address: { Kind: 'Abroad', Country: 'NO' } }, 'Address.Country'],
    [{ IsPoliticallyExposed: true }, 'PoliticallyExposedRole'],
    [{ Citizenship: 'Norway' }, 'Citizenship'],
  ])('refuses %j with 400 and changes nothing', async (payload, field) => {
    const applicant = await newApplicant(t);
    await patch(applicant.PersonID, applicant.token, { FirstName: 'Before' });
    const before = (await get(applicant.PersonID, applicant.token)).json();
    const response = await patch(applicant.PersonID, applicant.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().Bad).toBe(true);
    if (field) expect(response.json().Errors.map((error: { Field: string }) => error.Field)).toContain(field);
    expect((await get(applicant.PersonID, applicant.token)).json()).toEqual(before);
  });

  it('answers someone else 404, no token 401, read-only staff 403; staff of the country may change', async () => {
    const applicant = await newApplicant(t);
    const other = await newApplicant(t);
    expect((await patch(applicant.PersonID, other.token, { FirstName: 'X' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/person/${applicant.PersonID}`,
      payload: { FirstName: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await patch(applicant.PersonID, readOnly, { FirstName: 'X' })).statusCode).toBe(403);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await patch(applicant.PersonID, sales, { FirstName: 'Y' })).json().FirstName).toBe('Y');
  });
});

describe('POST /person', () => {
  const body = (nationalId: string) => ({
    Country: 'SE',
    NationalID: nationalId,
    FirstName: 'Sven',
    LastName: 'Svensson',
    Address: { Kind: 'Fack', Street: 'Fack 123', PostalCode: '111 22', City: 'Stockholm' },
  });

  it('lets staff register a person; the answer masks the national id; birth date comes from it', async () => {
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'SE' }]);
    const nationalId = makeTestNationalId('SE', '1970-03-15', 7);
    const response = await t.app.inject({
      method: 'POST',
      url: '/person',
      headers: bearer(staff),
      payload: body(nationalId),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      Country: 'SE',
      BirthDate: '1970-03-15',
      FirstName: 'Sven',
      Address: { Kind: 'Fack', City: 'Stockholm' },
    });
    expect(response.body).not.toContain(nationalId);

    const again = await t.app.inject({
      method: 'POST',
      url: '/person',
      headers: bearer(staff),
      payload: body(nationalId),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().ID).toBe(response.json().ID);
    expect(again.body).not.toContain(nationalId);
  });

  it('refuses applicants (identity comes from e-ID) with 403, no token with 401, and creates nothing', async () => {
    const applicant = await newApplicant(t);
    const before = await personCount();
    const payload = body(makeTestNationalId('SE', '1970-03-15', 8));
    expect(
      (await t.app.inject({ method: 'POST', url: '/person', headers: bearer(applicant.token), payload }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/person', payload })).statusCode).toBe(401);
    const norwegianStaff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/person', headers: bearer(norwegianStaff), payload }))
        .statusCode,
    ).toBe(403);
    expect(await personCount()).toBe(before);
  });

  it.each([
    [{ NationalID: '19700315-0000' }, 'NationalID'],
    [{ Country: 'XX' }, 'Country'],
    [{ NationalID: undefined }, 'NationalID'],
    [{ Address: { Kind: 'Co' } }, 'Address.CoName'],
  ])('refuses %j with 400 and creates nothing', async (change, field) => {
    const staff = await t.staffToken([{ Name: 'Super' }]);
    const before = await personCount();
    const payload = { ...body(makeTestNationalId('SE', '1970-03-15', 9)), ...change };
    const response = await t.app.inject({ method: 'POST', url: '/person', headers: bearer(staff), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors.map((error: { Field: string }) => error.Field)).toContain(field);
    expect(response.body).not.toContain('19700315');
    expect(await personCount()).toBe(before);
  });
});
