import { type ApplicationStatusCode, isInStatusGroup, statusPhase, statusPhases } from '../statuses.ts';

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

/**
 * How long `status` may last before it expires, or undefined for statuses that do not expire: each phase's
 * period for the statuses still moving (§4 Active), none for an end state.
 */
export function expiryPeriodFor(status: ApplicationStatusCode): number | undefined {
  if (!isInStatusGroup(status, 'Active')) return undefined;
  switch (statusPhase(status)) {
    case statusPhases.applying:
      return expiryPeriodsMs.applying;
    case statusPhases.registration:
      return expiryPeriodsMs.registration;
    case statusPhases.bankDecision:
      return expiryPeriodsMs.bankDecision;
    case statusPhases.customerDecision:
      return expiryPeriodsMs.customerDecision;
    case statusPhases.disbursementDecision:
      return expiryPeriodsMs.disbursementDecision;
    case statusPhases.disbursement:
      return expiryPeriodsMs.disbursement;
    default:
      return undefined;
  }
}

/** How often the expiry job runs. */
export const expirySweepIntervalMs = 15 * 60 * 1000;
