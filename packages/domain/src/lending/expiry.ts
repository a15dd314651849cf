import type { ApplicationStatusCode } from '../statuses.ts';

// How long an application may stay in a phase before the scheduled expiry job ends it with the x89 of that
// phase (§4 189, 289, 389, 489, 589, 689). The spec does not give periods: OUR DECISION, ADR 0009. Time is
// counted from the application's last status change. Offers expire on their own date (the lender's offer
// validity, lender-panel.ts); an application in 400/410 expires when none of its shown offers is open.

const day = 24 * 60 * 60 * 1000;

export const expiryPeriodsMs = {
  /** 1xx: started but not submitted, or stuck in validation / external data. */
  applying: 30 * day,
  /** 2xx: registration with banks normally takes seconds; a week means it is stuck. */
  registration: 7 * day,
  /** 3xx: banks that have not decided in two weeks will not. */
  bankDecision: 14 * day,
  /** 4xx: fallback when no offer carries an expiry date; normally the offers' own dates decide. */
  customerDecision: 30 * day,
  /** 5xx: signing and the disbursement checks after acceptance. */
  disbursementDecision: 30 * day,
  /** 6xx: the payout itself. */
  disbursement: 14 * day,
} as const;

/** The withdrawal right after signing a credit agreement: 14 days (CCD art. 14; regulation.md "all"). */
export const withdrawalRightDays = 14;

/** How long `status` may last before it expires, or undefined for statuses that do not expire. */
export function expiryPeriodFor(status: ApplicationStatusCode): number | undefined {
  if ([100, 155, 160, 169, 180, 181].includes(status)) return expiryPeriodsMs.applying;
  if ([200, 201, 209, 210].includes(status)) return expiryPeriodsMs.registration;
  if ([300, 305, 310].includes(status)) return expiryPeriodsMs.bankDecision;
  if ([400, 410].includes(status)) return expiryPeriodsMs.customerDecision;
  if ([500, 510].includes(status)) return expiryPeriodsMs.disbursementDecision;
  if ([600, 610].includes(status)) return expiryPeriodsMs.disbursement;
  return undefined;
}

/** How often the expiry job runs. */
export const expirySweepIntervalMs = 15 * 60 * 1000;
