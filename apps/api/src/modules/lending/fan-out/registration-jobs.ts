// The registration job (jobKinds.lenderRegister): each lender of the fan-out asked to register the
// application; recorded by registration.service.ts.
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import type { FinerStatusCode } from '@nordloan/domain/statuses';
import type { JobHandlers } from '#src/jobs/worker.ts';
import type { LenderPanel, RegistrationResult } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { LenderAnswerError, lenderCallOf } from './lender-calls.ts';
import { type LenderJobKind, lenderJobHandler } from './lender-job-handler.ts';
import {
  type RegistrationAnswer,
  recordRegistrationBatch,
  recordRegistrationFailure,
  recordRegistrations,
} from './registration.service.ts';
import { pendingRegistration } from './request-progress.service.ts';

/** What a lender switched off on our side answers: 265 "bank disabled" (no call is made). */
const notOnThePanel: RegistrationResult = {
  status: 'not-registered',
  code: 265,
  reasonCode: 'BANK_DISABLED',
  reason: 'Not on the panel',
};

/** Registration: each lender asked to register the application (one switched off on our side answers 265). */
function registrationJobs(): LenderJobKind<RegistrationResult, RegistrationAnswer> {
  return {
    kind: jobKinds.lenderRegister,
    stillPending: pendingRegistration,
    ask: (job) => async (call) => {
      if (!call.adapter) return notOnThePanel;
      const result = await call.adapter.registerApplication(lenderCallOf(call, job.attempts));
      const to = result.status === 'registered' ? 251 : result.code;
      if (!isLoanRequestTransitionAllowed(call.request.status as FinerStatusCode, to)) {
        throw new LenderAnswerError(call.request.lenderId, `code ${to} to a registration`);
      }
      return result;
    },
    answersOf: (_job, asked) =>
      asked.answered.map(({ call, answer }) => ({
        requestId: call.request.id,
        result: answer,
        adapter: call.adapter,
        application: call.view,
      })),
    record: recordRegistrations,
    recordBatch: recordRegistrationBatch,
    recordFailure: recordRegistrationFailure,
  };
}

export function registrationJobHandler(panel: LenderPanel, batchSize: number): JobHandlers[string] {
  return lenderJobHandler(panel, registrationJobs(), batchSize);
}
