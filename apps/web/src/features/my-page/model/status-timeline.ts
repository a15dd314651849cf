import {
  applicationStatus,
  isApplicationStatusCode,
  isInStatusGroup,
  isTerminalStatus,
  statusPhase,
  statusPhases,
} from '@nordloan/domain/statuses';

// The status timeline of one application in plain words. §4 numbers statuses by phase (the hundreds:
// 1 applying … 7 disbursed); the applicant sees the seven phases of the happy path, each done, current,
// upcoming or — where the application ended early — stopped, with one plain sentence for where it is now.
// The texts are keys under `offers.timeline` in every locale.

export const timelinePhases = [1, 2, 3, 4, 5, 6, 7] as const;
export type TimelinePhase = (typeof timelinePhases)[number];
export type TimelineStepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface TimelineStep {
  phase: TimelinePhase;
  state: TimelineStepState;
  /** When the application first reached this phase (from the status history), if known. */
  reachedAt: string | null;
}

export type StatusSentence =
  | 'started'
  | 'pendingCoApplicant'
  | 'receiving'
  | 'validationFailed'
  | 'externalDataFailed'
  | 'sendingToBanks'
  | 'banksAssessing'
  | 'chooseOffer'
  | 'bankChecking'
  | 'payoutPending'
  | 'disbursed'
  | 'withdrawn'
  | 'expired'
  | 'cancelled'
  | 'notRegistered'
  | 'notApproved'
  | 'notAccepted'
  | 'notDisbursed'
  | 'blocked'
  | 'duplicate'
  | 'cloned'
  | 'unknown';

export interface StatusHistoryEntry {
  To: number;
  CreatedAt: string;
}

export interface Timeline {
  steps: TimelineStep[];
  sentence: StatusSentence;
  ended: boolean;
}

/** The plain sentence for a §4 status code. */
export function statusSentence(code: number): StatusSentence {
  const inPhase = code % 100;
  if (code === applicationStatus.pendingCoApplicant) return 'pendingCoApplicant';
  if (code === applicationStatus.submitted || code === applicationStatus.fetchingExternalData)
    return 'receiving';
  if (code === applicationStatus.validationFailed) return 'validationFailed';
  if (code === applicationStatus.externalDataFailed) return 'externalDataFailed';
  if (isInStatusGroup(code, 'Cloned')) return 'cloned';
  if (isInStatusGroup(code, 'Blocked')) return 'blocked';
  if (code === applicationStatus.duplicate) return 'duplicate';
  if (code === applicationStatus.clawbacked) return 'disbursed';
  if (code >= applicationStatus.started && code < applicationStatus.clawbacked) {
    if (inPhase === 90) return 'withdrawn';
    if (inPhase === 89) return 'expired';
    if (inPhase === 80) return 'cancelled';
    if (inPhase === 70) {
      return (
        (
          {
            2: 'notRegistered',
            3: 'notApproved',
            4: 'notAccepted',
            5: 'notApproved',
            6: 'notDisbursed',
          } as const
        )[Math.floor(code / 100) as 2 | 3 | 4 | 5 | 6] ?? 'unknown'
      );
    }
  }
  switch (Math.floor(code / 100)) {
    case 1:
      return 'started';
    case 2:
      return 'sendingToBanks';
    case 3:
      return 'banksAssessing';
    case 4:
      return 'chooseOffer';
    case 5:
      return 'bankChecking';
    case 6:
      return 'payoutPending';
    case 7:
      return 'disbursed';
    default:
      return 'unknown';
  }
}

function phaseOf(code: number): TimelinePhase {
  const phase = Math.min(7, Math.max(1, Math.floor(code / 100)));
  return phase as TimelinePhase;
}

/**
 * Builds the seven steps for the current status. History entries (`GET /loan-application/:id/lending`)
 * give the dates; the application's creation is when phase 1 was reached.
 */
export function buildTimeline(
  status: number | null | undefined,
  options: { history?: readonly StatusHistoryEntry[]; createdAt?: string | null } = {},
): Timeline {
  const code = status ?? applicationStatus.started;
  const current = phaseOf(code);
  const known = isApplicationStatusCode(code);
  // 800 (clawback) concerns our commission: for the applicant the loan was paid out.
  const ended = known && isTerminalStatus(code) && !isInStatusGroup(code, 'Disbursed');
  const reached = new Map<TimelinePhase, string>();
  if (options.createdAt) reached.set(1, options.createdAt);
  const history = [...(options.history ?? [])].sort((a, b) => a.CreatedAt.localeCompare(b.CreatedAt));
  for (const entry of history) {
    const phase = phaseOf(entry.To);
    if (!reached.has(phase)) reached.set(phase, entry.CreatedAt);
  }
  const steps = timelinePhases.map((phase): TimelineStep => {
    let state: TimelineStepState;
    if (phase < current) state = 'done';
    else if (phase === current)
      state = ended ? 'stopped' : statusPhase(code) >= statusPhases.disbursed ? 'done' : 'current';
    else state = 'upcoming';
    return { phase, state, reachedAt: phase <= current ? (reached.get(phase) ?? null) : null };
  });
  return { steps, sentence: statusSentence(code), ended };
}
