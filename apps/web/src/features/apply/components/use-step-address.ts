import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApplyStepId } from '#src/features/apply/model/form-mapping.ts';
import {
  type JourneyStep,
  resolveStep,
  resumeOfSearch,
  type StepContext,
  searchForStep,
  stepOfSearch,
} from '#src/features/apply/model/step-url.ts';

// The journey's step in the address (issue 38; model/step-url.ts): each move is a history entry, so the
// browser's Back shows the step before and a reload keeps the step; a step the applicant may not be on
// yet is replaced by theirs. `?resume=<id>` is read here and left for the journey to handle.

export function useStepAddress(context: Omit<StepContext, 'resuming'>) {
  const location = useLocation();
  const navigate = useNavigate();
  // The address as it is now, for saves that finish after a re-render (their closure saw an older one).
  const locationRef = useRef(location);
  locationRef.current = location;
  // Once the journey has moved in this page, an address without a step is the loan step (Back to the
  // start); before that it is "where the applicant is" (a returning applicant opening the page).
  const movedHere = useRef(false);
  // The page's first render is the build's (ADR 0041: it hydrates the painted loan step when the tab holds
  // nothing); what only the address says — `?resume=` before a sign-in — is shown from the second.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const resumeId = resumeOfSearch(location.search);
  const resuming = !!resumeId && !context.signedIn && mounted;
  const requested = stepOfSearch(location.search);
  const asked = requested ?? (movedHere.current ? 'loan' : null);
  const step = resolveStep(asked, { ...context, resuming });

  /** Shows a step as a new history entry (`replace`: in place of the current one). */
  const show = (next: JourneyStep, options: { replace?: boolean; dropResume?: boolean } = {}) => {
    movedHere.current = true;
    const current = locationRef.current;
    const search = searchForStep(current.search, next, options);
    if (search === current.search) return;
    void navigate(
      { pathname: current.pathname, search },
      { replace: options.replace ?? false, state: { applyStepFrom: step } },
    );
  };

  /** The in-page Back: the browser's own Back when the entry before is that step, else to it. */
  const goBack = (to: ApplyStepId) => {
    const from = (locationRef.current.state as { applyStepFrom?: string } | null)?.applyStepFrom;
    if (from === to) void navigate(-1);
    else show(to);
  };

  // The address follows the step shown (not while the application loads: the step asked for waits).
  useEffect(() => {
    if (context.loading) return;
    if (asked === step || (asked === null && step === 'loan')) return;
    show(step, { replace: true });
  });

  return { step, show, goBack, resumeId, resuming, pathname: location.pathname, search: location.search };
}
