import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderPrequalificationPath,
  lenderPrequalificationRequestSchema,
  softPrequalification,
} from '@nordloan/domain/lending/approval-odds';
import { lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { verifyLenderSignature } from '#src/modules/lending/lender-api/lender-signature.ts';

// The sandbox lender's soft pre-qualification (ADR 0074): it checks our signature and the request, and
// answers from the lender's credit policy (the same function as the in-process simulation). Tests make a
// lender slow (`delayMsOf`) or leave the operation out (`unsupported`: 404, as a lender without it would).

export interface SandboxPrequalificationOptions {
  /** Lenders without the operation. */
  unsupported?: readonly string[];
  /** Extra answer time per lender, milliseconds. */
  delayMsOf?: (lenderId: string) => number;
}

export function isPrequalificationPath(path: string): boolean {
  return path === lenderPrequalificationPath;
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function answerPrequalification(
  request: IncomingMessage,
  response: ServerResponse,
  options: {
    profile: LenderProfile;
    secret: string;
    seed: number;
    counted: () => void;
    settings: SandboxPrequalificationOptions;
  },
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (options.settings.unsupported?.includes(options.profile.id))
    return send(response, 404, { Message: 'No such operation' });
  const check = verifyLenderSignature({
    header: request.headers[lenderSignatureHeader],
    body: raw,
    secrets: [options.secret],
    now: new Date(),
  });
  if (!check.ok) return send(response, 401, { Message: `Signature ${check.reason}`, Code: 'SIGNATURE' });
  options.counted();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return send(response, 400, { Message: 'Not JSON' });
  }
  const parsed = lenderPrequalificationRequestSchema.safeParse(json);
  if (!parsed.success)
    return send(response, 400, { Message: parsed.error.issues[0]?.message ?? 'Invalid', Code: 'SCHEMA' });
  const delay = options.settings.delayMsOf?.(options.profile.id) ?? 0;
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  send(response, 200, {
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    ...softPrequalification(options.profile, parsed.data, options.seed),
  });
}
