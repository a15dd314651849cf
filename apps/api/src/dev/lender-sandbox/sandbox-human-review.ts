import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderReviewPath,
  lenderReviewRequestSchema,
  simulatedLenderReviewAnswer,
} from '@nordloan/domain/human-review';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import {
  answerSandboxOperation,
  operationPattern,
  type SandboxOperationOptions,
} from './sandbox-operation.ts';

// The sandbox lender's side of a human review (CCD2 art. 18(8); docs/decisions/0065): checked as every
// operation beside the adapter's is (sandbox-operation.ts), answered as the simulation does — a person
// looked at the application again, the decline stands — in the lender's language. A repeated idempotency
// key gets the first answer again (sandbox-operation.ts keeps it).

const reviewPattern = operationPattern(lenderReviewPath);

export function isHumanReviewPath(path: string): boolean {
  return reviewPattern.test(path);
}

export function answerHumanReview(
  request: IncomingMessage,
  response: ServerResponse,
  options: SandboxOperationOptions & { profile: LenderProfile },
): Promise<void> {
  return answerSandboxOperation(request, response, {
    ...options,
    operation: {
      path: lenderReviewPath,
      schema: lenderReviewRequestSchema,
      idempotent: true,
      answer: (review) => ({
        status: 200,
        body: {
          ApplicationReference: review.ApplicationReference,
          ReviewId: review.ReviewId,
          ...simulatedLenderReviewAnswer(options.profile.country),
        },
      }),
    },
  });
}
