import { countries } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { registeredAddressSchema } from '@nordloan/domain/person';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPeople } from '#src/dev/eid-provider/test-identities.ts';
import { signInPerson } from '#src/modules/auth/auth.service.ts';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createLocalPopulationRegister, standInAddress } from './population-register.ts';

// Issue 38: after the e-ID the apply journey shows what we already know — the name from the e-ID's claims,
// the address from the population register (a local stand-in behind an interface) — for the applicant to
// confirm.

const postalCode = { NO: /^\d{4}$/, SE: /^\d{3} \d{2}$/, FI: /^\d{5}$/, DK: /^\d{4}$/ };

describe('the local population register', () => {
  it('answers the same address for a national id every time, in the format of its country', async () => {
    const register = createLocalPopulationRegister({ delayMs: 0 });
    for (const country of countries) {
      let found = 0;
      for (let serial = 0; serial < 60; serial += 1) {
        const nationalId = makeTestNationalId(country, '1980-05-17', serial);
        const first = await register.addressOf({ country, nationalId });
        expect(await register.addressOf({ country, nationalId })).toEqual(first);
        if (first.status !== 'found') continue;
        found += 1;
        expect(first.address.Country).toBe(country);
        expect(first.address.PostalCode).toMatch(postalCode[country]);
        expect(first.address.Street).toMatch(/^\p{L}[\p{L} ]+ \d{1,2}$/u);
      }
      // Now and then nobody (protected address, emigrated): most people have one.
      expect(found).toBeGreaterThan(45);
    }
  });

  it('gives every test person of the local e-ID provider an address (what a tester picks first)', () => {
    for (const country of countries) {
      for (const person of testPeople(country)) {
        expect(standInAddress(country, person.nationalId).status, person.nationalId).toBe('found');
      }
    }
  });
});

describe('GET /person/{id}/registered-address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const lookUp = (personId: string, token: string) =>
    t.app.inject({ url: `/person/${personId}/registered-address`, headers: bearer(token) });

  it("answers the person their register's address, and names the register", async () => {
    const kari = testPeople('NO')[0]!;
    const applicant = await t.login({ nationalId: kari.nationalId, country: 'NO', role: 'Customer' });
    const response = await lookUp(applicant.PersonID, applicant.token);
    expect(response.statusCode).toBe(200);
    const expected = standInAddress('NO', kari.nationalId);
    expect(expected.status).toBe('found');
    expect(registeredAddressSchema.parse(response.json())).toEqual({
      Register: 'Folkeregisteret',
      Address: expected.status === 'found' ? expected.address : null,
    });
  });

  it('answers nobody else: another person and staff get 404, no token 401', async () => {
    const applicant = await newApplicant(t);
    const other = await newApplicant(t);
    const staff = await t.staffToken([{ Name: 'Super' }]);
    expect((await lookUp(applicant.PersonID, other.token)).statusCode).toBe(404);
    expect((await lookUp(applicant.PersonID, staff)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/person/${applicant.PersonID}/registered-address` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives no address in production without a register configured (the applicant types it)', async () => {
    const production = await createTestApp({ config: { env: 'production' } });
    try {
      const applicant = await newApplicant(production);
      const response = await production.app.inject({
        url: `/person/${applicant.PersonID}/registered-address`,
        headers: bearer(applicant.token),
      });
      expect(response.json()).toEqual({ Register: 'Folkeregisteret', Address: null });
    } finally {
      await production.close();
    }
  });
});

describe('the name from the e-ID', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is kept on a person who has none, and never over a name the person saved', async () => {
    const nationalId = makeTestNationalId('NO', '1985-04-12', 77);
    const signIn = (givenName: string, familyName: string) =>
      signInPerson({
        db: t.database.db,
        tokens: t.tokens,
        country: 'NO',
        nationalId,
        birthDate: '1985-04-12',
        names: { givenName, familyName },
      });
    const first = await signIn(' Kari ', 'Nordmann');
    const person = () =>
      t.app.inject({ url: `/person/${first.PersonID}`, headers: bearer(first.token) }).then((r) => r.json());
    expect(await person()).toMatchObject({
      FirstName: 'Kari',
      LastName: 'Nordmann',
      BirthDate: '1985-04-12',
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/person/${first.PersonID}`,
      headers: bearer(first.token),
      payload: { FirstName: 'Kari Anne' },
    });
    await signIn('Karin', 'Nordmann');
    expect(await person()).toMatchObject({ FirstName: 'Kari Anne', LastName: 'Nordmann' });
  });
});
