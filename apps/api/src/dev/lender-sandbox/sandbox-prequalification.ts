import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  lenderPrequalificationPath,
  lenderPrequalificationRequestSchema,
  softPrequalification,
} from '@nordloan/domain/lending/approval-odds';
import type { LenderProfile } from '@nordloan/domain/lending/lender-panel';
import { answerSandboxOperation } from './sandbox-operation.ts';

// The sandbox lender's soft pre-qualification (ADR 0074): checked as every operation beside the adapter's
// is (sandbox-operation.ts; no idempotency key — it changes nothing at the lender), answered from the
// lender's credit policy (the same function as the simulated lenders'). Tests make a lender slow
// (`delayMsOf`) or leave the operation out (`unsupported`: 404, as a lender without it would).

export interface SandboxPrequalificationOptions {
  /** Lenders without the operation. */
  unsupported?: readonly string[];
  /** Extra answer time per lender, milliseconds. */
  delayMsOf?: (lenderId: string) => number;
}

export function isPrequalificationPath(path: string): boolean {
  return path === lenderPrequalificationPath;
}

export function answerPrequalification(
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
  const { profile, settings } = options;
  return answerSandboxOperation(request, response, {
    path: lenderPrequalificationPath,
    secret: options.secret,
    counted: options.counted,
    refuse: () =>
      settings.unsupported?.includes(profile.id)
        ? { status: 404, body: { Message: 'No such operation' } }
        : undefined,
    operation: {
      path: lenderPrequalificationPath,
      schema: lenderPrequalificationRequestSchema,
      idempotent: false,
      async answer(asked) {
        const delay = settings.delayMsOf?.(profile.id) ?? 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        return {
          status: 200,
          body: softPrequalification(profile, asked, options.seed),
        };
      },
    },
  });
}
