import { randomUUID } from 'node:crypto';
import { applicationStatusCodes, isTerminalStatus } from '@nordloan/domain/statuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJobs } from '#src/jobs/job.repository.ts';
import { createJobWorker } from '#src/jobs/worker.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { insertDocument } from '#src/modules/documents/document.repository.ts';
import type { DocumentStorage } from '#src/modules/documents/document.service.ts';
import {
  applyApplicationChange,
  insertApplication,
} from '#src/modules/loan-applications/application-write.repository.ts';
import { findPersonById, findPersonByNationalId } from '#src/modules/persons/person.repository.ts';
import { freshNationalId } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { registerRetentionJob, retentionJobKind, scheduleRetentionRun } from './retention.jobs.ts';
import { runRetention } from './retention.service.ts';

// Issue 15 item 4 / ADR 0033: the retention job anonymises exactly the persons the rules say, once.

const ended = applicationStatusCodes.find((code) => isTerminalStatus(code))!;
const moving = applicationStatusCodes.find((code) => !isTerminalStatus(code))!;
const now = new Date('2031-06-15T12:00:00Z');
const yearsBefore = (years: number, days = 0) =>
  new Date(Date.UTC(2031 - years, 5, 15, 12) - days * 86_400_000);
const monthsBefore = (months: number) => new Date(Date.UTC(2031, 5 - months, 15, 12));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sql<Row = Record<string, unknown>>(text: string, params: unknown[] = []) {
  return t.database.withSession((session) => session.query<Row>(text, params));
}

/** A signed-up person (with a customer), last changed at `lastChange`, with applications as given. */
async function personWith(
  lastChange: Date,
  applications: { status: number; changedAt: Date; as?: 'customer' | 'co-applicant' }[],
) {
  const nationalId = freshNationalId('NO');
  const login = await t.login({ nationalId, country: 'NO' });
  await sql(`UPDATE customer SET email = 'kari@example.com', phone = '+4791234567' WHERE id = $1`, [
    login.CustomerID,
  ]);
  await sql(
    `UPDATE person SET first_name = 'Kari', email = 'kari@example.com', updated_at = $2 WHERE id = $1`,
    [login.PersonID, lastChange.toISOString()],
  );
  const coApplications: { id: string; main: { CustomerID: string; PersonID: string } }[] = [];
  for (const application of applications) {
    const other =
      application.as === 'co-applicant'
        ? await t.login({ nationalId: freshNationalId('NO'), country: 'NO' })
        : login;
    const row = await insertApplication(t.database.db, {
      product: 'UnsecuredLoan',
      brand: 'no-main',
      country: 'NO',
      customerId: other.CustomerID,
      personId: other.PersonID,
    });
    if (application.as === 'co-applicant') {
      await sql(
        `INSERT INTO loan_application_applicant
           (loan_application_id, role, person_id, employer_name, job_title, gross_yearly_income)
         VALUES ($1, 'MainApplicant', $2, 'Main AS', 'Baker', 600000),
                ($1, 'CoApplicant', $3, 'Fjord AS', 'Welder', 500000)`,
        [row.id, other.PersonID, login.PersonID],
      );
      // A change after the applicants came: its revision's snapshot holds both.
      await applyApplicationChange(
        t.database.db,
        row.id,
        { amount: 100_000 },
        { changedBy: 'test', reason: 'patched', now: application.changedAt },
      );
      coApplications.push({ id: row.id, main: other });
      // The main applicant's application ended as long ago: the rules anonymise them too.
    }
    await sql('UPDATE loan_application SET status = $2, updated_at = $3 WHERE id = $1', [
      row.id,
      application.status,
      application.changedAt.toISOString(),
    ]);
  }
  return { nationalId, coApplications, ...login };
}

/** An approved insurance request with its policy, running or terminated at `terminatedAt`. */
async function policyFor(
  owner: { PersonID: string },
  options: { terminatedAt: Date | null; changedAt: Date },
) {
  const changed = options.changedAt.toISOString();
  const [request] = await sql<{ id: string }>(
    `INSERT INTO insurance_request (person_id, brand, country, insurer, insured_monthly_amount, monthly_premium,
                                    decision, decided_at, created_at, updated_at)
     VALUES ($1, 'no-main', 'NO', 'NordTrygg', 7500, 525, 'approved', $2, $2, $2) RETURNING id`,
    [owner.PersonID, changed],
  );
  await sql(
    `INSERT INTO insurance_policy (request_id, person_id, insurer, policy_number, insured_monthly_amount,
                                   monthly_premium, starts_on, terminated_at, termination_reason, created_at, updated_at)
     VALUES ($1, $2, 'NordTrygg', $3, 7500, 525, $4::timestamptz::date, $5, $6, $4, $4)`,
    [
      request!.id,
      owner.PersonID,
      `P-${request!.id.slice(0, 8)}`,
      changed,
      options.terminatedAt?.toISOString() ?? null,
      options.terminatedAt ? 'customer-terminated' : null,
    ],
  );
}

async function isAnonymised(personId: string) {
  return (await findPersonById(t.database.db, personId))?.anonymisedAt != null;
}

describe('the retention rules', () => {
  it('anonymises whom the rules name, keeps everyone else, and a second run changes nothing', async () => {
    const endedLongAgo = await personWith(yearsBefore(6), [{ status: ended, changedAt: yearsBefore(5, 1) }]);
    const endedRecently = await personWith(yearsBefore(6), [{ status: ended, changedAt: yearsBefore(4) }]);
    const stillMoving = await personWith(yearsBefore(6), [{ status: moving, changedAt: yearsBefore(7) }]);
    const mixed = await personWith(yearsBefore(9), [
      { status: ended, changedAt: yearsBefore(8) },
      { status: ended, changedAt: yearsBefore(2) },
    ]);
    const neverAppliedSilent = await personWith(monthsBefore(13), []);
    const neverAppliedRecent = await personWith(monthsBefore(11), []);
    const coApplicantEnded = await personWith(yearsBefore(7), [
      { status: ended, changedAt: yearsBefore(6), as: 'co-applicant' },
    ]);

    // Only insurance, no loan: a running policy keeps them, one ended six years ago does not.
    const insured = await personWith(yearsBefore(2), []);
    const insuredLongAgo = await personWith(yearsBefore(8), []);
    await policyFor(insured, { terminatedAt: null, changedAt: yearsBefore(2) });
    await policyFor(insuredLongAgo, { terminatedAt: yearsBefore(6), changedAt: yearsBefore(6) });

    const first = await runRetention({ db: t.database.db, now });

    expect(await isAnonymised(insured.PersonID)).toBe(false);
    expect(await isAnonymised(insuredLongAgo.PersonID)).toBe(true);

    expect(await isAnonymised(endedLongAgo.PersonID)).toBe(true);
    expect(await isAnonymised(neverAppliedSilent.PersonID)).toBe(true);
    expect(await isAnonymised(coApplicantEnded.PersonID)).toBe(true);
    expect(await isAnonymised(endedRecently.PersonID)).toBe(false);
    expect(await isAnonymised(stillMoving.PersonID)).toBe(false);
    expect(await isAnonymised(mixed.PersonID)).toBe(false);
    expect(await isAnonymised(neverAppliedRecent.PersonID)).toBe(false);
    expect(first.anonymisedPersons).toBeGreaterThanOrEqual(3);

    expect(await runRetention({ db: t.database.db, now })).toEqual({
      anonymisedPersons: 0,
      removedDocumentKeys: [],
    });
  });

  it('clears every personal field, the customer’s contact details and the employer; the number no longer finds them', async () => {
    const gone = await personWith(yearsBefore(7), [
      { status: ended, changedAt: yearsBefore(6), as: 'co-applicant' },
    ]);
    // The main applicant has an application still moving: they are kept.
    const coApplication = gone.coApplications[0]!;
    const kept = await insertApplication(t.database.db, {
      product: 'CreditCard',
      brand: 'no-main',
      country: 'NO',
      customerId: coApplication.main.CustomerID,
      personId: coApplication.main.PersonID,
    });
    await sql('UPDATE loan_application SET status = $2 WHERE id = $1', [kept.id, moving]);
    await runRetention({ db: t.database.db, now });
    expect(await isAnonymised(coApplication.main.PersonID)).toBe(false);

    const person = await findPersonById(t.database.db, gone.PersonID);
    expect(person).toMatchObject({ firstName: null, email: null, phone: null, birthDate: null });
    expect(person?.nationalId).toBe('anonymised');
    expect(await findPersonByNationalId(t.database.db, 'NO', gone.nationalId)).toBeUndefined();
    const [customer] = await sql<{ email: string | null; phone: string | null }>(
      'SELECT email, phone FROM customer WHERE id = $1',
      [gone.CustomerID],
    );
    expect(customer).toEqual({ email: null, phone: null });
    const [applicant] = await sql<{ employer_name: string | null }>(
      'SELECT employer_name FROM loan_application_applicant WHERE person_id = $1',
      [gone.PersonID],
    );
    expect(applicant?.employer_name).toBeNull();
    const revisions = await sql<{ revision: number; reason: string; snapshot: Record<string, unknown> }>(
      'SELECT revision, reason, snapshot FROM loan_application_revision WHERE loan_application_id = $1 ORDER BY revision',
      [coApplication.id],
    );
    // Every revision that held them holds them no more; the main applicant (kept) and the figures stay.
    const withCo = revisions.filter((revision) => revision.snapshot.CoApplicant);
    expect(withCo.length).toBeGreaterThanOrEqual(2);
    for (const revision of withCo) {
      expect(revision.snapshot).toMatchObject({
        Amount: 100_000,
        MainApplicant: { EmployerName: 'Main AS', JobTitle: 'Baker', GrossYearlyIncome: 600_000 },
        CoApplicant: {
          PersonID: gone.PersonID,
          EmployerName: null,
          JobTitle: null,
          GrossYearlyIncome: 500_000,
        },
      });
    }
    // The anonymisation is a revision of its own, UpdatedAt where it was.
    const last = revisions.at(-1)!;
    expect(last).toMatchObject({ reason: 'anonymised', snapshot: { Revision: last.revision } });
    const [application] = await sql<{ revision: number; updated_at: Date }>(
      'SELECT revision, updated_at FROM loan_application WHERE id = $1',
      [coApplication.id],
    );
    expect(application?.revision).toBe(last.revision);
    expect(new Date(application!.updated_at).toISOString()).toBe(yearsBefore(6).toISOString());
    // Logged in again with the same number: a new person, nothing of the old one.
    const back = await t.login({ nationalId: gone.nationalId, country: 'NO' });
    expect(back.PersonID).not.toBe(gone.PersonID);

    const audit = await listAudit(t.database.db, {
      subjectType: 'person',
      subjectId: gone.PersonID,
      offset: 0,
      limit: 50,
    });
    expect(JSON.stringify(audit)).toContain('person.anonymise');
    expect(JSON.stringify(audit)).not.toContain(gone.nationalId);
  });
});

describe('a co-applicant taken off an application', () => {
  it('is cleared from its earlier revisions when anonymised; the main applicant is not', async () => {
    const main = await t.login({ nationalId: freshNationalId('NO'), country: 'NO' });
    const headers = bearer(main.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/loan-application',
      headers,
      payload: { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 150_000, Duration: 5 },
    });
    const id = created.json().ID as string;
    const url = `/loan-application/${id}`;
    const added = await t.app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: {
        MainApplicant: { EmployerName: 'Main AS' },
        CoApplicant: { NationalID: freshNationalId('NO'), EmployerName: 'Fjord AS', JobTitle: 'Welder' },
      },
    });
    expect(added.statusCode).toBe(200);
    const coPersonId = added.json().CoApplicantPersonID as string;
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/co-applicant`, headers })).statusCode).toBe(
      200,
    );
    // They never applied themselves and their record is old: the rules anonymise them.
    await sql('UPDATE person SET updated_at = $2 WHERE id = $1', [
      coPersonId,
      monthsBefore(13).toISOString(),
    ]);

    await runRetention({ db: t.database.db, now });

    expect(await isAnonymised(coPersonId)).toBe(true);
    expect(await isAnonymised(main.PersonID)).toBe(false);
    const revisions = await sql<{ snapshot: Record<string, unknown> }>(
      'SELECT snapshot FROM loan_application_revision WHERE loan_application_id = $1 ORDER BY revision',
      [id],
    );
    const withCo = revisions.filter((revision) => revision.snapshot.CoApplicant);
    expect(withCo).toHaveLength(1);
    expect(withCo[0]?.snapshot).toMatchObject({
      MainApplicant: { EmployerName: 'Main AS' },
      CoApplicant: { PersonID: coPersonId, EmployerName: null, JobTitle: null },
    });
  });
});

/** Document storage in memory: what is stored, and what the job removed. */
function memoryStorage() {
  const stored = new Set<string>();
  const storage: DocumentStorage = {
    stage: () => Promise.reject(new Error('not used')),
    read: () => Promise.resolve(undefined),
    remove: async (key) => {
      stored.delete(key);
    },
  };
  return { storage, stored };
}

describe('the retention job', () => {
  it('runs at 02:00 UTC on the worker, deletes the person’s documents and their bytes, and schedules the next day', async () => {
    const gone = await personWith(yearsBefore(7), [{ status: ended, changedAt: yearsBefore(6) }]);
    const kept = await personWith(yearsBefore(1), [{ status: ended, changedAt: yearsBefore(1) }]);
    const { storage, stored } = memoryStorage();
    const documentOf = async (person: { PersonID: string }) => {
      const [application] = await sql<{ id: string }>(
        'SELECT id FROM loan_application WHERE person_id = $1',
        [person.PersonID],
      );
      const key = randomUUID();
      stored.add(key);
      await insertDocument(t.database.db, {
        loanApplicationId: application!.id,
        filename: 'payslip.pdf',
        category: 'payslip',
        owner: 'main-applicant',
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'x'.repeat(64),
        storageKey: key,
        uploadedBy: 'test',
      });
      return key;
    };
    const goneKey = await documentOf(gone);
    await sql(
      `INSERT INTO notification (kind, channel, recipient, loan_application_id, status)
       SELECT 'magic-link', 'email', 'kari@example.com', id, 'sent' FROM loan_application WHERE person_id = $1`,
      [gone.PersonID],
    );
    const keptKey = await documentOf(kept);

    const clock = { current: new Date('2031-06-16T01:00:00Z') };
    const worker = createJobWorker({ db: t.database.db, now: () => clock.current });
    registerRetentionJob(worker, { storage });
    await scheduleRetentionRun(t.database.db, clock.current);
    await scheduleRetentionRun(t.database.db, clock.current); // a second instance starting: still one

    expect(await worker.runUntilIdle()).toBe(0); // not yet 02:00
    clock.current = new Date('2031-06-16T02:00:01Z');
    expect(await worker.runUntilIdle()).toBe(1);
    expect(await isAnonymised(gone.PersonID)).toBe(true);
    expect(await isAnonymised(kept.PersonID)).toBe(false);
    expect([...stored]).toEqual([keptKey]);
    const notices = await sql<{ recipient: string }>(
      'SELECT n.recipient FROM notification n JOIN loan_application la ON la.id = n.loan_application_id WHERE la.person_id = $1',
      [gone.PersonID],
    );
    expect(notices.map((notice) => notice.recipient)).toEqual(['anonymised']);
    const documents = await sql<{ storage_key: string }>('SELECT storage_key FROM document');
    expect(documents.map((row) => row.storage_key)).toContain(keptKey);
    expect(documents.map((row) => row.storage_key)).not.toContain(goneKey);

    const pending = (await findJobs(t.database.db, retentionJobKind)).filter(
      (job) => job.status === 'pending',
    );
    expect(pending.map((job) => job.runAt.toISOString())).toEqual(['2031-06-17T02:00:00.000Z']);
  });
});
