// The decision job (jobKinds.lenderDecision): each registered lender asked for its decision, polled
// (`payload.poll`) until it decides; recorded by decision.service.ts.
import { isLoanRequestTransitionAllowed } from '@nordloan/domain/status-machine';
import type { FinerStatusCode } from '@nordloan/domain/statuses';
import type { JobHandlers } from '#src/jobs/worker.ts';
import {
  type DecisionAnswer,
  recordDecisionBatch,
  recordDecisionFailure,
  recordDecisions,
} from '#src/modules/lending/decisions/decision.service.ts';
import {
  LenderAnswerError,
  type LenderCall,
  lenderCallOf,
  requireAdapter,
} from '#src/modules/lending/fan-out/lender-calls.ts';
import { type LenderJobKind, lenderJobHandler } from '#src/modules/lending/fan-out/lender-job-handler.ts';
import { pendingDecision } from '#src/modules/lending/fan-out/request-progress.service.ts';
import {
  type LenderAdapter,
  type LenderPanel,
  lenderOfferSchema,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';

/** A decision the request can take: a decline code the status machine allows, offers of the right shape. */
function checkDecision(call: LenderCall, result: Awaited<ReturnType<LenderAdapter['fetchDecision']>>) {
  if (result.status === 'pending') return;
  const { decision } = result;
  const from = call.request.status as FinerStatusCode;
  const lenderId = call.request.lenderId;
  if (decision.kind === 'declined') {
    if (!isLoanRequestTransitionAllowed(from, decision.code)) {
      throw new LenderAnswerError(lenderId, `code ${decision.code} to a decision`);
    }
    return;
  }
  for (const offer of decision.offers) {
    if (!lenderOfferSchema.safeParse(offer).success)
      throw new LenderAnswerError(lenderId, 'a malformed offer');
  }
}

/** Decisions: each registered lender asked for its decision (poll `payload.poll`). */
function decisionJobs(
  panel: LenderPanel,
): LenderJobKind<
  { adapter: LenderAdapter; result: Awaited<ReturnType<LenderAdapter['fetchDecision']>> },
  DecisionAnswer
> {
  return {
    kind: jobKinds.lenderDecision,
    stillPending: pendingDecision,
    ask: (job) => async (call) => {
      const adapter = requireAdapter(panel, call.request.lenderId);
      const result = await adapter.fetchDecision(lenderCallOf(call, job.attempts));
      checkDecision(call, result);
      return { adapter, result };
    },
    answersOf: (job, asked) =>
      asked.answered.map(({ call, answer: { adapter, result } }) => ({
        requestId: call.request.id,
        poll: Number(job.payload.poll ?? 1),
        decision: result.status === 'pending' ? 'pending' : result.decision,
        documentsAsked: result.status === 'decided' ? (result.documentsAsked ?? []) : [],
        adapter,
        application: call.view,
      })),
    record: recordDecisions,
    recordBatch: recordDecisionBatch,
    recordFailure: recordDecisionFailure,
  };
}

export function decisionJobHandler(panel: LenderPanel, batchSize: number): JobHandlers[string] {
  return lenderJobHandler(panel, decisionJobs(panel), batchSize);
}
