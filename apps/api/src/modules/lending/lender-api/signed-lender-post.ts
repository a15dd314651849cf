import { LenderAnswerError } from '#src/modules/lending/fan-out/lender-calls.ts';
import { LenderUnavailableError } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import type { HttpLenderAdapter } from './http-lender-adapter.ts';
import type { LenderSideOperation } from './lender-http-client.ts';

// One call of an operation beside the adapter's (the agreement, a human review, a withdrawal notice) through
// the lender's own HTTP client (docs/decisions/0077): signed, with the idempotency key that makes a retried
// call the same request at the lender, retried on a 5xx or a timeout only, stopped by the lender's open
// circuit, held to its rate limit and counted on /metrics beside the fan-out's calls. Whatever goes wrong —
// no secret, the network, an open circuit, a 4xx, an answer that is not JSON — is a LenderUnavailableError
// naming the operation, which the calling job retries (or the page asks again on its next read).

/** `/applications/{ApplicationReference}/…` with the reference filled in. */
export function lenderPathOf(template: string, applicationReference: string): string {
  return template.replace('{ApplicationReference}', encodeURIComponent(applicationReference));
}

export async function postToLender(
  adapter: HttpLenderAdapter,
  input: {
    operation: LenderSideOperation;
    path: string;
    /** The message without its envelope (MessageId and SentAt are the client's, the same for every try). */
    message: Record<string, unknown>;
    idempotencyKey: string;
  },
): Promise<unknown> {
  try {
    return await adapter.send(input);
  } catch (error) {
    if (error instanceof LenderAnswerError)
      throw new LenderUnavailableError(adapter.profile.id, `${input.operation} (${error.message})`);
    throw error;
  }
}

/** The answer is outside the contract: counted as a bad answer of the lender, and nothing of it is used. */
export function answerOutsideContract(adapter: HttpLenderAdapter, operation: LenderSideOperation): never {
  adapter.recordBadAnswer(operation);
  throw new LenderUnavailableError(adapter.profile.id, `${operation} (an answer outside the contract)`);
}
