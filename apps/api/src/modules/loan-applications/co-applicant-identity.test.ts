import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPersonById, updatePerson } from '#src/modules/persons/person.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createApplicationAs, freshNationalId, newApplicant, unsecuredNo } from './test-fixtures.ts';

// Naming someone as co-applicant by national id must not give the caller a hold on that person's
// identity: contact data from the request would route that person's magic links to the caller.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const attackerContact = {
  FirstName: 'Mallory',
  LastName: 'Attacker',
  Email: 'attacker@example.com',
  Phone: '+4799999999',
};

async function patch(token: string, id: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url: `/loan-application/${id}`, headers: bearer(token), payload });
}

describe('co-applicant named by national id', () => {
  it('a co-applicant added by an applicant gets no names, e-mail or phone from the request', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const response = await patch(me.token, created.ID, {
      CoApplicant: { NationalID: freshNationalId(), ...attackerContact, NetMonthlyIncome: 30000 },
    });
    expect(response.statusCode).toBe(200);
    const co = await findPersonById(t.database.db, response.json().CoApplicantPersonID);
    expect(co).toMatchObject({ email: null, phone: null, firstName: null, lastName: null });
    expect(response.json().CoApplicant).toMatchObject({ NetMonthlyIncome: 30000 });
  });

  it('a co-applicant named at create gets no e-mail or phone from the request either', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token, {
      ...unsecuredNo,
      CoApplicant: { NationalID: freshNationalId(), ...attackerContact },
    });
    const co = await findPersonById(t.database.db, created.CoApplicantPersonID!);
    expect(co).toMatchObject({ email: null, phone: null, firstName: null, lastName: null });
  });

  it("an existing person's e-mail and phone are unchanged after someone names them as co-applicant", async () => {
    const victim = await newApplicant(t);
    await updatePerson(
      t.database.db,
      victim.PersonID,
      { email: 'victim@example.no', phone: '+4791111111', firstName: 'Vera' },
      new Date(),
    );
    const victimNationalId = (await findPersonById(t.database.db, victim.PersonID))!.nationalId;

    const attacker = await newApplicant(t);
    const created = await createApplicationAs(t, attacker.token);
    const response = await patch(attacker.token, created.ID, {
      CoApplicant: { NationalID: victimNationalId, ...attackerContact },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().CoApplicantPersonID).toBe(victim.PersonID);
    expect(await findPersonById(t.database.db, victim.PersonID)).toMatchObject({
      email: 'victim@example.no',
      phone: '+4791111111',
      firstName: 'Vera',
    });
  });

  it('staff may still give a new co-applicant their contact data', async () => {
    const owner = await newApplicant(t);
    const created = await createApplicationAs(t, owner.token);
    const staff = await t.staffToken([{ Name: 'Super' }]);
    const response = await patch(staff, created.ID, {
      CoApplicant: { NationalID: freshNationalId(), ...attackerContact },
    });
    expect(response.statusCode).toBe(200);
    const co = await findPersonById(t.database.db, response.json().CoApplicantPersonID);
    expect(co).toMatchObject({ email: 'attacker@example.com', phone: '+4799999999', firstName: 'Mallory' });
  });
});
