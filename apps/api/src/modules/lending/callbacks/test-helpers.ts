import { randomUUID } from 'node:crypto';
import {
  type LenderCallback,
  type lenderCallbackSchema,
  lenderSignatureHeader,
} from '@nordloan/domain/lending/lender-api';
import type { z } from 'zod';
import { sandboxLenderSecret } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { signLenderMessage } from '#src/modules/lending/lender-api/lender-signature.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, type TestApp } from '#src/test/test-app.ts';

// Signed callbacks in tests (ADR 0062): the test app has each lender's sandbox secret (outside production,
// credentials-config), and tests sign with it as the lender would.

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type CallbackInput = DistributiveOmit<
  z.input<typeof lenderCallbackSchema>,
  'MessageId' | 'SentAt' | 'LenderId'
> & {
  MessageId?: string;
  LenderId?: string;
};

/** A callback message of `lenderId`, with a new MessageId unless given. */
export function callbackOf(lenderId: string, input: CallbackInput): LenderCallback {
  // The output type's defaults (DocumentsRequested) are filled by the route's schema as for any lender.
  return {
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    LenderId: lenderId,
    ...input,
  } as LenderCallback;
}

/** POSTs a callback as `lenderId` signs it (or as `options` spoils it). */
export function postCallback(
  t: Pick<TestApp, 'app'>,
  lenderId: string,
  message: LenderCallback | string,
  options: { secret?: string; signedAt?: Date; signature?: string | null } = {},
) {
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        signLenderMessage(
          options.secret ?? sandboxLenderSecret(lenderId),
          body,
          options.signedAt ?? new Date(),
        ));
  return t.app.inject({
    method: 'POST',
    url: `/lender-api/callbacks/${lenderId}`,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { [lenderSignatureHeader]: signature } : {}),
    },
    payload: body,
  });
}

export interface AcceptedApplication {
  application: CreatedApplication;
  lenderId: string;
  requestId: string;
  quoteId: string;
}

/** An application whose customer accepted an offer of a lender that answers by callback: at 510. */
export async function applicationAt510(t: TestApp): Promise<AcceptedApplication> {
  return (await applicationsAt510(t, 1))[0]!;
}

/** `count` applications at 510 (Finland), taken through the worker together: about the time of one. */
export async function applicationsAt510(t: TestApp, count: number): Promise<AcceptedApplication[]> {
  const worker = testWorker(t, { disbursement: 'callback' });
  const applications: CreatedApplication[] = [];
  for (let index = 0; index < count; index++) {
    const application = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
    await submit(t, application);
    applications.push(application);
  }
  await settle(t, worker);
  const accepted: AcceptedApplication[] = [];
  for (const application of applications) {
    const [quote] = await listQuotes(t.database.db, application.id, ['approved']);
    if (!quote) throw new Error('no offer');
    const answer = await t.app.inject({
      method: 'POST',
      url: `/loan-quote/${quote.id}/accept`,
      headers: bearer(application.token),
      payload: { Consent: true },
    });
    if (answer.statusCode !== 201) throw new Error(`accept: ${answer.statusCode} ${answer.body}`);
    accepted.push({
      application,
      lenderId: quote.lenderId,
      requestId: quote.loanRequestId,
      quoteId: quote.id,
    });
  }
  await settle(t, worker);
  return accepted;
}
