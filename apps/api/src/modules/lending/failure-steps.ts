import { expect } from 'vitest';
import {
  type CreatedApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, type TestApp } from '#src/test/test-app.ts';

// The calls and the walks down the main path that the failure-branch tests (failure-branches.test.ts,
// failure-branches-late.test.ts) start from, bound to the test file's app.

export const day = 86_400_000;

export function failureSteps(app: () => TestApp) {
  const get = (url: string, token: string) =>
    app().app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object = {}) =>
    app().app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const lending = async (application: CreatedApplication) =>
    (await get(`/loan-application/${application.id}/lending`, application.token)).json();
  const statusOf = async (application: CreatedApplication) => (await lending(application)).Status as number;
  const requestCodes = async (application: CreatedApplication) =>
    ((await lending(application)).LoanRequests as { Status: number }[]).map((request) => request.Status);
  const withdraw = (application: CreatedApplication) =>
    post(`/loan-application/${application.id}/withdraw`, application.token, { Reason: 'Changed my mind' });

  /**
   * Submits and runs the worker without moving the clock: registrations are still under way (210). The
   * register answers with a clean record (no debts, no payment remarks), so every lender registers the
   * application whatever its national id — the bureau stand-in would refuse some ids at some lenders (264).
   */
  async function submitToRegistration(application: CreatedApplication) {
    const t = app();
    await submit(t, application);
    await testWorker(t, { externalData: fixedExternalData() }).runUntilIdle();
    expect(await statusOf(application)).toBe(210);
  }

  /** …then lets the registrations answer but no decision yet (310). */
  async function submitToBankDecision(application: CreatedApplication) {
    const t = app();
    await submitToRegistration(application);
    t.clock.advance(1_000);
    await testWorker(t).runUntilIdle();
    expect(await statusOf(application)).toBe(310);
  }

  async function submitToOffers(
    application: CreatedApplication,
    options: Parameters<typeof testWorker>[1] = {},
  ) {
    const t = app();
    await submit(t, application);
    await settle(t, testWorker(t, { externalData: fixedExternalData(), ...options }));
    expect(await statusOf(application)).toBe(410);
    const presentation = (
      await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, application.token)
    ).json();
    return presentation.Groups.flatMap(
      (group: { Quotes: { ID: string; Lender: { ID: string } }[] }) => group.Quotes,
    );
  }

  return {
    get,
    post,
    lending,
    statusOf,
    requestCodes,
    withdraw,
    submitToRegistration,
    submitToBankDecision,
    submitToOffers,
  };
}
