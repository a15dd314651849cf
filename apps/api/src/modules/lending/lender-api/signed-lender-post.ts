import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { LenderEndpointConfig } from '#src/config.ts';
import { LenderUnavailableError } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import type { LenderCredentials } from './lender-credentials.ts';
import { signLenderMessage } from './lender-signature.ts';

// One signed POST to a lender's own API for the operations beside the adapter's (the agreement, a human
// review, a withdrawal notice): our signature over the body, the idempotency key that makes a retried call
// the same request at the lender, the lender's timeout. Any failure — no secret, the network, a non-2xx — is a
// LenderUnavailableError naming the operation, which the calling job retries. Returns the answer's JSON
// (undefined when it is not JSON); the caller checks it against its own schema.

/** `/applications/{ApplicationReference}/…` with the reference filled in. */
export function lenderPathOf(template: string, applicationReference: string): string {
  return template.replace('{ApplicationReference}', encodeURIComponent(applicationReference));
}

export async function postSignedToLender(options: {
  credentials: LenderCredentials;
  clock: () => Date;
  lenderId: string;
  endpoint: LenderEndpointConfig;
  path: string;
  body: string;
  idempotencyKey: string;
  /** Named in the error, e.g. 'notifyWithdrawal'. */
  operation: string;
}): Promise<unknown> {
  const { lenderId, operation } = options;
  const [secret] = await options.credentials.secretsOf(lenderId);
  if (!secret) throw new LenderUnavailableError(lenderId, `${operation} (no secret)`);
  let response: Response;
  try {
    response = await fetch(`${options.endpoint.url.replace(/\/$/, '')}${options.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [lenderSignatureHeader]: signLenderMessage(secret, options.body, options.clock()),
        [idempotencyKeyHeader]: options.idempotencyKey,
      },
      body: options.body,
      signal: AbortSignal.timeout(options.endpoint.timeoutMs),
    });
  } catch {
    throw new LenderUnavailableError(lenderId, operation);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new LenderUnavailableError(lenderId, `${operation} (${response.status})`);
  }
  return response.json().catch(() => undefined) as Promise<unknown>;
}
