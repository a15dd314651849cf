import type { TokenRole } from '@nordloan/domain/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import { createCompleteApplication, submit } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findOpenAssignment } from './assignment.repository.ts';

// Every back-office route of backoffice-core × role × country (ADR 0020): the status each caller gets.
// Norwegian data; callers: NO Sales, SecuredSales, Manager, TelemarketingLimited, a Super, a Swedish Sales
// (must never see Norwegian applicants: 404 on records, empty lists), an applicant and no token.

type Caller = 'sales' | 'secured' | 'manager' | 'readOnly' | 'super' | 'salesSe' | 'customer' | 'none';
const staffCallers: Caller[] = ['sales', 'secured', 'manager', 'readOnly', 'super', 'salesSe'];
const roles: Record<Exclude<Caller, 'customer' | 'none'>, TokenRole[]> = {
  sales: [{ Name: 'Sales', Country: 'NO' }],
  secured: [{ Name: 'SecuredSales', Country: 'NO' }],
  manager: [{ Name: 'Manager', Country: 'NO' }],
  readOnly: [{ Name: 'TelemarketingLimited', Country: 'NO' }],
  super: [{ Name: 'Super' }],
  salesSe: [{ Name: 'Sales', Country: 'SE' }],
};
/** Who may change things in Norway: queue work, notes, withdraw, magic link. */
const noCaseWorkers: Caller[] = ['sales', 'secured', 'manager', 'super'];

describe('back-office routes × role × country', () => {
  let t: TestApp;
  const tokens = new Map<Caller, string | undefined>();
  let application: { id: string; token: string };
  let bucketId: string;
  let humanReadableId: string;

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: tokens.get(caller) ? bearer(tokens.get(caller)!) : {},
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });

  async function freshNorwegianItem() {
    const created = await createCompleteApplication(t, { country: 'NO' });
    // The magic link goes to the applicant's e-mail.
    await updatePerson(
      t.database.db,
      created.personId,
      { email: `${created.personId}@example.com` },
      new Date(),
    );
    expect((await submit(t, created)).statusCode).toBe(200);
    const open = (await findOpenAssignment(t.database.db, created.id))!;
    return { applicationId: created.id, assignment: open };
  }

  beforeAll(async () => {
    t = await createTestApp();
    for (const caller of staffCallers) {
      if (caller !== 'customer' && caller !== 'none')
        tokens.set(caller, await t.staffToken(roles[caller as keyof typeof roles], `Matrix ${caller}`));
    }
    const created = await createCompleteApplication(t, { country: 'NO' });
    expect((await submit(t, created)).statusCode).toBe(200);
    application = created;
    tokens.set('customer', created.token);
    tokens.set('none', undefined);
    bucketId = (await findOpenAssignment(t.database.db, created.id))!.bucketId;
    humanReadableId = (await call('customer', 'GET', `/loan-application/${created.id}`)).json()
      .HumanReadableID;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const allStaff200 = { sales: 200, secured: 200, manager: 200, readOnly: 200, super: 200, salesSe: 200 };
  const refusedOutside = { customer: 403, none: 401 };

  it.each([
    ['GET /backoffice/me', () => ['GET', '/backoffice/me'] as const, allStaff200],
    ['GET /backoffice/buckets', () => ['GET', '/backoffice/buckets'] as const, allStaff200],
    ['GET /backoffice/buckets/summary', () => ['GET', '/backoffice/buckets/summary'] as const, allStaff200],
    ['GET /backoffice/assignments', () => ['GET', '/backoffice/assignments'] as const, allStaff200],
    [
      'GET /backoffice/search',
      () => ['GET', `/backoffice/search?q=${humanReadableId}`] as const,
      allStaff200,
    ],
    [
      'GET /backoffice/applications/{id}',
      () => ['GET', `/backoffice/applications/${application.id}`] as const,
      { ...allStaff200, salesSe: 404 },
    ],
    [
      'GET /backoffice/applications/{id}/audit',
      () => ['GET', `/backoffice/applications/${application.id}/audit`] as const,
      { sales: 403, secured: 403, manager: 200, readOnly: 403, super: 200, salesSe: 404 },
    ],
  ])('%s', async (_name, request, expected) => {
    const [method, url] = request();
    const statuses: Record<string, number> = {};
    for (const caller of [...staffCallers, 'customer', 'none'] as Caller[]) {
      statuses[caller] = (await call(caller, method, url)).statusCode;
    }
    expect(statuses).toEqual({ ...expected, ...refusedOutside });
  });

  it('search shows Norwegian applications to Norwegian staff and Super only', async () => {
    for (const caller of staffCallers) {
      const found = (await call(caller, 'GET', `/backoffice/search?q=${humanReadableId}`)).json().Total;
      expect(found, caller).toBe(caller === 'salesSe' ? 0 : 1);
    }
  });

  it('POST /backoffice/buckets and PATCH /backoffice/buckets/{id}: Manager and Super only', async () => {
    const statuses: Record<string, number[]> = {};
    for (const caller of [...staffCallers, 'customer', 'none'] as Caller[]) {
      const created = await call(caller, 'POST', '/backoffice/buckets', {
        Name: `Matrix ${caller}`,
        Priority: 99,
      });
      const patched = await call(caller, 'PATCH', `/backoffice/buckets/${bucketId}`, { Priority: 50 });
      statuses[caller] = [created.statusCode, patched.statusCode];
    }
    expect(statuses).toEqual({
      sales: [403, 403],
      secured: [403, 403],
      manager: [201, 200],
      readOnly: [403, 403],
      super: [201, 200],
      salesSe: [403, 403],
      customer: [403, 403],
      none: [401, 401],
    });
  });

  it('POST /backoffice/assignments/next: Norwegian case workers get an item, read-only 403, Swedes find none', async () => {
    for (let index = 0; index < noCaseWorkers.length; index++) await freshNorwegianItem();
    const statuses: Record<string, number> = {};
    for (const caller of [...staffCallers, 'customer', 'none'] as Caller[]) {
      statuses[caller] = (
        await call(caller, 'POST', '/backoffice/assignments/next', { BucketID: bucketId })
      ).statusCode;
    }
    expect(statuses).toEqual({
      sales: 200,
      secured: 200,
      manager: 200,
      readOnly: 403,
      super: 200,
      salesSe: 404,
      ...refusedOutside,
    });
  });

  it.each(staffCallers)('as %s: take, process, add a note, resend a magic link, withdraw', async (caller) => {
    const { applicationId, assignment } = await freshNorwegianItem();
    const agentId = (await call(caller, 'GET', '/backoffice/me')).json().Agent.ID;
    const results = [
      (
        await call(caller, 'POST', `/backoffice/assignments/${assignment.id}/assign`, {
          AssigneeID: agentId,
          Revision: 1,
        })
      ).statusCode,
      (await call(caller, 'POST', `/backoffice/assignments/${assignment.id}/processed`, { Revision: 2 }))
        .statusCode,
      (await call(caller, 'POST', `/backoffice/applications/${applicationId}/notes`, { Text: 'Matrix note' }))
        .statusCode,
      (await call(caller, 'POST', `/backoffice/applications/${applicationId}/magic-link`)).statusCode,
      (await call(caller, 'POST', `/backoffice/applications/${applicationId}/withdraw`, { Reason: 'Matrix' }))
        .statusCode,
    ];
    const expected = noCaseWorkers.includes(caller)
      ? [200, 200, 201, 201, 200]
      : caller === 'readOnly'
        ? [403, 403, 403, 403, 403]
        : [404, 404, 404, 404, 404];
    expect(results).toEqual(expected);
  });

  it('refuses applicants and anonymous callers on every changing route', async () => {
    const { applicationId, assignment } = await freshNorwegianItem();
    for (const caller of ['customer', 'none'] as Caller[]) {
      const expected = caller === 'none' ? 401 : 403;
      for (const [url, payload] of [
        [`/backoffice/assignments/${assignment.id}/assign`, { AssigneeID: null, Revision: 1 }],
        [`/backoffice/assignments/${assignment.id}/processed`, { Revision: 1 }],
        [`/backoffice/applications/${applicationId}/notes`, { Text: 'x' }],
        [`/backoffice/applications/${applicationId}/magic-link`, {}],
        [`/backoffice/applications/${applicationId}/withdraw`, { Reason: 'x' }],
      ] as const) {
        expect((await call(caller, 'POST', url, payload)).statusCode, `${caller} ${url}`).toBe(expected);
      }
    }
  });
});
