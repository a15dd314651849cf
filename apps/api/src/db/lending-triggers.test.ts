import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { APPLICATION_CHANGED_CHANNEL } from '#src/lib/application-change-feed.ts';
import { createTestDatabase } from '#src/test/test-database.ts';

// Migration 0024 replaced the row triggers of 0015 (request events, credit inquiries, change signals) by
// statement triggers reading transition tables. What they record must not have changed, and the lending
// engine writes many rows per statement, so these tests write several rows in one statement, in plain SQL
// on the database itself: one event per status a request takes, in the order the statement wrote the rows;
// one credit inquiry per request that reaches a credit-check status, with the applicant's consent time; and
// a signal for each application a statement changed (and, unlike 0015, none for a status set to itself).

let database: DatabaseHandle;
let stopListening: () => Promise<void>;
/** Every payload heard on the change channel, in order. */
const heard: string[] = [];
let customerId: string;
const termsVersion = 'terms-2026-04';

beforeAll(async () => {
  database = await createTestDatabase();
  stopListening = await database.listen(APPLICATION_CHANGED_CHANNEL, (payload) => heard.push(payload));
  const [customer] = await sql<{ id: string }>(
    "INSERT INTO customer (brand, country, accepted_terms_version) VALUES ('no-main', 'NO', $1) RETURNING id",
    [termsVersion],
  );
  customerId = customer!.id;
});
afterAll(async () => {
  await stopListening();
  await database.close();
});

const sql = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  database.withSession((session) => session.query<Row>(text, params));

/** A new application of the test customer (or of none), with `data`. */
async function application(data: object = {}, customer: string | null = customerId): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO loan_application (product, brand, country, customer_id, data)
     VALUES ('UnsecuredLoan', 'no-main', 'NO', $1, $2::jsonb) RETURNING id`,
    [customer, JSON.stringify(data)],
  );
  return row!.id;
}

interface NewRequest {
  application: string;
  lender: string;
  status: number;
  at: string;
  reason?: string;
}

/** Inserts `requests` in one statement; their ids in the order the statement wrote them. */
async function insertRequests(requests: NewRequest[]): Promise<string[]> {
  const values = requests.map(
    (_, i) =>
      `($${i * 5 + 1}::uuid, $${i * 5 + 2}, $${i * 5 + 3}::int, $${i * 5 + 4}::timestamptz, $${i * 5 + 5})`,
  );
  const rows = await sql<{ id: string }>(
    `INSERT INTO loan_request (loan_application_id, lender_id, status, updated_at, reason_code)
     VALUES ${values.join(', ')} RETURNING id`,
    requests.flatMap((r) => [r.application, r.lender, r.status, r.at, r.reason ?? null]),
  );
  return rows.map((row) => row.id);
}

/** Moves requests to new statuses in one UPDATE; their ids in the order the statement wrote them. */
async function updateRequests(moves: { id: string; status: number; at: string }[]): Promise<string[]> {
  const values = moves.map((_, i) => `($${i * 3 + 1}::uuid, $${i * 3 + 2}::int, $${i * 3 + 3}::timestamptz)`);
  const rows = await sql<{ id: string }>(
    `UPDATE loan_request r SET status = v.status, updated_at = v.at
       FROM (VALUES ${values.join(', ')}) AS v(id, status, at)
      WHERE r.id = v.id RETURNING r.id`,
    moves.flatMap((m) => [m.id, m.status, m.at]),
  );
  return rows.map((row) => row.id);
}

/** The request events of `applications`, in the order they were recorded. */
async function eventsOf(...applications: string[]) {
  const rows = await sql<{ request: string; status: number; reason: string | null; at: Date }>(
    `SELECT loan_request_id AS request, status, reason_code AS reason, created_at AS at
       FROM loan_request_event WHERE loan_application_id = ANY($1::uuid[]) ORDER BY id`,
    [applications],
  );
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

/** The credit inquiries of `applications`, by lender. */
async function inquiriesOf(...applications: string[]) {
  const rows = await sql<{
    application: string;
    lender: string;
    checkedAt: Date;
    consentAt: Date | null;
    terms: string | null;
  }>(
    `SELECT loan_application_id AS application, lender_id AS lender, checked_at AS "checkedAt",
            consent_given_at AS "consentAt", terms_version AS terms
       FROM credit_inquiry WHERE loan_application_id = ANY($1::uuid[]) ORDER BY lender_id, checked_at`,
    [applications],
  );
  return rows.map((row) => ({
    ...row,
    checkedAt: new Date(row.checkedAt).toISOString(),
    consentAt: row.consentAt && new Date(row.consentAt).toISOString(),
  }));
}

let markers = 0;
/** Sends a marker on the change channel and waits until it is heard; answers its index in `heard`. */
async function heardUpToMarker(): Promise<number> {
  const marker = `marker-${++markers}`;
  await sql('SELECT pg_notify($1, $2)', [APPLICATION_CHANGED_CHANNEL, marker]);
  for (const deadline = Date.now() + 5_000; !heard.includes(marker); ) {
    if (Date.now() > deadline) throw new Error(`${marker} was not heard`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return heard.indexOf(marker);
}

/** The applications signalled by what `work` commits (NOTIFY is delivered at commit, in commit order). */
async function signalledBy(work: () => Promise<unknown>): Promise<Set<string>> {
  const from = (await heardUpToMarker()) + 1;
  await work();
  return new Set(heard.slice(from, await heardUpToMarker()));
}

describe('an INSERT of several requests', () => {
  it('records one event per request, in the order it wrote them, and signals each application', async () => {
    const [first, second] = [await application(), await application()];
    const requests: NewRequest[] = [
      { application: first, lender: 'lender-b', status: 211, at: '2026-05-04T10:00:03.000Z' },
      { application: second, lender: 'lender-a', status: 300, at: '2026-05-04T10:00:01.000Z' },
      { application: first, lender: 'lender-c', status: 263, at: '2026-05-04T10:00:02.000Z', reason: 'R12' },
    ];
    let ids: string[] = [];
    const signalled = await signalledBy(async () => {
      ids = await insertRequests(requests);
    });
    expect(await eventsOf(first, second)).toEqual(
      requests.map((r, i) => ({ request: ids[i], status: r.status, reason: r.reason ?? null, at: r.at })),
    );
    expect(signalled).toEqual(new Set([first, second]));
  });
});

describe('an UPDATE of several requests', () => {
  it('records an event for each request whose status changed, in the order it wrote them', async () => {
    const [first, second] = [await application(), await application()];
    const at = '2026-05-04T10:00:00.000Z';
    const [firstA, firstB, secondA, secondB] = await insertRequests([
      { application: first, lender: 'lender-a', status: 211, at },
      { application: first, lender: 'lender-b', status: 211, at },
      { application: second, lender: 'lender-a', status: 211, at },
      { application: second, lender: 'lender-b', status: 300, at },
    ]);
    const moves = [
      { id: secondB!, status: 300, at: '2026-05-04T11:00:00.000Z' }, // keeps its status
      { id: firstB!, status: 251, at: '2026-05-04T11:00:01.000Z' },
      { id: secondA!, status: 220, at: '2026-05-04T11:00:02.000Z' },
      { id: firstA!, status: 320, at: '2026-05-04T11:00:03.000Z' },
    ];
    let written: string[] = [];
    const signalled = await signalledBy(async () => {
      written = await updateRequests(moves);
    });

    const moved = written.filter((id) => id !== secondB).map((id) => moves.find((m) => m.id === id)!);
    expect(moved).toHaveLength(3);
    const events = await eventsOf(first, second);
    expect(events.slice(4)).toEqual(
      moved.map((m) => ({ request: m.id, status: m.status, reason: null, at: m.at })),
    );
    expect(events.filter((e) => e.request === secondB).map((e) => e.status)).toEqual([300]);
    expect((await inquiriesOf(first, second)).map((i) => [i.application, i.lender, i.checkedAt])).toEqual([
      [first, 'lender-a', '2026-05-04T11:00:03.000Z'],
      [second, 'lender-b', at],
      [first, 'lender-b', '2026-05-04T11:00:01.000Z'],
    ]);
    expect(signalled).toEqual(new Set([first, second]));
  });

  it('records and signals nothing when no status changed', async () => {
    const target = await application();
    const [id] = await insertRequests([
      { application: target, lender: 'lender-a', status: 211, at: '2026-05-04T10:00:00.000Z' },
    ]);
    const signalled = await signalledBy(() =>
      sql("UPDATE loan_request SET status = status, reason_code = 'R1' WHERE id = $1", [id]),
    );
    expect((await eventsOf(target)).map((e) => e.status)).toEqual([211]);
    expect(signalled).toEqual(new Set());
  });
});

describe('credit inquiries', () => {
  it('are made for 251, 264 and 300–399 except 361, 381, 382, 383 and 391', async () => {
    const target = await application();
    const statuses = [211, 250, 251, 252, 263, 264, 265, 299, 300, 345, 361, 381, 382, 383, 391, 399, 400];
    const at = '2026-05-04T10:00:00.000Z';
    await insertRequests(
      statuses.map((status) => ({ application: target, lender: `lender-${status}`, status, at })),
    );
    const inquired = (await inquiriesOf(target)).map((i) => Number(i.lender.slice('lender-'.length)));
    expect(inquired.sort((a, b) => a - b)).toEqual([251, 264, 300, 345, 399]);
  });

  it('are made once per request: when it first reaches such a status', async () => {
    const target = await application();
    const [first, second] = await insertRequests([
      { application: target, lender: 'lender-a', status: 251, at: '2026-05-04T10:00:00.000Z' },
      { application: target, lender: 'lender-b', status: 211, at: '2026-05-04T10:00:00.000Z' },
    ]);
    await updateRequests([
      { id: first!, status: 300, at: '2026-05-04T11:00:00.000Z' },
      { id: second!, status: 264, at: '2026-05-04T11:00:00.000Z' },
    ]);
    await updateRequests([
      { id: first!, status: 320, at: '2026-05-04T12:00:00.000Z' },
      { id: second!, status: 300, at: '2026-05-04T12:00:00.000Z' },
    ]);
    expect((await inquiriesOf(target)).map((i) => [i.lender, i.checkedAt])).toEqual([
      ['lender-a', '2026-05-04T10:00:00.000Z'],
      ['lender-b', '2026-05-04T11:00:00.000Z'],
    ]);
    expect((await eventsOf(target)).map((e) => e.status)).toEqual([251, 211, 300, 264, 320, 300]);
  });

  it("carry the consent's time when it was given (else NULL, even when malformed) and the terms", async () => {
    const consentAt = '2026-05-01T08:30:00.000Z';
    const applications = {
      given: await application({ CreditCheckConsent: { Given: true, At: consentAt } }),
      notATime: await application({ CreditCheckConsent: { Given: true, At: 'not a time' } }),
      outOfRange: await application({ CreditCheckConsent: { Given: true, At: '2026-02-30T10:00:00Z' } }),
      notGiven: await application({ CreditCheckConsent: { Given: false, At: consentAt } }),
      absent: await application({}),
      noCustomer: await application({ CreditCheckConsent: { Given: true, At: consentAt } }, null),
    };
    const at = '2026-05-04T10:00:00.000Z';
    const ids = await insertRequests(
      Object.values(applications).map((target) => ({
        application: target,
        lender: 'lender-a',
        status: 211,
        at,
      })),
    );
    // One statement: a malformed time must not undo the other requests' moves.
    await updateRequests(ids.map((id) => ({ id, status: 300, at })));

    const inquiries = await inquiriesOf(...Object.values(applications));
    const of = (target: string) => inquiries.find((i) => i.application === target);
    expect(of(applications.given)).toMatchObject({ consentAt, terms: termsVersion, checkedAt: at });
    expect(of(applications.notATime)).toMatchObject({ consentAt: null, terms: termsVersion });
    expect(of(applications.outOfRange)).toMatchObject({ consentAt: null, terms: termsVersion });
    expect(of(applications.notGiven)).toMatchObject({ consentAt: null, terms: termsVersion });
    expect(of(applications.absent)).toMatchObject({ consentAt: null, terms: termsVersion });
    expect(of(applications.noCustomer)).toMatchObject({ consentAt, terms: null });
  });
});

describe('change signals', () => {
  /** Inserts one offer per request in one statement. */
  const insertQuotes = (requests: { application: string; request: string }[]) =>
    sql(
      `INSERT INTO loan_quote (loan_application_id, loan_request_id, lender_id, origin_key, currency, amount,
         duration_months, nominal_rate, startup_fee, monthly_fee, fee_handling, offer_type, loan_kind, decision,
         status, expires_at)
       SELECT v.application, v.request, 'lender-a', 'offer-1', 'NOK', 150000, 60, 9.9, 0, 0, 'upfront',
              'Standard', 'Unsecured', 'Approved', 'approved', '2026-06-01T00:00:00Z'
         FROM (VALUES ${requests.map((_, i) => `($${i * 2 + 1}::uuid, $${i * 2 + 2}::uuid)`).join(', ')})
           AS v(application, request)`,
      requests.flatMap((r) => [r.application, r.request]),
    );

  it('are sent for each application whose offers an INSERT or an UPDATE wrote', async () => {
    const [first, second, untouched] = [await application(), await application(), await application()];
    const at = '2026-05-04T10:00:00.000Z';
    const [firstRequest, secondRequest] = await insertRequests([
      { application: first, lender: 'lender-a', status: 300, at },
      { application: second, lender: 'lender-a', status: 300, at },
      { application: untouched, lender: 'lender-a', status: 300, at },
    ]);
    const inserted = await signalledBy(() =>
      insertQuotes([
        { application: first, request: firstRequest! },
        { application: second, request: secondRequest! },
      ]),
    );
    expect(inserted).toEqual(new Set([first, second]));

    const updated = await signalledBy(() =>
      sql('UPDATE loan_quote SET monthly_fee = 25 WHERE loan_application_id = ANY($1::uuid[])', [
        [first, second],
      ]),
    );
    expect(updated).toEqual(new Set([first, second]));
  });

  it("are sent for an application's status only when it changed", async () => {
    const [moving, staying] = [await application(), await application()];
    await sql('UPDATE loan_application SET status = 200 WHERE id = $1', [staying]);
    const both = [moving, staying];

    const changed = await signalledBy(() =>
      sql('UPDATE loan_application SET status = 200 WHERE id = ANY($1::uuid[])', [both]),
    );
    expect(changed).toEqual(new Set([moving]));

    const unchanged = await signalledBy(() =>
      sql("UPDATE loan_application SET status = status, loan_purpose = 'Car' WHERE id = ANY($1::uuid[])", [
        both,
      ]),
    );
    expect(unchanged).toEqual(new Set());
  });
});
