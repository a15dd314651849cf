import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderReviewPath,
  lenderReviewRequestSchema,
  simulatedLenderReviewAnswer,
} from '@nordloan/domain/human-review';
import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';

// The sandbox lender's side of a human review (CCD2 art. 18(8); docs/decisions/0065): it checks our
// signature and the request as any operation's, and answers as the simulation does — a person looked at the
// application again, the decline stands — in the lender's language. A repeated idempotency key is answered
// the same (the answer depends only on the lender).

const reviewPattern = new RegExp(`^${lenderReviewPath.replace('{ApplicationReference}', '([^/]+)')}$`);

export function isHumanReviewPath(path: string): boolean {
  return reviewPattern.test(path);
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function answerHumanReview(
  request: IncomingMessage,
  response: ServerResponse,
  options: { profile: LenderProfile; path: string; secret: string; counted: () => void },
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
  const parsed = lenderReviewRequestSchema.safeParse(json);
  if (!parsed.success)
    return send(response, 400, { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' });
  const reference = decodeURIComponent(options.path.match(reviewPattern)?.[1] ?? '');
  if (parsed.data.ApplicationReference !== reference)
    return send(response, 400, { Message: 'The path and the body name different applications' });
  send(response, 200, {
    ApplicationReference: parsed.data.ApplicationReference,
    ReviewId: parsed.data.ReviewId,
    ...simulatedLenderReviewAnswer(options.profile.country),
  });
}
