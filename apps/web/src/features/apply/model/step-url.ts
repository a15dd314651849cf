import type { LoanApplication } from '@nordloan/domain/loan-application';
import { stillApplyingStatuses } from '@nordloan/domain/statuses';
import { type ApplyStepId, applyStepsFor, resumeStep } from './form-mapping.ts';

// Each step of the journey is an entry in the browser's history (issue 38): the address carries the step
// (`?step=household`), Back goes to the step before, a reload keeps the step, and `?resume=<id>` opens the
// applicant's own draft at its saved step (the personal page links there). The loan step is the page's own
// address, without a step.

export type JourneyStep = ApplyStepId | 'sent';

export const stepParam = 'step';
export const resumeParam = 'resume';

const journeySteps = new Set<string>([
  'loan',
  'identify',
  'address',
  'household',
  'employment',
  'economy',
  'property',
  'co-applicant',
  'consent',
  'summary',
  'sent',
]);

/** The step the address asks for, or null (the page opened without one). */
export function stepOfSearch(search: string): JourneyStep | null {
  const value = new URLSearchParams(search).get(stepParam);
  return value && journeySteps.has(value) ? (value as JourneyStep) : null;
}

/** The application id `?resume=` names, if any. */
export function resumeOfSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(resumeParam)?.trim();
  return value ? value : null;
}

/** The query for showing `step` (the loan step has none); other parameters stay, `resume` once handled goes. */
export function searchForStep(search: string, step: JourneyStep, options: { dropResume?: boolean } = {}) {
  const params = new URLSearchParams(search);
  if (step === 'loan') params.delete(stepParam);
  else params.set(stepParam, step);
  if (options.dropResume) params.delete(resumeParam);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface StepContext {
  /** Signed in (a token in this tab). */
  signedIn: boolean;
  /** The application this page continues, once loaded. */
  application: Pick<LoanApplication, 'CurrentStep' | 'Status' | 'Product'> | null;
  /** The application is still being loaded: the step asked for is kept until it is known. */
  loading: boolean;
  /** Answers typed before the e-ID are kept in this tab (journey-draft.ts). */
  hasDraft: boolean;
  /** `?resume=` asked for a draft to continue: the identity step signs the applicant in first. */
  resuming: boolean;
}

/**
 * The step to show for the step the address asks for: that one when the applicant may be there (no
 * further than the step after the last one saved, nothing after the identity step before the application
 * exists), else where the applicant is.
 */
export function resolveStep(requested: JourneyStep | null, context: StepContext): JourneyStep {
  const { application } = context;
  if (application && !stillApplyingStatuses.includes(application.Status)) return 'sent';
  if (requested === 'loan') return 'loan';
  const before: JourneyStep = context.resuming || context.hasDraft ? 'identify' : 'loan';
  if (!application) {
    if (context.loading && requested) return requested;
    if (requested === 'identify' && (context.signedIn || context.hasDraft)) return 'identify';
    return before;
  }
  const furthest = resumeStep(application);
  if (requested === null || requested === 'sent') return furthest;
  const steps = applyStepsFor(application.Product);
  const index = steps.indexOf(requested as ApplyStepId);
  if (index < 0) return furthest;
  return index <= steps.indexOf(furthest as ApplyStepId) ? requested : furthest;
}
