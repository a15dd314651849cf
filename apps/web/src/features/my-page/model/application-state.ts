import {
  applicationStatus,
  isApplicationStatusCode,
  isInStatusGroup,
  isTerminalStatus,
  statusGroups,
  statusPhase,
  statusPhases,
} from '@nordloan/domain/statuses';
import { type StatusSentence, statusSentence } from '#src/features/my-page/model/status-timeline.ts';

// Where one application stands, as one value (issue 38): the application's status and the offers' progress
// (the v2 quote presentation) decided together, so the page says one thing in one line. Said separately,
// the two contradicted each other: right after submitting, before any bank had the application, the page
// said "no offers yet" and "all banks have answered" at once (an empty list of pending lenders).

export interface OffersProgress {
  /** Open and accepted offers shown. */
  offers: number;
  /** Lenders still deciding. */
  pending: number;
  /** Every lender that got the application has answered (false while none has it yet). */
  isComplete: boolean;
}

export type ApplicationState =
  | { kind: 'draft' }
  | { kind: 'waiting-for-co-applicant' }
  | { kind: 'needs-correction' }
  | { kind: 'registers-failed' }
  /** Submitted; no bank has it yet (checks, registers, sending). */
  | { kind: 'received' }
  /** Banks have it and some are still deciding; `pending` null when not known yet. */
  | { kind: 'banks-answering'; offers: number; pending: number | null }
  /** Every bank has answered and there is at least one offer to choose from. */
  | { kind: 'choose-offer'; offers: number }
  /** Every bank has answered and none made an offer. */
  | { kind: 'no-offers' }
  | { kind: 'offers-unavailable' }
  /** The applicant accepted an offer; the bank decides on disbursement and contacts them to sign. */
  | { kind: 'accepted' }
  | { kind: 'payout' }
  | { kind: 'disbursed' }
  /** Ended before payout (withdrawn, expired, declined, cancelled, blocked …): the timeline's sentence. */
  | { kind: 'ended'; sentence: StatusSentence };

export type ApplicationStateKind = ApplicationState['kind'];

/** Statuses in which the applicant may still change and send the application (§4 Editable). */
export function isEditableStatus(status: number): boolean {
  return (statusGroups.Editable as readonly number[]).includes(status);
}

export function deriveApplicationState(input: {
  status: number;
  /** The offers' progress once the quote presentation has answered; null before (or not asked). */
  progress: OffersProgress | null;
  /** The quote presentation could not be read. */
  offersFailed?: boolean;
}): ApplicationState {
  const { status, progress } = input;
  if (isInStatusGroup(status, 'Disbursed')) return { kind: 'disbursed' };
  if (isApplicationStatusCode(status) && isTerminalStatus(status)) {
    return { kind: 'ended', sentence: statusSentence(status) };
  }
  const phase = statusPhase(status);
  if (phase >= statusPhases.disbursement) return { kind: 'payout' };
  if (phase >= statusPhases.disbursementDecision) return { kind: 'accepted' };
  if (status === applicationStatus.pendingCoApplicant) return { kind: 'waiting-for-co-applicant' };
  if (status === applicationStatus.validationFailed) return { kind: 'needs-correction' };
  if (status === applicationStatus.externalDataFailed) return { kind: 'registers-failed' };
  if (status < applicationStatus.submitted) return { kind: 'draft' };
  if (phase < statusPhases.registration) return { kind: 'received' };
  if (input.offersFailed && !progress) return { kind: 'offers-unavailable' };
  if (!progress)
    return phase < statusPhases.bankDecision
      ? { kind: 'received' }
      : { kind: 'banks-answering', offers: 0, pending: null };
  if (progress.isComplete) {
    return progress.offers > 0 ? { kind: 'choose-offer', offers: progress.offers } : { kind: 'no-offers' };
  }
  // Not complete and nobody pending: no bank has the application yet (it is being sent).
  if (progress.pending === 0 && progress.offers === 0) return { kind: 'received' };
  return { kind: 'banks-answering', offers: progress.offers, pending: progress.pending };
}
