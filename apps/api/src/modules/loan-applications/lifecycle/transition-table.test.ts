import { illegalTransitionPairs, transitionTable } from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, applicationStatusCodes, statusGroups } from '@nordloan/domain/statuses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanApplication } from '#src/db/schema/applications.ts';
import { applicationStatusTransition, outboxEvent } from '#src/db/schema/lending.ts';
import { type CreatedApplication, createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// The transition table through the API: every transition the table does not allow answers 409 and
// changes nothing — not the status, not the revision, no history row, no outbox event — whoever asks.

let t: TestApp;
let application: CreatedApplication;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  application = await createCompleteApplication(t);
  superToken = await t.staffToken([{ Name: 'Super' }]);
});
afterAll(async () => t.close());

async function putInStatus(status: number) {
  await t.database.db.update(loanApplication).set({ status }).where(eq(loanApplication.id, application.id));
}

async function snapshot() {
  const [row] = await t.database.db
    .select()
    .from(loanApplication)
    .where(eq(loanApplication.id, application.id));
  const [transitions] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(applicationStatusTransition)
    .where(eq(applicationStatusTransition.loanApplicationId, application.id));
  const [events] = await t.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxEvent)
    .where(eq(outboxEvent.loanApplicationId, application.id));
  return {
    status: row!.status,
    revision: row!.revision,
    transitions: transitions!.count,
    events: events!.count,
  };
}

describe('illegal transitions', () => {
  it('refuses every pair the table does not list with 409 and changes nothing (staff holding Super)', async () => {
    const pairs = illegalTransitionPairs();
    const byFrom = new Map<ApplicationStatusCode, ApplicationStatusCode[]>();
    for (const [from, to] of pairs) byFrom.set(from, [...(byFrom.get(from) ?? []), to]);
    let refused = 0;
    for (const [from, targets] of byFrom) {
      await putInStatus(from);
      const before = await snapshot();
      for (const to of targets) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/loan-application/${application.id}/status`,
          headers: bearer(superToken),
          payload: { Status: to, Reason: 'test' },
        });
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
        refused++;
      }
      expect(await snapshot(), `nothing changed from ${from}`).toEqual(before);
    }
    expect(refused).toBe(pairs.length);
    expect(refused).toBeGreaterThan(2_000);
    // Over 2,000 requests: more than the default 30 s on a busy shared CPU.
  }, 180_000);

  it('refuses staff a transition of the table their roles do not hold (409, nothing changed)', async () => {
    // Telemarketing may change applications (so the route lets it in) but holds few transitions.
    const telemarketing = await t.staffToken([{ Name: 'Telemarketing', Country: 'NO' }]);
    for (const rule of transitionTable.filter(
      (candidate) =>
        candidate.staff.length > 0 && !candidate.staff.includes('Telemarketing') && candidate.to !== 500,
    )) {
      await putInStatus(rule.from);
      const before = await snapshot();
      const response = await t.app.inject({
        method: 'POST',
        url: `/loan-application/${application.id}/status`,
        headers: bearer(telemarketing),
        payload: { Status: rule.to, Reason: 'test' },
      });
      expect(response.statusCode, `${rule.from} → ${rule.to}`).toBe(409);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses read-only staff any status change before the table is consulted (403, nothing changed)', async () => {
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    const rule = transitionTable.find((candidate) => candidate.staff.length > 0 && candidate.to !== 500)!;
    await putInStatus(rule.from);
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/status`,
      headers: bearer(readOnly),
      payload: { Status: rule.to, Reason: 'test' },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the applicant submit only from 100, 155, 169 and 181, and withdraw only while active', async () => {
    for (const status of applicationStatusCodes) {
      await putInStatus(status);
      const before = await snapshot();
      const submitted = await t.app.inject({
        method: 'PATCH',
        url: `/loan-application/${application.id}/application-complete`,
        headers: bearer(application.token),
        payload: {},
      });
      const mayResubmit = [100, 155, 169, 181].includes(status);
      expect(submitted.statusCode, `submit from ${status}`).toBe(mayResubmit ? 200 : 409);
      if (!mayResubmit) expect(await snapshot()).toEqual(before);

      await putInStatus(status);
      const beforeWithdraw = await snapshot();
      const withdrawn = await t.app.inject({
        method: 'POST',
        url: `/loan-application/${application.id}/withdraw`,
        headers: bearer(application.token),
        payload: {},
      });
      const isActive = (statusGroups.Active as readonly number[]).includes(status);
      expect(withdrawn.statusCode, `withdraw from ${status}`).toBe(isActive ? 200 : 409);
      if (isActive) expect(withdrawn.json().Status).toBe(Math.floor(status / 100) * 100 + 90);
      else expect(await snapshot()).toEqual(beforeWithdraw);
    }
  });

  it('hides other people’s applications (404) before any status rule', async () => {
    const stranger = await createCompleteApplication(t);
    await putInStatus(310);
    const response = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/withdraw`,
      headers: bearer(stranger.token),
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
