import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptance } from '#src/db/schema/applicant.ts';
import { customer } from '#src/db/schema/core.ts';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-15T10:00:00Z'));
});
afterAll(() => t.close());

const customerCount = async () => (await t.database.db.select({ n: count() }).from(customer))[0]!.n;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('POST /customer?accepted_terms (no token)', () => {
  it('creates an unlinked customer with the accepted terms (version, time, brand) and a token for it alone', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms',
      payload: { Brand: 'no-alt2', Email: 'Kari.Nordmann@Example.no', Phone: '+47 912 34 567' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      PersonID: null,
      Brand: 'no-alt2',
      Country: 'NO',
      Email: 'kari.nordmann@example.no',
      EmailVerified: false,
      Phone: '+4791234567',
      AcceptedTermsVersion: 'user-terms_2_20260301_no-alt2',
      AcceptedTermsAt: '2026-06-15T10:00:00.000Z',
      AcceptedTermsBrand: 'no-alt2',
    });
    expect(body.CustomerID).toBe(body.ID);
    expect(claimsOf(body.JWT)).toMatchObject({
      CustomerID: body.ID,
      Roles: [{ Name: 'Customer', Country: 'NO' }],
    });
    expect(claimsOf(body.JWT).PersonID).toBeUndefined();
    const acceptances = await t.database.db
      .select()
      .from(termsAcceptance)
      .where(eq(termsAcceptance.customerId, body.ID));
    expect(acceptances).toMatchObject([
      { tcType: 'user-terms', versionLabel: 'user-terms_2_20260301_no-alt2' },
    ]);

    const own = await t.app.inject({ url: `/customer/${body.ID}`, headers: bearer(body.JWT) });
    expect(own.statusCode).toBe(200);
    expect(own.json().ID).toBe(body.ID);
  });

  it('records an older published version when that is the one shown, and the host brand when none is named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms=true',
      headers: { host: 'no-alt3.localhost' },
      payload: { TermsVersion: 'user-terms_1_20250101_no-alt3' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      Brand: 'no-alt3',
      AcceptedTermsVersion: 'user-terms_1_20250101_no-alt3',
    });
  });

  it('answers a known e-mail address exactly like a new one and reveals nothing about the existing customer', async () => {
    const first = (
      await t.app.inject({
        method: 'POST',
        url: '/customer?accepted_terms',
        payload: { Email: 'same@example.se' },
      })
    ).json();
    const second = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms',
      payload: { Email: 'same@example.se' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().ID).not.toBe(first.ID);
    const probe = await t.app.inject({ url: `/customer/${first.ID}`, headers: bearer(second.json().JWT) });
    expect(probe.statusCode).toBe(404);
    const byEmail = await t.app.inject({
      url: '/customer?email=same@example.se',
      headers: bearer(second.json().JWT),
    });
    expect(byEmail.json().ID).toBe(second.json().ID);
  });

  it.each([
    ['without accepted_terms', '/customer', {}, 'accepted_terms'],
    ['with accepted_terms=false', '/customer?accepted_terms=false', {}, 'accepted_terms'],
    ['with an unknown brand', '/customer?accepted_terms', { Brand: 'xx-nope' }, 'Brand'],
    [
      'with terms not published yet',
      '/customer?accepted_terms',
      { Brand: 'dk-main', TermsVersion: 'user-terms_9_20300101_dk-main' },
      'TermsVersion',
    ],
    [
      'with terms of another brand',
      '/customer?accepted_terms',
      { Brand: 'dk-main', TermsVersion: 'user-terms_1_20250101_se-main' },
      'TermsVersion',
    ],
    ['with a bad e-mail', '/customer?accepted_terms', { Email: 'not-an-address' }, 'Email'],
    [
      'naming a person (identity comes only from e-ID)',
      '/customer?accepted_terms',
      { PersonID: '00000000-0000-4000-8000-000000000000' },
      '',
    ],
    ['with a national id', '/customer?accepted_terms', { NationalID: '01019012345' }, ''],
  ])('refuses a sign-up %s with 400 and creates nothing', async (_case, url, payload, field) => {
    const before = await customerCount();
    const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.0.0.2' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Bad).toBe(true);
    if (field) expect(response.json().Errors.map((error: { Field: string }) => error.Field)).toContain(field);
    expect(await customerCount()).toBe(before);
  });

  it('answers the §8 Unknown brand for an unknown brand', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms',
      payload: { Brand: 'xx-nope' },
      remoteAddress: '10.0.0.3',
    });
    expect(response.json().Message).toBe('Unknown brand');
  });

  it('is rate-limited per client: 429 with Retry-After', async () => {
    let response = await t.app.inject({
      method: 'POST',
      url: '/customer?accepted_terms',
      remoteAddress: '10.9.9.9',
    });
    for (let attempt = 0; attempt < 30 && response.statusCode === 201; attempt++) {
      response = await t.app.inject({
        method: 'POST',
        url: '/customer?accepted_terms',
        remoteAddress: '10.9.9.9',
      });
    }
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ Bad: true, Message: 'Too many requests' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /customer/{id}', () => {
  it('answers the owner, the same person with a person token, and staff of the country', async () => {
    const owner = await newApplicant(t);
    const asPerson = await t.login({
      nationalId: await nationalIdOf(owner.PersonID),
      country: 'NO',
      role: 'Person',
    });
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    for (const token of [owner.token, asPerson.token, staff]) {
      const response = await t.app.inject({ url: `/customer/${owner.CustomerID}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        ID: owner.CustomerID,
        PersonID: owner.PersonID,
        Country: 'NO',
      });
    }
  });

  it('answers 404 to someone else and to staff of another country, 401 without a token', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    const swedishStaff = await t.staffToken([{ Name: 'Sales', Country: 'SE' }]);
    for (const token of [other.token, swedishStaff]) {
      const response = await t.app.inject({ url: `/customer/${owner.CustomerID}`, headers: bearer(token) });
      expect(response.statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({ url: `/customer/${owner.CustomerID}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().Message).toBe('Missing token');
    const notAnId = await t.app.inject({ url: '/customer/not-a-uuid', headers: bearer(owner.token) });
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('GET /customer?email=', () => {
  it('finds the caller’s own customer by e-mail (any case), and staff find it too', async () => {
    const owner = await newApplicant(t);
    await patch(owner.CustomerID, owner.token, { Email: 'Finn.Me@Example.no' });
    const staff = await t.staffToken([{ Name: 'Manager', Country: 'NO' }]);
    for (const token of [owner.token, staff]) {
      const response = await t.app.inject({
        url: '/customer?email=FINN.ME@example.no',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().ID).toBe(owner.CustomerID);
    }
  });

  it('answers 404 for someone else’s address, 401 without a token, 400 without a valid address', async () => {
    const owner = await newApplicant(t);
    await patch(owner.CustomerID, owner.token, { Email: 'private@example.no' });
    const other = await newApplicant(t);
    expect(
      (await t.app.inject({ url: '/customer?email=private@example.no', headers: bearer(other.token) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/customer?email=private@example.no' })).statusCode).toBe(401);
    for (const url of ['/customer', '/customer?email=nope']) {
      const response = await t.app.inject({ url, headers: bearer(owner.token) });
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors[0].Field).toBe('email');
    }
  });
});

describe('PATCH /customer/{id}', () => {
  it('changes contact details; a new e-mail is unverified', async () => {
    const owner = await newApplicant(t);
    const response = await patch(owner.CustomerID, owner.token, {
      Email: 'ny@example.no',
      Phone: '912 34 567',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Email: 'ny@example.no',
      Phone: '91234567',
      EmailVerified: false,
    });
    const cleared = await patch(owner.CustomerID, owner.token, { Phone: null });
    expect(cleared.json().Phone).toBeNull();
  });

  it('records newly accepted terms (version, time, brand) and keeps every acceptance', async () => {
    const owner = await newApplicant(t, { brand: 'no-alt1' });
    await patch(owner.CustomerID, owner.token, { AcceptedTermsVersion: 'user-terms_1_20250101_no-alt1' });
    t.clock.advance(60_000);
    const response = await patch(owner.CustomerID, owner.token, {
      AcceptedTermsVersion: 'user-terms_2_20260301_no-alt1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      AcceptedTermsVersion: 'user-terms_2_20260301_no-alt1',
      AcceptedTermsBrand: 'no-alt1',
      AcceptedTermsAt: t.clock.now().toISOString(),
    });
    const acceptances = await t.database.db
      .select()
      .from(termsAcceptance)
      .where(eq(termsAcceptance.customerId, owner.CustomerID));
    expect(acceptances.map((row) => row.versionLabel)).toEqual([
      'user-terms_1_20250101_no-alt1',
      'user-terms_2_20260301_no-alt1',
    ]);
  });

  it.each([
    [{}, ''],
    [{ Email: 'broken' }, 'Email'],
    [{ Phone: 'call me' }, 'Phone'],
    [{ Brand: 'no-main' }, ''],
    [{ PersonID: '00000000-0000-4000-8000-000000000000' }, ''],
    [{ AcceptedTermsVersion: 'user-terms_1_20250101_se-main' }, 'AcceptedTermsVersion'],
    [{ AcceptedTermsVersion: 'user-terms_7_20250101_no-main' }, 'AcceptedTermsVersion'],
  ])('refuses %j with 400 and changes nothing', async (payload, field) => {
    const owner = await newApplicant(t);
    await patch(owner.CustomerID, owner.token, { Email: 'keep@example.no' });
    const before = (
      await t.app.inject({ url: `/customer/${owner.CustomerID}`, headers: bearer(owner.token) })
    ).json();
    const response = await patch(owner.CustomerID, owner.token, payload);
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().Errors[0].Field).toBe(field);
    const after = (
      await t.app.inject({ url: `/customer/${owner.CustomerID}`, headers: bearer(owner.token) })
    ).json();
    expect(after).toEqual(before);
  });

  it('answers Unknown brand for terms of a brand in another country', async () => {
    const owner = await newApplicant(t);
    const response = await patch(owner.CustomerID, owner.token, {
      AcceptedTermsVersion: 'user-terms_1_20250101_se-main',
    });
    expect(response.json().Message).toBe('Unknown brand');
  });

  it('answers 404 to someone else, 401 without a token, 403 to staff who may only read', async () => {
    const owner = await newApplicant(t);
    const other = await newApplicant(t);
    expect((await patch(owner.CustomerID, other.token, { Phone: '12345678' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/customer/${owner.CustomerID}`,
      payload: { Phone: '12345678' },
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await patch(owner.CustomerID, readOnly, { Phone: '12345678' })).statusCode).toBe(403);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await patch(owner.CustomerID, sales, { Phone: '12345678' })).statusCode).toBe(200);
  });
});

function patch(id: string, token: string, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/customer/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });
}

async function nationalIdOf(personId: string): Promise<string> {
  const { person } = await import('#src/db/schema/core.ts');
  const [row] = await t.database.db.select().from(person).where(eq(person.id, personId));
  return row!.nationalId;
}
