import type { Country } from '@nordloan/domain/enums';
import {
  type LenderPrequalificationEstimate,
  type LenderPrequalificationRequest,
  lenderPrequalificationPath,
  lenderPrequalificationResponseSchema,
} from '@nordloan/domain/lending/approval-odds';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { isHttpLenderAdapter } from './http-lender-adapter.ts';

// The lender API's SOFT pre-qualification (issue 35 item 1, docs/decisions/0074): the applicant's own
// figures, no identity, and the promise that no bureau is asked (InquiryType "soft"). One more operation in
// its own file beside the adapter, like the withdrawal notice: a lender with an endpoint is asked over HTTP
// through its own client (signed; no idempotency key — it changes nothing at the lender, so a lost answer is
// simply "no estimate"; its breaker, rate limit and counters, ADR 0077); a portal lender (the only other
// kind on the panel, ADR 0083) has no such operation: no estimate. Each call has its own
// deadline: a lender that is slow, fails, answers outside the contract or has no such operation (404/501)
// gives null — "no estimate" — and never holds the others.

export interface PrequalificationLender {
  id: string;
  name: string;
}

export interface LenderPrequalificationApi {
  /** The panel's active lenders of unsecured loans in the country. */
  lendersIn(country: Country): PrequalificationLender[];
  /** The lender's estimate, or null (no operation, too slow, failed). Never throws. */
  prequalify(
    lenderId: string,
    request: LenderPrequalificationRequest,
    options: { timeoutMs: number },
  ): Promise<LenderPrequalificationEstimate | null>;
}

export function createLenderPrequalificationApi(options: { panel: LenderPanel }): LenderPrequalificationApi {
  return {
    lendersIn(country) {
      return options.panel
        .forApplication(country, 'UnsecuredLoan')
        .filter((adapter) => !adapter.profile.disabled)
        .map((adapter) => ({ id: adapter.profile.id, name: adapter.profile.name }));
    },
    async prequalify(lenderId, request, { timeoutMs }) {
      const adapter = options.panel.adapter(lenderId);
      if (!adapter || !isHttpLenderAdapter(adapter)) return null;
      try {
        // Through the lender's own client (docs/decisions/0077): its open circuit answers at once, its rate
        // limit holds, the call is counted. One try within our deadline: a lender slower than that gives no
        // estimate, and (cut short by us, not by its own timeout) does not count against its circuit.
        const answer = await adapter.send({
          operation: 'prequalify',
          path: lenderPrequalificationPath,
          message: request,
          budgetMs: timeoutMs,
          retries: 0,
        });
        const parsed = lenderPrequalificationResponseSchema.safeParse(answer);
        if (!parsed.success) {
          adapter.recordBadAnswer('prequalify');
          return null;
        }
        const { MessageId: _id, SentAt: _at, ...estimate } = parsed.data;
        return estimate;
      } catch {
        return null;
      }
    },
  };
}
