import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderWithdrawalPath,
  lenderWithdrawalRequestSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import {
  answerSandboxOperation,
  operationPattern,
  type SandboxOperationOptions,
} from './sandbox-operation.ts';

// The sandbox lender's side of a withdrawal notice (CCD2 art. 26; docs/decisions/0066): checked as every
// operation beside the adapter's is (sandbox-operation.ts), and acknowledged. A repeated idempotency key
// gets the first acknowledgement again (sandbox-operation.ts keeps it).

const withdrawalPattern = operationPattern(lenderWithdrawalPath);

export function isWithdrawalPath(path: string): boolean {
  return withdrawalPattern.test(path);
}

export function answerWithdrawal(
  request: IncomingMessage,
  response: ServerResponse,
  options: SandboxOperationOptions,
): Promise<void> {
  return answerSandboxOperation(request, response, {
    ...options,
    operation: {
      path: lenderWithdrawalPath,
      schema: lenderWithdrawalRequestSchema,
      idempotent: true,
      answer: (notice) => ({
        status: 200,
        body: {
          ApplicationReference: notice.ApplicationReference,
          QuoteId: notice.QuoteId,
          Status: 'received',
        },
      }),
    },
  });
}
