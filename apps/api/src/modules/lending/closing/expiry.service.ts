import { expiryPeriodFor } from '@nordloan/domain/lending/expiry';
import { expiredStatusFor } from '@nordloan/domain/status-machine';
import { type ApplicationStatusCode, statusGroups } from '@nordloan/domain/statuses';
import type { Db } from '#src/db/client.ts';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import {
  findApplicationsWithoutOpenOffers,
  findExpiredOpenQuotes,
  findStaleApplicationIds,
} from '#src/modules/lending/closing/expiry.repository.ts';
import { moveRequest } from '#src/modules/lending/fan-out/request-progress.service.ts';
import { findQuote, updateQuote } from '#src/modules/lending/loan-quote.repository.ts';
import { findLoanRequestForUpdate } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicationByIdForUpdate } from '#src/modules/loan-applications/application-locked-read.repository.ts';
import { findApplicationById } from '#src/modules/loan-applications/application-read.repository.ts';
import {
  quoteEvent,
  transitionIfIn,
} from '#src/modules/loan-applications/lifecycle/status-transition.service.ts';
import { endOpenWork } from './end-open-work.service.ts';

// The scheduled expiry (§4 x89; periods in @nordloan/domain/lending/expiry, ADR 0009): offers past their
// validity end 'expired'; an application waiting for the customer with no open offer left expires (489);
// any active application not changed for its phase's period expires into the x89 of its phase. Each
// application is handled in its own transaction and only from the status it was found in.

const system = { kind: 'system' as const, id: 'expiry' };
const batch = 500;

export interface ExpirySummary {
  quotes: number;
  applications: number;
}

export async function runExpirySweep(options: { db: Db; now: Date }): Promise<ExpirySummary> {
  const { db, now } = options;
  const summary: ExpirySummary = { quotes: 0, applications: 0 };

  for (const quote of await findExpiredOpenQuotes(db, { now, limit: batch })) {
    const expiredNow = await db.transaction(async (tx) => {
      // The application row first, as every writer takes it (no deadlocks); then only if still open.
      await findApplicationByIdForUpdate(tx, quote.loanApplicationId);
      if ((await findQuote(tx, quote.id))?.status !== 'approved') return false;
      const expired = await updateQuote(tx, quote.id, { status: 'expired', updatedAt: now });
      await insertOutboxEvents(tx, [
        quoteEvent('loan-quote-cancelled', expired, now, { ReasonCode: 'EXPIRED' }),
      ]);
      const request = await findLoanRequestForUpdate(tx, quote.loanRequestId);
      if (request && [351, 411, 449].includes(request.status)) {
        await moveRequest(tx, request, 489, now, { reason: 'The offer expired' });
      }
      return true;
    });
    if (expiredNow) summary.quotes++;
  }

  const expire = async (applicationId: string, from: ApplicationStatusCode, reason: string) => {
    const to = expiredStatusFor(from);
    if (!to) return;
    const moved = await db.transaction(async (tx) => {
      const done = await transitionIfIn(tx, {
        applicationId,
        onlyFrom: [from],
        to,
        actor: system,
        reason,
        now,
      });
      if (done) await endOpenWork(tx, { applicationId, ending: 'expired', now, reason });
      return done;
    });
    if (moved) summary.applications++;
  };

  for (const applicationId of await findApplicationsWithoutOpenOffers(db, batch)) {
    const application = await findApplicationById(db, applicationId);
    if (application)
      await expire(applicationId, application.status as ApplicationStatusCode, 'No offer is open any more');
  }

  for (const status of statusGroups.Active) {
    const period = expiryPeriodFor(status);
    if (period === undefined) continue;
    const before = new Date(now.getTime() - period);
    for (const applicationId of await findStaleApplicationIds(db, {
      statuses: [status],
      before,
      limit: batch,
    })) {
      await expire(applicationId, status, `No change for ${Math.round(period / 86_400_000)} days`);
    }
  }
  return summary;
}
