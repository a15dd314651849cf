import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderWithdrawalPath,
  lenderWithdrawalRequestSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';

// The sandbox lender's side of a withdrawal notice (CCD2 art. 26; docs/decisions/0066): it checks our
// signature and the request as any operation's, and acknowledges it. A repeated idempotency key is answered
// the same (the answer depends only on the request).

const withdrawalPattern = new RegExp(
  `^${lenderWithdrawalPath.replace('{ApplicationReference}', '([^/]+)')}$`,
);

export function isWithdrawalPath(path: string): boolean {
  return withdrawalPattern.test(path);
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function answerWithdrawal(
  request: IncomingMessage,
  response: ServerResponse,
  options: { path: string; secret: string; counted: () => void },
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const raw = Buffer.concat(chunks).toString('utf8');
  const check = verifyLenderSignature({
    header: request.headers[lenderSignatureHeader],
    body: raw,
    secrets: [options.secret],
    now: new Date(),
  });
  if (!check.ok) return send(response, 401, { Message: `Signature ${check.reason}`, Code: 'SIGNATURE' });
  options.counted();
  const key = request.headers[idempotencyKeyHeader];
  if (typeof key !== 'string' || key.length === 0 || key.length > 255)
    return send(response, 400, { Message: 'Idempotency-Key required', Code: 'IDEMPOTENCY_KEY' });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return send(response, 400, { Message: 'Not JSON' });
  }
  const parsed = lenderWithdrawalRequestSchema.safeParse(json);
  if (!parsed.success)
    return send(response, 400, { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' });
  const reference = decodeURIComponent(options.path.match(withdrawalPattern)?.[1] ?? '');
  if (parsed.data.ApplicationReference !== reference)
    return send(response, 400, { Message: 'The path and the body name different applications' });
  send(response, 200, {
    ApplicationReference: parsed.data.ApplicationReference,
    QuoteId: parsed.data.QuoteId,
    Status: 'received',
  });
}
