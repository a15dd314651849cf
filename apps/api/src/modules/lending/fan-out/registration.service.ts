import type { LenderApplication } from '@nordloan/domain/lending/credit-policy';
import type { Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { LoanRequestRow } from '#src/db/schema/lending.ts';
import { enqueueJob } from '#src/jobs/job.repository.ts';
import {
  enqueueDecisionPoll,
  lockRequestAndApplication,
  moveRequest,
  pendingRegistration,
  recordBankError,
  settleApplication,
  system,
  withRequest,
} from '#src/modules/lending/fan-out/request-progress.service.ts';
import type {
  LenderAdapter,
  LenderPanel,
  RegistrationResult,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  lendersHoldingOtherApplications,
  loadLenderApplication,
} from '#src/modules/lending/lender-panel/lender-view.ts';
import { insertLoanRequests, listLoanRequests } from '#src/modules/lending/lending.repository.ts';
import { transitionIfIn } from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { jobKinds } from './lending-job-kinds.ts';

// The panel the fan-out goes to: other modules (loan-applications/lifecycle) name its type through here.
export type { LenderPanel };

// Registration, the first stage of the fan-out to the lender panel (issue 4): one request per lender that
// offers the product in the country, one registration job each; every `record…` function runs in the
// job's finishing transaction and does nothing when the state it expects is gone — a retried or late job
// changes nothing twice. Decisions follow in ../decisions, acceptance and payout in ../acceptance-and-payout.

/** 200 → 210 and the fan-out (the intake's last step). */
export async function startRegistration(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const moved = await transitionIfIn(tx, {
    applicationId: input.application.id,
    onlyFrom: [200, 209],
    to: 210,
    actor: system('process-application'),
    reason: 'Sent to the lender panel',
    now: input.now,
  });
  if (moved) await fanOutToLenders(tx, { application: moved, panel: input.panel, now: input.now });
}

/**
 * For an application that just reached 210: one request per lender that offers the product in the
 * country, one registration job each, delayed by the lender's response time. With no such lender the
 * application ends 270 at once.
 */
export async function fanOutToLenders(
  tx: Executor,
  input: { application: LoanApplicationRow; panel: LenderPanel; now: Date },
): Promise<void> {
  const { application, panel, now } = input;
  const adapters = panel.forApplication(application.country as never, application.product as never);
  await insertLoanRequests(tx, {
    applicationId: application.id,
    lenderIds: adapters.map((a) => a.profile.id),
    now,
  });
  // What every lender receives is read once, here: the application is locked from 210 until the
  // lenders have answered, so the registration and the decision jobs carry it in their payload.
  const view = await loadLenderApplication(tx, application, { now });
  const duplicates = new Set(await lendersHoldingOtherApplications(tx, application));
  for (const request of await listLoanRequests(tx, application.id)) {
    const adapter = panel.adapter(request.lenderId);
    if (!adapter) continue;
    const payload: LenderJobPayload = {
      requestId: request.id,
      applicationId: application.id,
      application: { ...view, isDuplicateAtLender: duplicates.has(request.lenderId) },
    };
    await enqueueJob(tx, {
      kind: jobKinds.lenderRegister,
      payload: { ...payload },
      dedupeKey: `${jobKinds.lenderRegister}:${request.id}`,
      runAt: new Date(now.getTime() + adapter.responseDelayMs('registration')),
    });
  }
  await settleApplication(tx, { applicationId: application.id, now });
}

/** Payload of the registration and decision jobs: the ids and what the lender is sent. */
export interface LenderJobPayload {
  requestId: string;
  applicationId: string;
  application: LenderApplication;
  poll?: number;
}

export async function recordRegistration(
  tx: Executor,
  input: {
    requestId: string;
    result: RegistrationResult;
    adapter: LenderAdapter | undefined;
    /** What the lender was sent; the decision job carries it on. */
    application?: LenderApplication;
    now: Date;
  },
): Promise<void> {
  const { now, adapter } = input;
  const locked = await lockRequestAndApplication(tx, input.requestId);
  if (!locked || !pendingRegistration(locked.request.status)) return;
  const { request } = locked;
  let moved: LoanRequestRow;
  if (input.result.status === 'registered') {
    moved = await moveRequest(tx, request, 251, now, {
      externalReference: input.result.externalReference,
      registeredAt: now,
    });
    if (adapter) {
      await enqueueDecisionPoll(tx, {
        requestId: request.id,
        applicationId: request.loanApplicationId,
        application: input.application,
        poll: 1,
        adapter,
        now,
      });
    }
  } else {
    moved = await moveRequest(tx, request, input.result.code, now, {
      reasonCode: input.result.reasonCode,
      reason: input.result.reason,
      decidedAt: now,
    });
  }
  await settleApplication(tx, {
    applicationId: request.loanApplicationId,
    now,
    application: locked.application,
    requests: withRequest(locked.requests, moved),
  });
}

/** After the last registration attempt failed: the request ends 263 "bank error". */
export async function recordRegistrationFailure(
  tx: Executor,
  input: { requestId: string; now: Date; error: string },
) {
  await recordBankError(tx, { ...input, endStatus: 263, stillPending: pendingRegistration });
}
