import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Application360, application360Schema } from '@nordloan/domain/application-360';
import type { TokenPayload } from '@nordloan/domain/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '#src/dev/seed/seed.ts';
import { callerFromPayload } from '#src/lib/caller.ts';
import { requireStaff } from '#src/modules/staff/staff.service.ts';
import { createCompleteApplication, submit } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { getApplication360 } from './staff-application.service.ts';

// The 360° view's contract (docs/decisions/0018): the route writes the view through the domain's
// application360Schema, and the back office parses it with the same. This fails when the two drift:
// a part the view builds that the schema does not name (the serializer would drop it silently — the answer
// differs from what the service built), or one the schema names otherwise than it is built (a 500). Run over
// the demo data set (offers, calls, screenings, real estate, assignments) and an application with every kind
// of sub-record, document, lead and note, so each part of the view is checked with something in it.

let t: TestApp;
let dataDir: string;
let superToken: string;
let applicationIds: string[];

async function addEverySubRecord() {
  const application = await createCompleteApplication(t, { country: 'NO' });
  const post = async (url: string, payload: object, token = application.token) => {
    const response = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  };
  const base = `/loan-application/${application.id}`;
  await post(`${base}/child`, { BirthYear: 2016 });
  await post(`${base}/expense`, { CategoryID: 1, MonthlyAmount: 9_000 });
  await post(`${base}/car`, { Ownership: 'Owned', Make: 'Volvo', ModelYear: 2019 });
  await post(`/lead/${application.id}`, { Partner: 'nordisk-trygghet' });
  await post(`/backoffice/applications/${application.id}/notes`, { Text: 'Asked for a call.' }, superToken);
  const boundary = 'contract360';
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20)]);
  const upload = await t.app.inject({
    method: 'POST',
    url: `${base}/documents`,
    headers: { ...bearer(application.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="Category"\r\n\r\npayslip\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="Owner"\r\n\r\nmain-applicant\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const terms = await t.app.inject({
    method: 'PATCH',
    url: `/customer/${application.customerId}`,
    headers: bearer(application.token),
    payload: { AcceptedTermsVersion: 'user-terms_1_20250101_no-main' },
  });
  expect(terms.statusCode, terms.body).toBe(200);
  const consent = await t.app.inject({
    method: 'POST',
    url: '/consent/v1/consent',
    headers: bearer(application.token),
    payload: { CustomerID: application.customerId, Status: 'given', Channels: ['email'] },
  });
  expect(consent.statusCode, consent.body).toBe(201);
  expect((await submit(t, application)).statusCode).toBe(200);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-360-contract-'));
  t = await createTestApp({ config: { dataDir } });
  superToken = await t.staffToken([{ Name: 'Super' }], 'Contract Check');
  await seedDemoData({ app: t.app, db: t.database.db, now: t.clock.now });
  await addEverySubRecord();
  const rows = await t.database.withSession((session) =>
    session.query<{ id: string }>('SELECT id FROM loan_application ORDER BY created_at, id'),
  );
  applicationIds = rows.map((row) => row.id);
}, 300_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The view as the service builds it, before the route's response schema sees it. */
async function builtView(applicationId: string): Promise<unknown> {
  const payload = JSON.parse(Buffer.from(superToken.split('.')[1]!, 'base64url').toString()) as TokenPayload;
  const staff = await requireStaff(t.database.db, callerFromPayload(payload));
  const view = await getApplication360({ db: t.database.db, now: t.clock.now, staff, applicationId });
  return JSON.parse(JSON.stringify(view));
}

/** Which parts of the view held something, over all views: so the check above was not run on empty lists. */
function filledParts(views: Application360[]): Set<string> {
  const filled = new Set<string>();
  const note = (path: string, value: unknown) => {
    if (Array.isArray(value) ? value.length > 0 : value !== null && value !== undefined) filled.add(path);
  };
  for (const view of views) {
    for (const [key, value] of Object.entries(view)) note(key, value);
    for (const applicant of view.Applicants) {
      for (const [key, value] of Object.entries(applicant)) note(`Applicants.${key}`, value);
      filled.add(`Applicants.Role=${applicant.Role}`);
    }
    for (const lender of view.Quotes) {
      note('Quotes.Quotes', lender.Quotes);
      note('Quotes.Timeline', lender.Timeline);
    }
  }
  return filled;
}

describe('GET /backoffice/applications/{id} and the domain’s application360Schema', () => {
  it('answers every seeded view as the service built it: nothing dropped, nothing changed', async () => {
    expect(applicationIds.length).toBeGreaterThan(10);
    const views: Application360[] = [];
    for (const id of applicationIds) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/backoffice/applications/${id}`,
        headers: bearer(superToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer, id).toEqual(await builtView(id));
      // What the back office does with it.
      views.push(application360Schema.parse(answer));
    }
    const filled = filledParts(views);
    const everyPart = [
      ...Object.keys(application360Schema.shape),
      ...['Person', 'Income', 'Debts', 'Expenses', 'Children', 'Cars', 'RealEstate', 'PersonChecks'].map(
        (key) => `Applicants.${key}`,
      ),
      'Applicants.Role=MainApplicant',
      'Quotes.Quotes',
      'Quotes.Timeline',
    ];
    expect(everyPart.filter((part) => !filled.has(part))).toEqual([]);
  }, 300_000);

  it('documents the view in /openapi.json with every field of the schema', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const answer = document.paths['/backoffice/applications/{id}'].get.responses['200'];
    const schema = answer.content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(application360Schema.shape).sort());
  });
});
