import { personCheckSchema } from '@nordloan/domain/backoffice';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { personCheckDecisionSchema, screeningReviewPageSchema } from '@nordloan/domain/screening';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJobs } from '#src/jobs/job.repository.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { listPersonChecks } from '#src/modules/compliance/person-check.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import { updateAgent } from '#src/modules/staff/agent.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findOpenAssignment, listAssignmentHistory } from '../assignment.repository.ts';
import { findBucketByName } from '../bucket.repository.ts';
import {
  type SignedInAgent,
  type StaffRoleCase,
  signInAgent,
  staffRoleCases,
} from '../calls/staff-test-helpers.ts';
import { reviewBucketName } from './review-placement.service.ts';

let t: TestApp;
const staff = {} as Record<StaffRoleCase, SignedInAgent>;
let customerToken: string;

function inject(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

/** A Norwegian application whose main applicant is named `name` (born 1961-03-14), submitted. */
async function submittedAs(name: string, country: 'NO' | 'SE' = 'NO'): Promise<CreatedApplication> {
  const application = await createCompleteApplication(t, { country, applicant: { birthDate: '1961-03-14' } });
  const [firstName, ...rest] = name.split(' ');
  await updatePerson(
    t.database.db,
    application.personId,
    { firstName, lastName: rest.join(' ') },
    new Date(),
  );
  const response = await submit(t, application);
  expect(response.statusCode, response.body).toBe(200);
  return application;
}

const statusOf = async (id: string) => (await findApplicationById(t.database.db, id))!.status;
const hitOf = async (application: CreatedApplication) =>
  (await listPersonChecks(t.database.db, application.personId)).find(
    (check) => check.isPep || check.isRca || check.isSanctioned,
  )!;
/** A decision, and then the outbox's events handed on as the app's worker would (ADR 0056). */
async function decide(checkId: string, token: string, body: Record<string, unknown>) {
  const response = await inject('POST', `/backoffice/person-checks/${checkId}/decision`, token, body);
  await t.relayEvents();
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(staffRoleCases) as StaffRoleCase[]) {
    staff[name] = await signInAgent(t, staffRoleCases[name]);
  }
  customerToken = (await t.login({ nationalId: makeTestNationalId('NO', '1990-01-01', 2), country: 'NO' }))
    .token;
});
afterAll(async () => {
  await t.close();
});

describe('screening when an application is submitted', () => {
  it('a clean applicant: one clean PersonCheck, no review, the application goes on to the lenders', async () => {
    const application = await submittedAs('Kari Nordmann');
    const checks = await listPersonChecks(t.database.db, application.personId);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      loanApplicationId: application.id,
      isPep: false,
      isRca: false,
      isSanctioned: false,
      details: null,
    });
    // It may sit in a status work queue (ADR 0021), never in the review bucket.
    const review = await findBucketByName(t.database.db, reviewBucketName);
    const open = await findOpenAssignment(t.database.db, application.id);
    if (review && open) expect(open.bucketId).not.toBe(review.id);
    await settle(t, testWorker(t));
    expect(await statusOf(application.id)).toBeGreaterThanOrEqual(210);
  });

  it('a hit → review bucket → the intake stops before the lenders → clear → it continues', async () => {
    const application = await submittedAs('ASMUND OLBERG KRAKENES');
    const hit = await hitOf(application);
    expect(hit).toMatchObject({ isPep: true, fullName: 'ASMUND OLBERG KRAKENES' });
    const bucket = await findBucketByName(t.database.db, reviewBucketName);
    expect((await findOpenAssignment(t.database.db, application.id))?.bucketId).toBe(bucket!.id);

    await settle(t, testWorker(t));
    expect(await statusOf(application.id)).toBe(200);

    const reviews = screeningReviewPageSchema.parse(
      (
        await inject('GET', '/backoffice/screening/reviews?country=NO&limit=100', staff.managerNO.token)
      ).json(),
    );
    const item = reviews.Items.find((candidate) => candidate.PersonCheck.ID === hit.id);
    expect(item).toMatchObject({
      LoanApplicationID: application.id,
      ApplicantName: 'ASMUND OLBERG KRAKENES',
      Status: 200,
      Country: 'NO',
    });

    const response = await decide(hit.id, staff.managerNO.token, {
      Decision: 'clear',
      Reason: 'Different person: other birth place',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(personCheckDecisionSchema.parse(response.json())).toMatchObject({
      Decision: 'clear',
      DecidedBy: staff.managerNO.agent.id,
      Status: 200,
    });
    const [assignment] = await listAssignmentHistory(t.database.db, application.id);
    expect(assignment).toMatchObject({ bucketId: bucket!.id, processedBy: staff.managerNO.agent.id });
    expect(assignment!.processedAt).not.toBeNull();
    const after = screeningReviewPageSchema.parse(
      (await inject('GET', '/backoffice/screening/reviews?limit=100', staff.managerNO.token)).json(),
    );
    expect(after.Items.map((review) => review.PersonCheck.ID)).not.toContain(hit.id);

    await settle(t, testWorker(t));
    expect(await statusOf(application.id)).toBeGreaterThanOrEqual(210);
    const audit = await listAudit(t.database.db, { loanApplicationId: application.id, offset: 0, limit: 20 });
    expect(audit.Items.find((entry) => entry.Action === 'screening.clear')).toMatchObject({
      ActorAgentID: staff.managerNO.agent.id,
      Reason: 'Different person: other birth place',
    });
    expect(audit.Items.map((entry) => entry.Action)).toContain('screening.hit');

    const again = await decide(hit.id, staff.managerNO.token, {
      Decision: 'block',
      Reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('This check has already been decided');
  });

  it('a sanctions hit blocked by the reviewer: 198, audited with the reason; fraud: 199', async () => {
    const sanctioned = await submittedAs('Oddvar Thorsson Kvaestad');
    const hit = await hitOf(sanctioned);
    expect(hit.isSanctioned).toBe(true);
    const response = await decide(hit.id, staff.superUser.token, {
      Decision: 'block',
      Reason: 'Confirmed match on the sanctions list',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Decision: 'block', Status: 198 });
    expect(await statusOf(sanctioned.id)).toBe(198);
    await settle(t, testWorker(t));
    expect(await statusOf(sanctioned.id)).toBe(198);
    const audit = await listAudit(t.database.db, { loanApplicationId: sanctioned.id, offset: 0, limit: 20 });
    expect(audit.Items.find((entry) => entry.Action === 'screening.block')).toMatchObject({
      ActorAgentID: staff.superUser.agent.id,
      Reason: 'Confirmed match on the sanctions list',
    });
    expect(await findOpenAssignment(t.database.db, sanctioned.id)).toBeUndefined();

    const fraud = await submittedAs('Bjørk Mæhlum Dalsrud');
    const rca = await hitOf(fraud);
    expect(rca.isRca).toBe(true);
    const blocked = await decide(rca.id, staff.managerNO.token, {
      Decision: 'block',
      Reason: 'Identity papers forged',
      BlockAs: 'fraud',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await statusOf(fraud.id)).toBe(199);
  });

  it('staff cannot send a held application to the lenders (201 → 210) until the hit is cleared', async () => {
    const application = await submittedAs('Asmund Olberg-Krakenes');
    await settle(t, testWorker(t));
    const setStatus = (status: number) =>
      inject('POST', `/loan-application/${application.id}/status`, staff.managerNO.token, {
        Status: status,
        Reason: 'Reviewed',
      });
    expect((await setStatus(201)).statusCode).toBe(200);
    const refused = await setStatus(210);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe('An open screening hit must be decided first');
    expect(await statusOf(application.id)).toBe(201);
    const cleared = await decide((await hitOf(application)).id, staff.managerNO.token, {
      Decision: 'clear',
      Reason: 'Namesake',
    });
    expect(cleared.json()).toMatchObject({ Decision: 'clear', Status: 201 });
    expect((await setStatus(210)).statusCode).toBe(200);
  });

  it('staff submitting for the customer (status 160) screens too', async () => {
    const application = await createCompleteApplication(t, {
      country: 'NO',
      applicant: { birthDate: '1961-03-14' },
    });
    await updatePerson(
      t.database.db,
      application.personId,
      { firstName: 'Åsmund', lastName: 'Ølberg Kråkenes' },
      new Date(),
    );
    const response = await inject(
      'POST',
      `/loan-application/${application.id}/status`,
      staff.managerNO.token,
      {
        Status: 160,
        Reason: 'Customer gave the rest by phone',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    await t.relayEvents();
    expect((await hitOf(application)).isPep).toBe(true);
  });

  it('a self-declared politically exposed applicant is a PEP hit too', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    await updatePerson(
      t.database.db,
      application.personId,
      { firstName: 'Liv', lastName: 'Haugen', isPoliticallyExposed: true, politicallyExposedRole: 'Mayor' },
      new Date(),
    );
    expect((await submit(t, application)).statusCode).toBe(200);
    const hit = await hitOf(application);
    expect(hit).toMatchObject({ isPep: true, details: 'Self-declared politically exposed person: Mayor' });
  });
});

describe('screening routes: who may', () => {
  const tokenOf = (name: StaffRoleCase | 'customer') =>
    name === 'customer' ? customerToken : staff[name].token;
  const onDemand: Record<StaffRoleCase | 'customer', number> = {
    superUser: 201,
    managerNO: 201,
    salesNO: 403,
    telemarketingNO: 403,
    telemarketingLimitedNO: 403,
    salesSE: 404,
    managerSE: 404,
    lenderNO: 404,
    customer: 403,
  };
  let application: CreatedApplication;
  beforeAll(async () => {
    application = await createCompleteApplication(t, {
      country: 'NO',
      applicant: { birthDate: '1961-03-14' },
    });
    await updatePerson(
      t.database.db,
      application.personId,
      { firstName: 'Åsmund', lastName: 'Ølberg-Kråkenes' },
      new Date(),
    );
  });

  it('without a token: 401 on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', `/backoffice/applications/${id}/screening`],
      ['GET', '/backoffice/screening/reviews'],
      ['POST', `/backoffice/person-checks/${id}/decision`],
    ] as const) {
      expect((await inject(method, url)).statusCode, url).toBe(401);
    }
  });

  it.each(Object.keys(onDemand) as (StaffRoleCase | 'customer')[])(
    '%s: screening on demand',
    async (name) => {
      const response = await inject(
        'POST',
        `/backoffice/applications/${application.id}/screening`,
        tokenOf(name),
      );
      expect(response.statusCode, response.body).toBe(onDemand[name]);
      if (response.statusCode === 201) {
        const checks = (response.json() as unknown[]).map((check) => personCheckSchema.parse(check));
        expect(checks).toHaveLength(1);
        expect(checks[0]).toMatchObject({
          PersonID: application.personId,
          LoanApplicationID: application.id,
          Attributes: { PEP: true },
        });
      }
    },
  );

  it('a disabled agent or a machine token is refused (403) on every route (ADR 0020)', async () => {
    const disabled = await signInAgent(t, staffRoleCases.managerNO);
    await updateAgent(t.database.db, disabled.agent.id, { disabled: true }, new Date());
    const machine = await t.tokens.sign({ Roles: staffRoleCases.managerNO, sub: 'service:screening' });
    for (const token of [disabled.token, machine]) {
      const run = await inject('POST', `/backoffice/applications/${application.id}/screening`, token);
      expect(run.statusCode).toBe(403);
      expect((await inject('GET', '/backoffice/screening/reviews', token)).statusCode).toBe(403);
    }
  });

  it('review list: screening.review holders, in their markets only', async () => {
    const list = async (token: string, query = '') =>
      inject('GET', `/backoffice/screening/reviews?limit=100${query}`, token);
    const norwegian = screeningReviewPageSchema.parse((await list(staff.managerNO.token)).json());
    expect(norwegian.Items.some((item) => item.LoanApplicationID === application.id)).toBe(true);
    expect(norwegian.Items.every((item) => item.Country === 'NO')).toBe(true);
    const swedish = screeningReviewPageSchema.parse((await list(staff.managerSE.token)).json());
    expect(swedish.Items.some((item) => item.LoanApplicationID === application.id)).toBe(false);
    expect((await list(staff.superUser.token)).statusCode).toBe(200);
    expect((await list(staff.managerSE.token, '&country=NO')).statusCode).toBe(403);
    for (const name of ['salesNO', 'telemarketingLimitedNO', 'lenderNO', 'customer'] as const) {
      expect((await list(tokenOf(name))).statusCode, name).toBe(403);
    }
    expect((await list(staff.managerNO.token, '&limit=0')).statusCode).toBe(400);
  });

  it('decision: Manager/Super of the market; others 403/404; bad input 400; a clean check 409', async () => {
    const hit = await hitOf(application);
    for (const [name, expected] of [
      ['salesNO', 403],
      ['telemarketingLimitedNO', 403],
      ['customer', 403],
      ['managerSE', 404],
      ['salesSE', 404],
      ['lenderNO', 404],
    ] as const) {
      expect((await decide(hit.id, tokenOf(name), { Decision: 'clear', Reason: 'x' })).statusCode, name).toBe(
        expected,
      );
    }
    const bad = await decide(hit.id, staff.managerNO.token, { Decision: 'maybe', Reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .Errors.map((error: { Field: string }) => error.Field)
        .sort(),
    ).toEqual(['Decision', 'Reason']);
    expect(
      (
        await decide('00000000-0000-4000-8000-000000000000', staff.superUser.token, {
          Decision: 'clear',
          Reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await decide('not-a-uuid', staff.superUser.token, { Decision: 'clear', Reason: 'x' })).statusCode,
    ).toBe(404);

    const cleanApplication = await submittedAs('Kari Nordmann');
    const [clean] = await listPersonChecks(t.database.db, cleanApplication.personId);
    const nothing = await decide(clean!.id, staff.managerNO.token, { Decision: 'clear', Reason: 'x' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().Message).toBe('This check found nothing to review');

    // Several open hits of the same person: one decision covers them all.
    const cleared = await decide(hit.id, staff.managerNO.token, {
      Decision: 'clear',
      Reason: 'Known namesake',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const open = screeningReviewPageSchema.parse(
      (await inject('GET', '/backoffice/screening/reviews?limit=100', staff.superUser.token)).json(),
    );
    expect(open.Items.some((item) => item.LoanApplicationID === application.id)).toBe(false);
    // The application was never submitted: clearing does not start an intake.
    expect(
      (await findJobs(t.database.db)).some((job) => JSON.stringify(job.payload).includes(application.id)),
    ).toBe(false);
  });
});
