import type { LenderCallbackType } from '@nordloan/domain/lending/lender-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  type AcceptedApplication,
  applicationsAt510,
  type CallbackInput,
  callbackOf,
  postCallback,
} from './test-helpers.ts';

// Issue 33 item 3 against the engine: any order and multiplicity of a valid sequence of signed callbacks —
// some delivered twice, some re-sent under a new MessageId — ends in the state the sequence once, in
// order, ends in (the status history included). Each run takes a fresh application at 510.

const runs = 8;
let t: TestApp;
let applications: AcceptedApplication[];

beforeAll(async () => {
  t = await createTestApp();
  applications = await applicationsAt510(t, runs + 1);
}, 300_000);
afterAll(async () => t?.close());

const sequence: LenderCallbackType[] = [
  'documents-requested',
  'agreement-signed',
  'disbursement-decision',
  'disbursed',
  'commission-clawback',
];

function messageOf(type: LenderCallbackType, target: AcceptedApplication): CallbackInput {
  const ids = { ApplicationReference: target.requestId, QuoteId: target.quoteId };
  switch (type) {
    case 'documents-requested':
      return {
        Type: type,
        ...ids,
        Documents: [{ Action: 'upload', Timing: 'before_disbursement', Category: 'payslip' }],
      };
    case 'agreement-signed':
      return { Type: type, ...ids, SignedAt: new Date().toISOString() };
    case 'disbursement-decision':
      return { Type: type, ...ids, Decision: 'approved' };
    case 'disbursed':
      return { Type: type, ...ids, Reference: `PAYOUT-${target.quoteId.slice(0, 8)}` };
    case 'commission-clawback':
      return { Type: type, ...ids, Reason: 'The customer withdrew within 14 days' };
    default:
      throw new Error(type);
  }
}

interface Delivery {
  /** Which message of the sequence. */
  index: number;
  /** Sent again by the lender as a new message (a new MessageId), not a repeated delivery. */
  fresh: boolean;
}

async function deliverAll(target: AcceptedApplication, deliveries: readonly Delivery[]) {
  const messages = sequence.map((type) => callbackOf(target.lenderId, messageOf(type, target)));
  for (const { index, fresh } of deliveries) {
    const message = fresh
      ? callbackOf(target.lenderId, messageOf(sequence[index]!, target))
      : messages[index]!;
    const response = await postCallback(t, target.lenderId, message);
    expect([200, 202]).toContain(response.statusCode);
  }
}

/** Everything a callback can change, without ids and times. */
async function stateOf(target: AcceptedApplication) {
  const db = t.database.db;
  const history = (await listStatusTransitions(db, target.application.id)).map((step) => step.toStatus);
  const quote = (await findQuote(db, target.quoteId))!;
  return {
    status: (await findApplicationById(db, target.application.id))!.status,
    afterAcceptance: history.slice(history.lastIndexOf(510)),
    request: (await findLoanRequest(db, target.requestId))!.status,
    quote: quote.status,
    documents: quote.documentRequests
      .map((document) => `${document.action}/${document.timing}/${document.category}:${document.status}`)
      .sort(),
  };
}

describe('signed callbacks in any order and multiplicity', () => {
  it('end where the sequence once, in order, ends', async () => {
    const [baseline, ...rest] = applications;
    await deliverAll(
      baseline!,
      sequence.map((_, index) => ({ index, fresh: false })),
    );
    const inOrder = await stateOf(baseline!);
    expect(inOrder).toMatchObject({ status: 800, afterAcceptance: [510, 600, 610, 700, 800], request: 651 });
    let next = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(fc.record({ index: fc.nat(sequence.length - 1), fresh: fc.boolean() }), { maxLength: 4 })
          .chain((extra) => {
            const all = [...sequence.map((_, index) => ({ index, fresh: false })), ...extra];
            return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
          }),
        async (deliveries) => {
          const target = rest[next++]!;
          await deliverAll(target, deliveries);
          expect(await stateOf(target)).toEqual(inOrder);
        },
      ),
      { numRuns: runs, endOnFailure: true },
    );
  }, 300_000);
});
