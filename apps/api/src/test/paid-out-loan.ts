import { defaultDependencies } from '#src/dependencies.ts';
import type { PrequalificationLenders } from '#src/modules/approval-odds/approval-odds.service.ts';
import {
  type AcceptedApplication,
  applicationsAt510,
  callbackOf,
  postCallback,
} from '#src/modules/lending/callbacks/test-helpers.ts';
import { closeHttpLenders } from '#src/modules/lending/lender-api/http-lender-panel.ts';
import { createLenderPrequalificationApi } from '#src/modules/lending/lender-api/lender-prequalification.ts';
import type { TestApp } from './test-app.ts';

// Set-ups for what happens after a loan is paid out (the rate watch, ADR 0081; the data export): a Finnish
// application taken through acceptance, the agreement signed and the payout reported by the lender's signed
// callbacks, as a real lender does; and the panel's soft pre-qualification as the app wires it.

export type { AcceptedApplication };

/** An application at 700 (loan disbursed), its agreement signed and paid out by the lender's callbacks. */
export async function paidOutApplication(t: TestApp): Promise<AcceptedApplication> {
  const accepted = (await applicationsAt510(t, 1))[0]!;
  const common = { ApplicationReference: accepted.requestId, QuoteId: accepted.quoteId };
  for (const message of [
    callbackOf(accepted.lenderId, {
      Type: 'agreement-signed',
      ...common,
      SignedAt: t.clock.now().toISOString(),
    }),
    callbackOf(accepted.lenderId, { Type: 'disbursement-decision', ...common, Decision: 'approved' }),
    callbackOf(accepted.lenderId, { Type: 'disbursed', ...common, Reference: 'payout-1' }),
  ]) {
    const answer = await postCallback(t, accepted.lenderId, message);
    if (answer.statusCode >= 300) throw new Error(`payout callback: ${answer.statusCode} ${answer.body}`);
  }
  return accepted;
}

/** The lenders' soft pre-qualification over the app's own lender table; close() ends its connections. */
export async function realPrequalification(
  t: TestApp,
): Promise<{ lenders: PrequalificationLenders; close(): void }> {
  const panel = defaultDependencies({ config: t.config, db: t.database.db, now: t.clock.now }).panel;
  await panel.refresh?.(t.database.db);
  return {
    lenders: createLenderPrequalificationApi({ panel }),
    close: () => closeHttpLenders(panel),
  };
}
