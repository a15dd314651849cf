// How long nordloan keeps personal data (ADR 0033). Kept as code, not configuration: a change is a
// reviewed decision, not an environment variable.

export const retentionRules = {
  /**
   * Anti-money-laundering record keeping (NO hvitvaskingsloven §30, SE penningtvättslagen 5:3, FI 3:3,
   * DK hvidvaskloven §30): five years after the customer relationship ended — for us, five years after
   * the last change of the person's last application once none is still moving.
   */
  endedRelationshipYears: 5,
  /** Someone who signed in but never applied: nothing obliges us to keep them past a year of silence. */
  neverAppliedMonths: 12,
  /** Persons anonymised per run: a daily run catches up on a backlog without one long transaction. */
  batchSize: 500,
} as const;

export interface RetentionCutoffs {
  relationshipEndedBefore: Date;
  neverAppliedSilentSince: Date;
}

/** The dates the rules mean at `now` (calendar years and months, in UTC). */
export function retentionCutoffs(now: Date): RetentionCutoffs {
  const monthsBefore = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };
  return {
    relationshipEndedBefore: monthsBefore(retentionRules.endedRelationshipYears * 12),
    neverAppliedSilentSince: monthsBefore(retentionRules.neverAppliedMonths),
  };
}
