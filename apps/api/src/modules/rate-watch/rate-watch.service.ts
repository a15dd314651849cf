import type { Country } from '@nordloan/domain/enums';
import {
  addMonths,
  type ChangeRateWatchBody,
  type RateWatch,
  type RateWatchChannel,
  rateWatchConsentVersion,
  rateWatchIntervals,
  rateWatchLifetimeMonths,
  type StartRateWatchBody,
} from '@nordloan/domain/lending/rate-watch';
import { applicationStatus } from '@nordloan/domain/statuses';
import type { Config } from '#src/config.ts';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { conflict, fieldError, forbidden } from '#src/lib/app-error.ts';
import { applicantRoleOf, describeCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { recordPurposeConsent } from '#src/modules/consent/purpose-consent.service.ts';
import { findCustomerById } from '#src/modules/customers/customer.repository.ts';
import {
  findPaidOutAt,
  findTakenQuote,
  findWithdrawal,
} from '#src/modules/lending/withdrawal/withdrawal.repository.ts';
import { brandOfApplication, channelAvailable } from '#src/modules/messages/message.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import {
  findActiveRateWatchesOfCustomers,
  findLatestRateWatchCheck,
  findRateWatchOfApplication,
  type RateWatchCheckRow,
  type RateWatchRow,
  updateRateWatch,
  upsertRateWatch,
} from './rate-watch.repository.ts';
import { scheduleRateWatchCheck } from './rate-watch-schedule.ts';

// Rate watch after the loan (issue 36 item 2, docs/decisions/0081): the customer's own actions. Only the
// customer who took the loan (the main applicant) manages it: no token 401, another person 404, the
// co-applicant and staff 403. Opt-in only — a start needs Consent: true and the current text's version —,
// each start, change of channel, renewal and stop is a consent record of the purpose 'rate-watch' (never
// the marketing consent) and an audit entry. The first look is at once, then every IntervalMonths.

export interface RateWatchOptions {
  db: Db;
  config: Config;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}

/** The loan the watch compares against, or null when there is none to watch (not paid out, withdrawn). */
export async function paidOutLoanOf(tx: Executor, application: LoanApplicationRow) {
  if (application.status !== applicationStatus.loanDisbursed) return null;
  if (application.product !== 'UnsecuredLoan' || !application.customerId) return null;
  if (await findWithdrawal(tx, application.id)) return null;
  const quote = await findTakenQuote(tx, application.id);
  if (!quote) return null;
  const paidOutAt = await findPaidOutAt(tx, application.id);
  return paidOutAt ? { quote, paidOutAt } : null;
}

/** The application, when the caller is the customer who took it; else 404 (not theirs) or 403 (not the owner). */
async function ownApplication(tx: Executor, options: RateWatchOptions, access: 'read' | 'write') {
  const application = await loadApplicationForCaller({ ...options, db: tx, access });
  if (options.caller.kind === 'staff')
    throw forbidden('Only the customer who took the loan manages its rate watch');
  if (applicantRoleOf(options.caller, application) !== 'MainApplicant' || !application.customerId)
    throw forbidden('Only the main applicant, who took the loan, manages its rate watch');
  return application;
}

/**
 * The caller may manage this application's rate watch (404 not theirs, 403 not the main applicant): the
 * write routes ask before their body is validated, so a stranger learns nothing from a 400 about the body.
 */
export async function assertRateWatchCaller(options: RateWatchOptions): Promise<void> {
  await options.db.transaction((tx) => ownApplication(tx, options, 'read'));
}

function toView(
  application: LoanApplicationRow,
  eligible: boolean,
  currency: string,
  watch: RateWatchRow | undefined,
  check: RateWatchCheckRow | undefined,
  now: Date,
): RateWatch {
  const lapsed = watch?.state === 'active' && watch.expiresAt <= now;
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    LoanApplicationID: application.id,
    Eligible: eligible,
    State: !watch ? 'off' : lapsed ? 'expired' : (watch.state as RateWatch['State']),
    StopReason: lapsed ? 'expired' : ((watch?.stopReason ?? null) as RateWatch['StopReason']),
    IntervalMonths: watch?.intervalMonths ?? null,
    ThresholdAmount: watch?.thresholdAmount ?? null,
    Currency: watch?.currency ?? currency,
    Channel: (watch?.channel ?? null) as RateWatchChannel | null,
    StartedAt: iso(watch?.startedAt),
    ExpiresAt: iso(watch?.expiresAt),
    StoppedAt: iso(watch?.stoppedAt),
    NextCheckAt: watch?.state === 'active' && !lapsed ? iso(watch.nextCheckAt) : null,
    AllowedIntervals: [...rateWatchIntervals],
    ConsentTextVersion: rateWatchConsentVersion,
    LatestCheck: check
      ? {
          CheckedAt: check.checkedAt.toISOString(),
          LendersAsked: check.lendersAsked,
          LendersAnswered: check.lendersAnswered,
          Saving: check.saving,
          ThresholdAmount: check.thresholdAmount,
          Notified: check.notified,
          Basis: check.basis ?? null,
        }
      : null,
  };
}

async function viewOf(tx: Executor, application: LoanApplicationRow, now: Date): Promise<RateWatch> {
  const loan = await paidOutLoanOf(tx, application);
  const watch = await findRateWatchOfApplication(tx, application.id);
  const check = watch ? await findLatestRateWatchCheck(tx, watch.id) : undefined;
  const currency = loan?.quote.currency ?? brandOfApplication(application).currency;
  return toView(application, loan !== null, currency, watch, check, now);
}

/** The e-mail address or phone number the watch would write to; a clear 400 when there is none. */
async function requireAddress(
  tx: Executor,
  config: Config,
  application: LoanApplicationRow,
  channel: RateWatchChannel,
) {
  if (!channelAvailable(config, channel))
    throw fieldError(
      'Channel',
      channel === 'sms' ? 'SMS cannot be sent yet: choose e-mail' : 'E-mail cannot be sent yet',
    );
  const customer = application.customerId ? await findCustomerById(tx, application.customerId) : undefined;
  const person = application.personId ? await findPersonById(tx, application.personId) : undefined;
  const address =
    channel === 'email' ? (customer?.email ?? person?.email) : (customer?.phone ?? person?.phone);
  if (!address)
    throw fieldError(
      'Channel',
      channel === 'email' ? 'We have no e-mail address for you' : 'We have no phone number for you',
    );
}

async function recordConsent(
  tx: Executor,
  options: RateWatchOptions,
  application: LoanApplicationRow,
  change: { channel: RateWatchChannel; status: 'given' | 'revoked'; source: string },
) {
  const brand = brandOfApplication(application);
  await recordPurposeConsent(tx, {
    customerId: application.customerId!,
    country: application.country,
    brand: brand.brand,
    consentBrand: brand.thirdParty.consentBrand,
    purpose: 'rate-watch',
    channel: change.channel,
    status: change.status,
    textVersion: rateWatchConsentVersion,
    source: change.source,
    changedBy: describeCaller(options.caller),
    now: options.now(),
  });
}

async function audit(
  tx: Executor,
  options: RateWatchOptions,
  application: LoanApplicationRow,
  action: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actor: options.caller,
    action: `rateWatch.${action}`,
    subjectType: 'loan-application',
    subjectId: application.id,
    loanApplicationId: application.id,
    country: application.country as Country,
    details,
    at: options.now(),
  });
}

/** GET /loan-application/{id}/rate-watch. */
export async function getRateWatch(options: RateWatchOptions): Promise<RateWatch> {
  return options.db.transaction(async (tx) => {
    const application = await ownApplication(tx, options, 'read');
    return viewOf(tx, application, options.now());
  });
}

/** POST /loan-application/{id}/rate-watch: start, with the consent ticked (again, after a stop or expiry). */
export async function startRateWatch(
  options: RateWatchOptions & { body: StartRateWatchBody },
): Promise<RateWatch> {
  const { body } = options;
  const now = options.now();
  return options.db.transaction(async (tx) => {
    const application = await ownApplication(tx, options, 'write');
    const loan = await paidOutLoanOf(tx, application);
    if (!loan) throw conflict('A rate watch can start once the loan is paid out');
    const existing = await findRateWatchOfApplication(tx, application.id, { forUpdate: true });
    if (existing?.state === 'active' && existing.expiresAt > now)
      throw conflict('The rate watch is on already: change or renew it');
    await requireAddress(tx, options.config, application, body.Channel);
    if (existing && existing.channel !== body.Channel && existing.state === 'active')
      await recordConsent(tx, options, application, {
        channel: existing.channel as RateWatchChannel,
        status: 'revoked',
        source: 'rate-watch-start',
      });
    const watch = await upsertRateWatch(tx, {
      loanApplicationId: application.id,
      customerId: application.customerId!,
      country: application.country,
      brand: application.brand,
      currency: loan.quote.currency,
      state: 'active',
      intervalMonths: body.IntervalMonths,
      thresholdAmount: body.ThresholdAmount,
      channel: body.Channel,
      startedAt: now,
      expiresAt: addMonths(now, rateWatchLifetimeMonths),
      nextCheckAt: now,
      stoppedAt: null,
      stopReason: null,
      createdAt: now,
      updatedAt: now,
    });
    await recordConsent(tx, options, application, {
      channel: body.Channel,
      status: 'given',
      source: 'rate-watch-start',
    });
    await audit(tx, options, application, 'start', {
      intervalMonths: body.IntervalMonths,
      thresholdAmount: body.ThresholdAmount,
      channel: body.Channel,
    });
    await scheduleRateWatchCheck(tx, watch);
    return viewOf(tx, application, now);
  });
}

/**
 * The next look of an active watch: an interval after the last look (or the start), never in the past and
 * never after the watch lapses — the look due then is the one that ends it.
 */
async function nextLook(
  tx: Executor,
  watch: RateWatchRow,
  input: { intervalMonths: number; expiresAt: Date; now: Date },
): Promise<Date> {
  const latest = await findLatestRateWatchCheck(tx, watch.id);
  const due = addMonths(latest?.checkedAt ?? watch.startedAt, input.intervalMonths).getTime();
  return new Date(Math.min(Math.max(due, input.now.getTime()), input.expiresAt.getTime()));
}

/** The application's active watch, locked, or 409. */
async function activeWatch(tx: Executor, application: LoanApplicationRow, now: Date) {
  const watch = await findRateWatchOfApplication(tx, application.id, { forUpdate: true });
  if (watch?.state !== 'active' || watch.expiresAt <= now)
    throw conflict('The rate watch is not on: start it first');
  return watch;
}

/** PATCH …/rate-watch: how often, the threshold, the channel (a new channel moves the consent with it). */
export async function changeRateWatch(
  options: RateWatchOptions & { body: ChangeRateWatchBody },
): Promise<RateWatch> {
  const { body } = options;
  const now = options.now();
  return options.db.transaction(async (tx) => {
    const application = await ownApplication(tx, options, 'write');
    const watch = await activeWatch(tx, application, now);
    const channel = body.Channel ?? (watch.channel as RateWatchChannel);
    if (channel !== watch.channel) {
      await requireAddress(tx, options.config, application, channel);
      await recordConsent(tx, options, application, {
        channel: watch.channel as RateWatchChannel,
        status: 'revoked',
        source: 'rate-watch-change',
      });
      await recordConsent(tx, options, application, {
        channel,
        status: 'given',
        source: 'rate-watch-change',
      });
    }
    const intervalMonths = body.IntervalMonths ?? watch.intervalMonths;
    const nextCheckAt =
      intervalMonths !== watch.intervalMonths
        ? await nextLook(tx, watch, { intervalMonths, expiresAt: watch.expiresAt, now })
        : watch.nextCheckAt;
    const updated = await updateRateWatch(tx, watch.id, {
      intervalMonths,
      thresholdAmount: body.ThresholdAmount ?? watch.thresholdAmount,
      channel,
      nextCheckAt,
      updatedAt: now,
    });
    await audit(tx, options, application, 'change', { ...body });
    await scheduleRateWatchCheck(tx, updated);
    return viewOf(tx, application, now);
  });
}

/** POST …/rate-watch/stop: one press; pressing again changes nothing. */
export async function stopRateWatch(options: RateWatchOptions): Promise<RateWatch> {
  const now = options.now();
  return options.db.transaction(async (tx) => {
    const application = await ownApplication(tx, options, 'write');
    const watch = await findRateWatchOfApplication(tx, application.id, { forUpdate: true });
    if (watch?.state === 'active') {
      await updateRateWatch(tx, watch.id, {
        state: 'stopped',
        stopReason: 'customer',
        stoppedAt: now,
        nextCheckAt: null,
        updatedAt: now,
      });
      await recordConsent(tx, options, application, {
        channel: watch.channel as RateWatchChannel,
        status: 'revoked',
        source: 'rate-watch-stop',
      });
      await audit(tx, options, application, 'stop', {});
    }
    return viewOf(tx, application, now);
  });
}

/** POST …/rate-watch/renew: another 24 months from today, the consent ticked again; a lapsed watch resumes. */
export async function renewRateWatch(options: RateWatchOptions): Promise<RateWatch> {
  const now = options.now();
  return options.db.transaction(async (tx) => {
    const application = await ownApplication(tx, options, 'write');
    if (!(await paidOutLoanOf(tx, application)))
      throw conflict('A rate watch can start once the loan is paid out');
    const watch = await findRateWatchOfApplication(tx, application.id, { forUpdate: true });
    if (!watch) throw conflict('The rate watch is not on: start it first');
    await requireAddress(tx, options.config, application, watch.channel as RateWatchChannel);
    const resumes = watch.state !== 'active' || watch.expiresAt <= now;
    const expiresAt = addMonths(now, rateWatchLifetimeMonths);
    const updated = await updateRateWatch(tx, watch.id, {
      state: 'active',
      expiresAt,
      ...(resumes
        ? { startedAt: now, nextCheckAt: now, stoppedAt: null, stopReason: null }
        : {
            nextCheckAt: await nextLook(tx, watch, { intervalMonths: watch.intervalMonths, expiresAt, now }),
          }),
      updatedAt: now,
    });
    await recordConsent(tx, options, application, {
      channel: watch.channel as RateWatchChannel,
      status: 'given',
      source: 'rate-watch-renew',
    });
    await audit(tx, options, application, 'renew', { expiresAt: updated.expiresAt.toISOString() });
    await scheduleRateWatchCheck(tx, updated);
    return viewOf(tx, application, now);
  });
}

/**
 * An erasure request stops every watch of the person's customer records at once (ADR 0069: marketing goes
 * at once): each stopped, its consent revoked, audited. Answers how many were stopped.
 */
export async function stopRateWatchesForErasure(
  tx: Executor,
  input: { customerIds: readonly string[]; caller: Caller; now: Date },
): Promise<number> {
  const watches = await findActiveRateWatchesOfCustomers(tx, input.customerIds);
  for (const watch of watches) {
    await updateRateWatch(tx, watch.id, {
      state: 'stopped',
      stopReason: 'erasure',
      stoppedAt: input.now,
      nextCheckAt: null,
      updatedAt: input.now,
    });
    await recordPurposeConsent(tx, {
      customerId: watch.customerId,
      country: watch.country,
      brand: watch.brand,
      consentBrand: brandOfApplication(watch).thirdParty.consentBrand,
      purpose: 'rate-watch',
      channel: watch.channel as RateWatchChannel,
      status: 'revoked',
      textVersion: rateWatchConsentVersion,
      source: 'erasure-request',
      changedBy: describeCaller(input.caller),
      now: input.now,
    });
    await recordAudit(tx, {
      actor: input.caller,
      action: 'rateWatch.stop',
      subjectType: 'loan-application',
      subjectId: watch.loanApplicationId,
      loanApplicationId: watch.loanApplicationId,
      country: watch.country as Country,
      details: { reason: 'erasure' },
      at: input.now,
    });
  }
  return watches.length;
}
