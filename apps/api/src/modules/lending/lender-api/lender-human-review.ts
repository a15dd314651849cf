import {
  type HumanReviewOutcome,
  lenderReviewPath,
  lenderReviewResponseSchema,
} from '@nordloan/domain/human-review';
import {
  type LenderPanel,
  LenderUnavailableError,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { isHttpLenderAdapter } from './http-lender-adapter.ts';
import { answerOutsideContract, lenderPathOf, postToLender } from './signed-lender-post.ts';

// CCD2 art. 18(8) (issue 34 item 3, docs/decisions/0065): an applicant's request for a human review of a
// lender's decline goes to that lender, which answers whether the decline stands and why. One more
// operation of the lender API, kept in its own file beside the adapter (lenders are becoming rows of the
// database; the adapter is left as it is): a lender with an endpoint is asked over HTTP through its own client
// (signed, with an idempotency key, its breaker and counters: docs/decisions/0077), its answer held against
// the contract. Every other lender on the panel is a portal lender (ADR 0083), whose portal takes no reviews
// yet: it cannot be asked, and after the job's last try staff answer without it — never an answer made up
// in its name. The compliance module calls it through its HumanReviewLenders port (app.ts).

export interface LenderReviewCall {
  lenderId: string;
  /** Our loan request id: the lender's reference to the application (as for every operation). */
  loanRequestId: string;
  externalReference: string | null;
  reviewId: string;
  code: number;
  reasonCode: string | null;
  applicantView: string;
  answerBy: Date;
  now: Date;
}

export interface LenderReviewAnswer {
  outcome: HumanReviewOutcome;
  explanation: string;
}

export interface LenderReviewApi {
  /** The lender's answer. Throws LenderUnavailableError when it could not be asked (the job retries). */
  requestReview(call: LenderReviewCall): Promise<LenderReviewAnswer>;
}

export function createLenderReviewApi(options: { panel: LenderPanel }): LenderReviewApi {
  return {
    async requestReview(call) {
      const adapter = options.panel.adapter(call.lenderId);
      if (!adapter) throw new LenderUnavailableError(call.lenderId, 'requestHumanReview (not on the panel)');
      if (!isHttpLenderAdapter(adapter))
        throw new LenderUnavailableError(
          call.lenderId,
          'requestHumanReview (the lender portal takes no reviews yet)',
        );
      const answer = await postToLender(adapter, {
        operation: 'requestHumanReview',
        path: lenderPathOf(lenderReviewPath, call.loanRequestId),
        message: {
          ApplicationReference: call.loanRequestId,
          ReviewId: call.reviewId,
          Code: call.code,
          ReasonCode: call.reasonCode,
          ApplicantView: call.applicantView,
          AnswerBy: call.answerBy.toISOString(),
        },
        idempotencyKey: `human-review:${call.reviewId}`,
      });
      const parsed = lenderReviewResponseSchema.safeParse(answer);
      // An answer outside the contract, or about another application or review, reaches nobody.
      if (
        !parsed.success ||
        parsed.data.ApplicationReference !== call.loanRequestId ||
        parsed.data.ReviewId !== call.reviewId
      ) {
        return answerOutsideContract(adapter, 'requestHumanReview');
      }
      return { outcome: parsed.data.Outcome, explanation: parsed.data.Explanation };
    },
  };
}
