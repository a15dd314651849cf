import { validateNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPeople } from '#src/dev/eid-provider/test-identities.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { seedDemoData } from './seed.ts';

const tables = [
  'person',
  'customer',
  'loan_application',
  'loan_application_revision',
  'bucket',
  'agent',
  'assignment',
  'call_order',
  'call_record',
  'person_check',
  'real_estate',
  'real_estate_link',
  'insurance_request',
  'insurance_policy',
];

describe('db:seed demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function counts() {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const rows = await t.database.withSession((session) =>
        session.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
      );
      result[table] = rows[0]!.n;
    }
    return result;
  }

  it('loads applicants, applications in several statuses and the back office; a second run adds nothing', async () => {
    const first = await seedDemoData({ app: t.app, db: t.database.db, now: t.clock.now });
    const afterFirst = await counts();
    expect(afterFirst).toMatchObject({
      person: 9,
      customer: 9,
      loan_application: 11,
      // 6 demo buckets and the work-queue rule buckets (one name shared); 6 demo agents, 17 staff agents
      // (4 roles × 4 countries and a Super) and the rules' own agent (0009).
      bucket: 12,
      agent: 24,
      assignment: 10,
      call_order: 4,
      call_record: 2,
      // the seed's two checks plus the screening of the application it submits (ADR 0022)
      person_check: 3,
      real_estate: 2,
      real_estate_link: 1,
      insurance_request: 2,
      insurance_policy: 1,
    });
    expect(first.created.applications).toBe(11);
    expect(new Set(first.applications.map((application) => application.status))).toEqual(
      new Set([100, 169, 190, 200, 270, 310, 370, 410]),
    );
    expect(new Set(first.applications.map((application) => application.product))).toEqual(
      new Set(['UnsecuredLoan', 'CreditCard', 'SecuredLoan']),
    );
    expect(new Set(first.people.map((person) => person.country))).toEqual(new Set(['NO', 'SE', 'FI', 'DK']));
    // The status walk filled the rule buckets (ADR 0021): open items wait in them.
    const filled = await t.database.withSession((session) =>
      session.query<{ n: number }>(
        `SELECT count(DISTINCT b.id)::int AS n FROM assignment a JOIN bucket b ON b.id = a.bucket_id
         WHERE a.processed_at IS NULL AND b.rule IS NOT NULL`,
      ),
    );
    expect(filled[0]!.n).toBeGreaterThanOrEqual(2);

    t.clock.advance(60_000);
    const second = await seedDemoData({ app: t.app, db: t.database.db, now: t.clock.now });
    expect(await counts()).toEqual(afterFirst);
    expect(second.created.applications).toBe(0);
    expect(second.applications).toEqual(first.applications);
    expect(second.logins).toEqual(first.logins);
  });

  it('offers two valid logins that reach their seeded applications', async () => {
    const summary = await seedDemoData({ app: t.app, db: t.database.db, now: t.clock.now });
    expect(summary.logins).toHaveLength(2);
    for (const login of summary.logins) {
      expect(validateNationalId(login.country, login.nationalId).valid).toBe(true);
      // Picked by name on the local e-ID provider's page (issue 38: the seed names people, not API calls).
      expect(testPeople(login.country)).toContainEqual(
        expect.objectContaining({ nationalId: login.nationalId, givenName: login.name.split(' ')[0] }),
      );
      const { token, CustomerID } = await t.login({ nationalId: login.nationalId, country: login.country });
      const response = await t.app.inject({
        method: 'GET',
        url: `/loan-application?customerID=${CustomerID}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().Total).toBeGreaterThan(0);
    }
  });

  it('writes a revision for every status step of the walk', async () => {
    const rows = await t.database.withSession((session) =>
      session.query<{ status: number }>(
        `SELECT status FROM loan_application_revision WHERE changed_by = 'system:demo-seed' ORDER BY status`,
      ),
    );
    // Every step of every demo path, once: the second run above added none. (The two applications the
    // lending engine takes are moved by the engine, not by the seed.)
    expect(rows.map((row) => row.status)).toEqual(
      [
        ...[160, 160, 160, 160, 160, 160, 169, 180, 180, 180, 180, 180, 190, 200, 200, 200, 200, 200],
        ...[210, 210, 210, 270, 300, 300, 310, 310, 370],
      ].sort((a, b) => a - b),
    );
  });

  it('gives the two demo logins real offers from the lending engine', async () => {
    const summary = await seedDemoData({ app: t.app, db: t.database.db, now: t.clock.now });
    for (const login of summary.logins) {
      const { token, CustomerID } = await t.login({ nationalId: login.nationalId, country: login.country });
      const page = await t.app.inject({
        method: 'GET',
        url: `/loan-application?customerID=${CustomerID}&product=UnsecuredLoan`,
        headers: bearer(token),
      });
      const [application] = page.json().Items;
      expect(application.Status).toBe(410);
      const quotes = await t.app.inject({
        method: 'GET',
        url: `/loan-quote-presentation/application/${application.ID}/quotes`,
        headers: bearer(token),
      });
      expect(quotes.statusCode).toBe(200);
      expect(JSON.stringify(quotes.json())).toContain('EffectiveRate');
    }
  });
});
