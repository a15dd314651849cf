import type { LoanApplication } from '@nordloan/domain/loan-application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { updateApplicationStatus } from './application-write.repository.ts';
import {
  completeApplicant,
  createApplicationAs,
  freshNationalId,
  newApplicant,
  unsecuredNo,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

// Clone, archive and check/app (§7).

describe('clone and archive', () => {
  it('clones into a new application at status 100 with CloneOrigin and ClonedFromID; the source records it', async () => {
    const me = await newApplicant(t);
    const source = await createApplicationAs(t, me.token, {
      ...unsecuredNo,
      MainApplicant: { MaritalStatus: 'Single' },
    });
    await inject('POST', `/loan-application/${source.ID}/debt`, me.token, {
      DebtType: 'Car',
      Balance: 90000,
    });
    await updateApplicationStatus(t.database.db, source.ID, 388, { changedBy: 'test', now: t.clock.now() });

    const response = await inject('POST', `/loan-application/${source.ID}/clone`, me.token, {
      CloneOrigin: 'Cloned',
    });
    expect(response.statusCode).toBe(201);
    const clone: LoanApplication = response.json();
    expect(clone).toMatchObject({
      Status: 100,
      Revision: 1,
      CloneOrigin: 'Cloned',
      ClonedFromID: source.ID,
      Amount: 150000,
      CustomerID: me.CustomerID,
      MainApplicant: { MaritalStatus: 'Single' },
    });
    expect(clone.ID).not.toBe(source.ID);
    expect(clone.HumanReadableID).not.toBe(source.HumanReadableID);
    expect((await inject('GET', `/loan-application/${clone.ID}/debt`, me.token)).json()).toHaveLength(1);
    const sourceRevisions = (
      await inject('GET', `/loan-application/${source.ID}/revisions`, me.token)
    ).json();
    expect(sourceRevisions.at(-1).Reason).toBe(`cloned-to:${clone.HumanReadableID}`);
  });

  it('refuses an applicant clone of a still-active application of the product (403 applicationIDs); staff may clone it', async () => {
    const me = await newApplicant(t);
    const source = await createApplicationAs(t, me.token);
    const refused = await inject('POST', `/loan-application/${source.ID}/clone`, me.token, {
      CloneOrigin: 'Cloned',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().applicationIDs).toEqual([source.ID]);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    const manual = await inject('POST', `/loan-application/${source.ID}/clone`, sales, {
      CloneOrigin: 'ManuallyCreated',
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().CloneOrigin).toBe('ManuallyCreated');
    expect(
      (await inject('POST', `/loan-application/${source.ID}/clone`, sales, { CloneOrigin: 'Copied' }))
        .statusCode,
    ).toBe(400);
  });

  it('archives with a reason, hides it from the applicant’s search, and refuses further changes', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const bad = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Bored',
    });
    expect(bad.statusCode).toBe(400);
    const response = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Withdrawn-by-customer',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ArchiveReason: 'Withdrawn-by-customer',
      Status: 100,
      Revision: 2,
    });
    expect(response.json().ArchivedAt).toEqual(expect.any(String));
    expect((await inject('GET', '/loan-application', me.token)).json().Total).toBe(0);
    expect((await inject('GET', `/loan-application/${created.ID}`, me.token)).statusCode).toBe(200);
    const patch = await inject('PATCH', `/loan-application/${created.ID}`, me.token, { Amount: 160000 });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().Message).toBe('Application is archived');
    // An archived application does not block a new one.
    await createApplicationAs(t, me.token);
  });

  it('refuses an applicant archive while the banks process the application (409)', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    await updateApplicationStatus(t.database.db, created.ID, 310, { changedBy: 'test', now: t.clock.now() });
    const response = await inject('POST', `/loan-application/${created.ID}/archive`, me.token, {
      Reason: 'Withdrawn-by-customer',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('check/app', () => {
  it('GET lists what is missing, and is Valid once the application is complete', async () => {
    const me = await newApplicant(t);
    const created = await createApplicationAs(t, me.token);
    const before = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(before.Valid).toBe(false);
    expect(before.Errors).toContainEqual({ Field: 'LoanPurpose', Message: 'LoanPurpose is required' });
    expect(before.Errors).toContainEqual({
      Field: 'MainApplicant.EmploymentType',
      Message: 'MainApplicant.EmploymentType is required',
    });

    await inject('PATCH', `/loan-application/${created.ID}`, me.token, {
      LoanPurpose: 'Renovation',
      MainApplicant: completeApplicant,
    });
    const after = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(after).toEqual({ Valid: true, Errors: [] });

    await inject('PATCH', `/loan-application/${created.ID}`, me.token, { ApplicantMode: 'SwapApplicants' });
    const noCo = (await inject('GET', `/loan-application/check/app/${created.ID}`, me.token)).json();
    expect(noCo.Errors.map((error: { Field: string }) => error.Field)).toEqual(['CoApplicant']);
  });

  it('POST validates a posted application, alone or laid over a stored one', async () => {
    const me = await newApplicant(t);
    const alone = (
      await inject('POST', '/loan-application/check/app', me.token, {
        ...unsecuredNo,
        Amount: 5000,
        LoanPurpose: 'Holiday',
        MainApplicant: completeApplicant,
      })
    ).json();
    expect(alone.Valid).toBe(false);
    expect(alone.Errors.map((error: { Field: string }) => error.Field)).toEqual(['Amount']);

    const created = await createApplicationAs(t, me.token, {
      ...unsecuredNo,
      LoanPurpose: 'Holiday',
      MainApplicant: completeApplicant,
    });
    const withCo = (
      await inject('POST', '/loan-application/check/app', me.token, {
        ID: created.ID,
        CoApplicant: { NationalID: freshNationalId(), NetMonthlyIncome: 20000 },
      })
    ).json();
    expect(withCo.Valid).toBe(false);
    expect(withCo.Errors.every((error: { Field: string }) => error.Field.startsWith('CoApplicant.'))).toBe(
      true,
    );
    expect(
      (await inject('POST', '/loan-application/check/app', me.token, { ID: created.ID })).json(),
    ).toEqual({ Valid: true, Errors: [] });

    const other = await newApplicant(t);
    expect(
      (await inject('POST', '/loan-application/check/app', other.token, { ID: created.ID })).statusCode,
    ).toBe(404);
  });
});
