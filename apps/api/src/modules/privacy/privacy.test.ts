import { makeTestNationalId } from '@nordloan/domain/national-id';
import {
  type ErasureRequest,
  erasureRequestSchema,
  type PersonDataExport,
  personDataExportSchema,
} from '@nordloan/domain/privacy';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplication } from '#src/db/schema/applications.ts';
import { person } from '#src/db/schema/core.ts';
import { mainApplicantDetails } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';

// Issue 36 item 3 (ADR 0069): the person's export holds every application and consent of theirs and
// nothing of another person (a co-applicant's answers included); an erasure request erases what no law
// keeps and lists the rest with its law and date; staff work the requests in a queue, every step audited.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const idOf = (birthDate: string) =>
  makeTestNationalId('SE', birthDate, nextTestFileSerial('privacy-test', 11) % 90);

async function login(nationalId: string) {
  return t.login({ nationalId, country: 'SE', role: 'Customer', brand: 'se-main' });
}

type Login = Awaited<ReturnType<typeof login>>;

async function apply(owner: Login, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: bearer(owner.token),
    payload: { Product: 'UnsecuredLoan', Brand: 'se-main', Amount: 200_000, Duration: 5, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json() as { ID: string; HumanReadableID: string };
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function exportOf(who: Login): Promise<PersonDataExport> {
  const response = await get(`/person/${who.PersonID}/data-export`, who.token);
  expect(response.statusCode, response.body).toBe(200);
  return personDataExportSchema.parse(response.json());
}

async function giveMarketing(who: Login) {
  const response = await post('/consent/v1/consent', who.token, {
    CustomerID: who.CustomerID,
    Brand: 'se-main',
    Status: 'given',
    Purpose: 'marketing',
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('GET /person/:id/data-export', () => {
  let main: Login;
  let co: Login;
  let other: Login;
  let coNationalId: string;
  let shared: { ID: string };
  let own: { ID: string };

  beforeAll(async () => {
    main = await login(idOf('1979-05-17'));
    coNationalId = idOf('1981-11-02');
    other = await login(idOf('1990-02-20'));
    shared = await apply(main, {
      MainApplicant: {
        ...mainApplicantDetails({ grossYearlyIncome: 611_111, netMonthlyIncome: 38_111 }),
        EmployerName: 'Huvudsökarens Arbetsgivare AB',
      },
      CoApplicant: {
        NationalID: coNationalId,
        EmployerName: 'Medsökarens Unika Arbetsgivare AB',
        NetMonthlyIncome: 47_311,
      },
    });
    own = await apply(main, { Product: 'CreditCard', Amount: 30_000, Duration: undefined });
    await apply(other, {
      MainApplicant: { EmployerName: 'Tredje Personens Firma AB', NetMonthlyIncome: 52_999 },
    });
    await giveMarketing(main);
    await giveMarketing(other);
    co = await login(coNationalId);
  });

  it("holds every application and consent of the person, and nothing of the co-applicant's or another person's", async () => {
    const data = await exportOf(main);
    expect(data.Applications.map((row) => row.ID).sort()).toEqual([shared.ID, own.ID].sort());
    expect(data.Applications.every((row) => row.Role === 'MainApplicant')).toBe(true);
    expect(data.Applications.find((row) => row.ID === shared.ID)?.Applicant?.EmployerName).toBe(
      'Huvudsökarens Arbetsgivare AB',
    );
    const marketing = data.Consents.filter((row) => row.Purpose === 'marketing' && row.Status === 'given');
    expect(marketing.length).toBeGreaterThan(0);
    expect(data.Consents.every((row) => row.CustomerID === main.CustomerID)).toBe(true);
    expect(data.Person.NationalID).not.toContain(main.PersonID);
    const text = JSON.stringify(data);
    for (const foreign of ['Medsökarens Unika Arbetsgivare AB', '47311', coNationalId, co.PersonID]) {
      expect(text).not.toContain(foreign);
    }
    for (const foreign of ['Tredje Personens Firma AB', '52999', other.PersonID, other.CustomerID]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('gives the co-applicant the shared application with only their own part', async () => {
    const data = await exportOf(co);
    expect(data.Applications.map((row) => [row.ID, row.Role])).toEqual([[shared.ID, 'CoApplicant']]);
    expect(data.Applications[0]?.Applicant?.EmployerName).toBe('Medsökarens Unika Arbetsgivare AB');
    const text = JSON.stringify(data);
    for (const foreign of [
      'Huvudsökarens Arbetsgivare AB',
      '38111',
      '611111',
      main.PersonID,
      main.CustomerID,
      own.ID,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('answers a PDF in the brand language, audited', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/person/${main.PersonID}/data-export.pdf`,
      headers: { ...bearer(main.token), host: 'se-main.localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [audit] = await t.database.db
      .execute(
        sql`SELECT count(*)::int AS n FROM audit_entry WHERE action = 'person.dataExport' AND subject_id = ${main.PersonID}`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(audit?.n).toBeGreaterThanOrEqual(2);
  });

  it("refuses another person's token and staff (404), and no token (401)", async () => {
    for (const path of ['data-export', 'data-export.pdf', 'erasure-request']) {
      expect((await get(`/person/${main.PersonID}/${path}`, other.token)).statusCode).toBe(404);
      expect((await get(`/person/${main.PersonID}/${path}`)).statusCode).toBe(401);
    }
    expect((await post(`/person/${main.PersonID}/erasure-request`, other.token)).statusCode).toBe(404);
    const staff = await t.staffToken([{ Name: 'Manager', Country: 'SE' }], 'Privacy Manager');
    expect((await get(`/person/${main.PersonID}/data-export`, staff)).statusCode).toBe(404);
  });
});

describe('erasure requests', () => {
  it('keeps only what the law keeps, with its law and date, and revokes marketing at once', async () => {
    const customer = await login(idOf('1975-01-30'));
    const loan = await apply(customer, {
      MainApplicant: mainApplicantDetails({ grossYearlyIncome: 500_000, netMonthlyIncome: 31_000 }),
    });
    await giveMarketing(customer);
    // The loan was paid out on 2025-03-01: an anti-money-laundering record until 2030-03-01, a voucher
    // (bokföringslagen: seven years after the end of the year) until 2032-12-31.
    await t.database.db
      .update(loanApplication)
      .set({ status: 700, updatedAt: new Date('2025-03-01T12:00:00Z') })
      .where(eq(loanApplication.id, loan.ID));

    const response = await post(`/person/${customer.PersonID}/erasure-request`, customer.token);
    expect(response.statusCode, response.body).toBe(201);
    const request: ErasureRequest = erasureRequestSchema.parse(response.json());
    expect(request.PersonErasedAt).toBeNull();
    expect(request.Erased).toContainEqual({ Category: 'marketing-consents', Count: 3 });
    const keptApplication = request.Kept.find((row) => row.Category === 'applications');
    expect(keptApplication).toMatchObject({
      LoanApplicationID: loan.ID,
      HumanReadableID: loan.HumanReadableID,
      Reason: 'anti-money-laundering',
      Law: 'penningtvättslagen (2017:630) 5 kap. 3 §',
      Until: '2030-03-01',
    });
    expect(request.Kept.find((row) => row.Category === 'bookkeeping')).toMatchObject({
      Law: 'bokföringslagen (1999:1078) 7 kap. 2 §',
      Until: '2032-12-31',
    });
    expect(request.Kept.every((row) => row.Law.length > 0)).toBe(true);

    // Marketing is revoked (a record, never erased); the person stays until the law lets them go.
    const after = await exportOf(customer);
    const latest = new Map(after.Consents.map((row) => [`${row.Purpose}|${row.Channel}`, row.Status]));
    expect(
      [...latest].filter(([key]) => key.startsWith('marketing')).every(([, status]) => status === 'revoked'),
    ).toBe(true);
    expect(after.Applications).toHaveLength(1);

    // Asked again while open: the same request.
    const again = await post(`/person/${customer.PersonID}/erasure-request`, customer.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().ID).toBe(request.ID);
    expect(
      (await get(`/person/${customer.PersonID}/erasure-request`, customer.token)).json().ErasureRequest.ID,
    ).toBe(request.ID);
  });

  it('erases at once a person who only ever started a draft, leaving nothing the law keeps', async () => {
    const customer = await login(idOf('1968-09-09'));
    await apply(customer, { MainApplicant: { EmployerName: 'Utkastets Arbetsgivare AB' } });
    const response = await post(`/person/${customer.PersonID}/erasure-request`, customer.token);
    expect(response.statusCode, response.body).toBe(201);
    const request = erasureRequestSchema.parse(response.json());
    expect(request.PersonErasedAt).not.toBeNull();
    expect(request.Erased.map((row) => row.Category)).toContain('person');
    expect(request.Kept).toEqual([]);
    const [row] = await t.database.db.select().from(person).where(eq(person.id, customer.PersonID));
    expect(row).toMatchObject({ firstName: null, lastName: null, email: null });
    expect(row?.anonymisedAt).not.toBeNull();
  });

  it('lists requests in the back office by market and permission, and audits reads and the close', async () => {
    const customer = await login(idOf('1972-03-03'));
    const created = erasureRequestSchema.parse(
      (await post(`/person/${customer.PersonID}/erasure-request`, customer.token)).json(),
    );
    const managerSe = await t.staffToken([{ Name: 'Manager', Country: 'SE' }], 'Erasure Manager SE');
    const managerNo = await t.staffToken([{ Name: 'Manager', Country: 'NO' }], 'Erasure Manager NO');
    const salesSe = await t.staffToken([{ Name: 'Sales', Country: 'SE' }], 'Erasure Sales SE');

    const list = await get('/backoffice/erasure-requests?status=open&country=SE', managerSe);
    expect(list.statusCode).toBe(200);
    expect(list.json().Items.map((item: { ID: string }) => item.ID)).toContain(created.ID);
    expect(JSON.stringify(list.json())).not.toContain(customer.CustomerID);
    expect((await get('/backoffice/erasure-requests', salesSe)).statusCode).toBe(403);
    const norway = await get('/backoffice/erasure-requests', managerNo);
    expect(norway.json().Items.map((item: { ID: string }) => item.ID)).not.toContain(created.ID);
    expect((await get(`/backoffice/erasure-requests/${created.ID}`, managerNo)).statusCode).toBe(404);

    expect((await get(`/backoffice/erasure-requests/${created.ID}`, managerSe)).statusCode).toBe(200);
    const closed = await post(`/backoffice/erasure-requests/${created.ID}/close`, managerSe, {
      Note: 'Svar skickat',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ Status: 'closed', Note: 'Svar skickat' });
    expect((await post(`/backoffice/erasure-requests/${created.ID}/close`, managerSe)).statusCode).toBe(409);

    const result = await t.database.db.execute(
      sql`SELECT action FROM audit_entry WHERE subject_id IN (${created.ID}, ${customer.PersonID}) ORDER BY at, action`,
    );
    const actions = (result as unknown as { rows: { action: string }[] }).rows.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'erasureRequest.create',
        'person.anonymise',
        'erasureRequest.read',
        'erasureRequest.close',
      ]),
    );
  });
});
