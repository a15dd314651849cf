import type { IncomingMessage, ServerResponse } from 'node:http';
import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import {
  lenderAgreementPath,
  lenderAgreementRequestSchema,
  lenderSignedAgreementPath,
  lenderSignedAgreementRequestSchema,
  simulatedAgreement,
} from '#src/modules/lending/lender-api/lender-agreement.ts';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';

// The sandbox lender's side of the credit agreement (issue 36 item 1, docs/decisions/0075): it hands over
// its agreement PDF for an accepted offer, and acknowledges the signed agreement's evidence. Our signature
// and the request are checked as for any operation; the answers depend only on the request.

const pattern = (template: string) =>
  new RegExp(`^${template.replace('{ApplicationReference}', '([^/]+)')}$`);
const agreementPattern = pattern(lenderAgreementPath);
const signedPattern = pattern(lenderSignedAgreementPath);

export function isAgreementPath(path: string): boolean {
  return agreementPattern.test(path) || signedPattern.test(path);
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function answerAgreement(
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
  const signed = signedPattern.exec(options.path);
  const reference = decodeURIComponent((signed ?? agreementPattern.exec(options.path))?.[1] ?? '');
  const parsed = (signed ? lenderSignedAgreementRequestSchema : lenderAgreementRequestSchema).safeParse(json);
  if (!parsed.success)
    return send(response, 400, { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' });
  if (parsed.data.ApplicationReference !== reference)
    return send(response, 400, { Message: 'The path and the body name different applications' });
  if (signed) {
    return send(response, 200, {
      ApplicationReference: reference,
      QuoteId: parsed.data.QuoteId,
      Status: 'received',
    });
  }
  const call = lenderAgreementRequestSchema.parse(json);
  const { fileName, content } = simulatedAgreement({
    lenderName: options.profile.name,
    loanRequestId: call.ApplicationReference,
    quoteId: call.QuoteId,
    amount: call.Amount,
    durationMonths: call.DurationMonths,
    nominalRate: call.NominalRate,
    currency: call.Currency,
  });
  send(response, 200, {
    ApplicationReference: reference,
    QuoteId: call.QuoteId,
    Status: 'ready',
    FileName: fileName,
    ContentType: 'application/pdf',
    ContentBase64: content.toString('base64'),
  });
}
