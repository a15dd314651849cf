import { z } from 'zod';
import type { Locale } from '../enums.ts';
import { annuityPayment } from '../finance/loan-math.ts';

// Rate watch after the loan (issue 36 item 2, docs/decisions/0081): once a loan is paid out the customer may
// ask us to look again every few months. We ask the panel for SOFT estimates (the lender API's
// pre-qualification, docs/decisions/0074: no bureau, no registered inquiry) and tell them only when a
// refinance would save more than the threshold they set, with the saving's basis. Opt-in with a consent of
// its own (never pre-ticked), one press stops it, and it stops by itself 24 months after it was started or
// last renewed. PascalCase: the API contract shared by API and web.

/** How often the customer may have us look: every 3, 6 or 12 months. */
export const rateWatchIntervals = [3, 6, 12] as const;
export type RateWatchInterval = (typeof rateWatchIntervals)[number];
/** A watch lapses this long after it was started or last renewed, unless renewed. */
export const rateWatchLifetimeMonths = 24;
export const rateWatchChannels = ['email', 'sms'] as const;
export type RateWatchChannel = (typeof rateWatchChannels)[number];
export const rateWatchStates = ['off', 'active', 'stopped', 'expired'] as const;
export type RateWatchState = (typeof rateWatchStates)[number];
export const rateWatchStopReasons = ['customer', 'expired', 'loan-ended', 'erasure'] as const;

/** The consent text's version: the consent record names it (a new wording gets a new version). */
export const rateWatchConsentVersion = 'rate-watch-2026-11';

/** What the customer ticks (unticked until they do). The API records the version; the page shows the text. */
export const rateWatchConsentTexts: Record<Locale, string> = {
  'nb-NO':
    'Ja, se etter en lavere rente for meg. Dere ber långiverne om et uforpliktende anslag uten kredittsjekk, og gir meg beskjed bare når en refinansiering ville spare mer enn beløpet jeg har satt. Ingen annen markedsføring. Jeg kan stoppe når som helst; det stopper av seg selv etter 24 måneder.',
  'sv-SE':
    'Ja, bevaka räntan åt mig. Ni ber långivarna om en icke bindande uppskattning utan kreditupplysning och hör av er bara när en omförhandling skulle spara mer än beloppet jag har angett. Ingen annan marknadsföring. Jag kan avsluta när som helst; bevakningen upphör av sig själv efter 24 månader.',
  'fi-FI':
    'Kyllä, seuratkaa korkoa puolestani. Pyydätte lainanantajilta sitoumuksettoman arvion ilman luottotietokyselyä ja kerrotte minulle vain, jos lainan uudelleenrahoitus säästäisi enemmän kuin asettamani summa. Ei muuta markkinointia. Voin lopettaa milloin tahansa; seuranta päättyy itsestään 24 kuukauden kuluttua.',
  'da-DK':
    'Ja, hold øje med renten for mig. I beder långiverne om et uforpligtende skøn uden kreditopslag og giver mig kun besked, når en omlægning ville spare mere end det beløb, jeg har valgt. Ingen anden markedsføring. Jeg kan stoppe når som helst; det stopper af sig selv efter 24 måneder.',
};

const threshold = /* @__PURE__ */ z
  .number({ error: 'Threshold must be a number' })
  .int('Threshold must be a whole amount')
  .min(100, 'Threshold must be at least 100')
  .max(10_000_000, 'Threshold is too large');
const interval = /* @__PURE__ */ z.union(
  rateWatchIntervals.map((months) => z.literal(months)) as [
    z.ZodLiteral<3>,
    z.ZodLiteral<6>,
    z.ZodLiteral<12>,
  ],
  { error: 'IntervalMonths must be 3, 6 or 12' },
);
const channel = /* @__PURE__ */ z.enum(rateWatchChannels, { error: 'Channel must be email or sms' });
/** The box the customer ticked: only `true` starts anything (never pre-ticked, never implied). */
const consent = /* @__PURE__ */ z.literal(true, {
  error: 'Consent must be given (true) to start the rate watch',
});

/** POST /loan-application/{id}/rate-watch: start (or start again after a stop or expiry). */
export const startRateWatchBodySchema = /* @__PURE__ */ z.strictObject({
  IntervalMonths: interval,
  ThresholdAmount: threshold,
  Channel: channel,
  Consent: consent,
  ConsentTextVersion: z.literal(rateWatchConsentVersion, { error: 'Not the current consent text' }),
});
export type StartRateWatchBody = z.infer<typeof startRateWatchBodySchema>;

/** PATCH …/rate-watch: change how often, the threshold or the channel of an active watch. */
export const changeRateWatchBodySchema = /* @__PURE__ */ z
  .strictObject({
    IntervalMonths: interval.optional(),
    ThresholdAmount: threshold.optional(),
    Channel: channel.optional(),
  })
  .refine(
    (body) => Object.keys(body).length > 0,
    'Give at least one of IntervalMonths, ThresholdAmount, Channel',
  );
export type ChangeRateWatchBody = z.infer<typeof changeRateWatchBodySchema>;

/** POST …/rate-watch/renew: another 24 months, with the consent ticked again. */
export const renewRateWatchBodySchema = /* @__PURE__ */ z.strictObject({
  Consent: consent,
  ConsentTextVersion: z.literal(rateWatchConsentVersion, { error: 'Not the current consent text' }),
});

/** How a saving was worked out: every figure the customer needs to check it. */
export const rateWatchBasisSchema = /* @__PURE__ */ z.object({
  CurrentNominalRate: z.number(),
  RemainingMonths: z.number().int(),
  RemainingBalance: z.number().int(),
  CurrentMonthlyPayment: z.number(),
  MonthlyFee: z.number(),
  /** The lender whose estimate gave the best rate, and its range; the saving is counted at the top of it. */
  LenderName: z.string(),
  EstimatedRateFrom: z.number(),
  EstimatedRateTo: z.number(),
  NewMonthlyPayment: z.number(),
  /** Assumed for the new loan: the current loan's startup fee (a soft estimate names no fees). */
  AssumedStartupFee: z.number(),
  CurrentCostRemaining: z.number().int(),
  RefinanceCostRemaining: z.number().int(),
});
export type RateWatchBasis = z.infer<typeof rateWatchBasisSchema>;

export const rateWatchCheckSchema = /* @__PURE__ */ z.object({
  CheckedAt: z.string(),
  LendersAsked: z.number().int(),
  LendersAnswered: z.number().int(),
  /** Over the remaining term, in the loan's currency; null when no lender said "likely". */
  Saving: z.number().int().nullable(),
  ThresholdAmount: z.number().int(),
  /** Whether the saving beat the threshold and the customer was told. */
  Notified: z.boolean(),
  Basis: rateWatchBasisSchema.nullable(),
});
export type RateWatchCheck = z.infer<typeof rateWatchCheckSchema>;

export const rateWatchSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  /** Whether the loan is paid out and the caller owns it: only then can a watch be started. */
  Eligible: z.boolean(),
  State: z.enum(rateWatchStates),
  StopReason: z.enum(rateWatchStopReasons).nullable(),
  IntervalMonths: z.number().int().nullable(),
  ThresholdAmount: z.number().int().nullable(),
  Currency: z.string(),
  Channel: z.enum(rateWatchChannels).nullable(),
  StartedAt: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
  StoppedAt: z.string().nullable(),
  NextCheckAt: z.string().nullable(),
  AllowedIntervals: z.array(z.number().int()),
  ConsentTextVersion: z.string(),
  LatestCheck: rateWatchCheckSchema.nullable(),
});
export type RateWatch = z.infer<typeof rateWatchSchema>;

// ── the saving ──────────────────────────────────────────────────────────────────────────────────────

export interface CurrentLoan {
  /** The credit amount the annuity runs on. */
  amount: number;
  nominalRate: number;
  durationMonths: number;
  monthlyFee: number;
  startupFee: number;
  /** Whole months since payout: the payments made. */
  monthsPaid: number;
}

/** The balance left after `paid` annuity payments: P(1+i)^k − A((1+i)^k − 1)/i. */
export function remainingBalance(loan: CurrentLoan, paid: number): number {
  const payment = annuityPayment(loan.amount, loan.nominalRate, loan.durationMonths);
  const i = loan.nominalRate / 12 / 100;
  if (i === 0) return Math.max(0, loan.amount - payment * paid);
  const growth = (1 + i) ** paid;
  return Math.max(0, loan.amount * growth - (payment * (growth - 1)) / i);
}

/** The months still to pay (at least one while any balance is left). */
export function remainingMonths(loan: CurrentLoan): number {
  return Math.max(0, loan.durationMonths - Math.max(0, loan.monthsPaid));
}

/**
 * What a refinance at `rate` (the top of the lender's estimated range) would save over the remaining term:
 * the current loan's remaining payments and monthly fees, against a new annuity on the remaining balance
 * over the same months with the same monthly fee and, since a soft estimate names no fees, the current
 * loan's startup fee paid again. Conservative on purpose: the customer is told of a saving they can expect.
 */
export function refinanceSaving(
  loan: CurrentLoan,
  estimate: { lenderName: string; rateFrom: number; rateTo: number },
): { saving: number; basis: RateWatchBasis } | null {
  const months = remainingMonths(loan);
  if (months < 1) return null;
  const balance = remainingBalance(loan, loan.durationMonths - months);
  if (balance < 1) return null;
  const current = annuityPayment(loan.amount, loan.nominalRate, loan.durationMonths);
  const fresh = annuityPayment(balance, estimate.rateTo, months);
  const currentCost = Math.round((current + loan.monthlyFee) * months);
  const refinanceCost = Math.round((fresh + loan.monthlyFee) * months + loan.startupFee);
  const two = (value: number) => Math.round(value * 100) / 100;
  return {
    saving: currentCost - refinanceCost,
    basis: {
      CurrentNominalRate: loan.nominalRate,
      RemainingMonths: months,
      RemainingBalance: Math.round(balance),
      CurrentMonthlyPayment: two(current),
      MonthlyFee: loan.monthlyFee,
      LenderName: estimate.lenderName,
      EstimatedRateFrom: estimate.rateFrom,
      EstimatedRateTo: estimate.rateTo,
      NewMonthlyPayment: two(fresh),
      AssumedStartupFee: loan.startupFee,
      CurrentCostRemaining: currentCost,
      RefinanceCostRemaining: refinanceCost,
    },
  };
}

/** Whole calendar months from `from` to `to` (a payment falls due each month after payout). */
export function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/** `months` calendar months after `from` (UTC; the 31st becomes the month's last day). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
