import type { Product } from '@nordloan/domain/enums';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import { stillApplyingStatuses } from '@nordloan/domain/statuses';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useCurrentTerms } from '#src/features/apply/api/get-current-terms.ts';
import { useDebts } from '#src/features/apply/api/get-debts.ts';
import { useExpenses } from '#src/features/apply/api/get-expenses.ts';
import { useRegisteredAddress } from '#src/features/apply/api/get-registered-address.ts';
import { useSecuredProperty } from '#src/features/apply/api/secured-property.ts';
import { applyStepsFor, resumeStep } from '#src/features/apply/model/form-mapping.ts';
import {
  clearJourneyDraft,
  type JourneyDraft,
  readJourneyDraft,
} from '#src/features/apply/model/journey-draft.ts';
import { refusalText } from '#src/features/apply/model/server-refusal.ts';
import { type JourneyStep, resumeOfSearch } from '#src/features/apply/model/step-url.ts';
import type { LoanStepValues } from '#src/features/apply/model/validation.ts';
import { useApplicationSession } from '#src/session/active-application.ts';
import { useAuthStore } from '#src/session/auth-store.ts';
import { eidLoginOutcomeStore, useEidLoginError } from '#src/session/eid-login-outcome.ts';
import { useCustomer } from '#src/shared/entities/get-customer.ts';
import { useLoanApplication } from '#src/shared/entities/get-loan-application.ts';
import { usePerson } from '#src/shared/entities/get-person.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { defaultLoanValues } from './loan-step.tsx';
import { emptyPreCheckAnswers, type PreCheckAnswers } from './pre-check-panel.tsx';
import { messageOf, useJourneySaves } from './use-journey-saves.ts';
import { useStepAddress } from './use-step-address.ts';

// The apply journey's state and saves (issue 6): loan → identify (e-ID login, the application is created)
// → address → household → employment → economy → co-applicant → consent → summary (submit). Every step
// after the login is saved (PATCH + step-complete) before the next is shown, so a closed tab loses nothing
// and a returning applicant (login or magic link) lands on the step after the last one completed. Before
// the login the answers are in the page only; the e-ID leaves the page, so they go into a draft in
// sessionStorage first and come back from it (model/journey-draft.ts, ADR 0039).
//
// Issue 38: each step is an entry in the browser's history (`?step=…`, model/step-url.ts): Back shows the
// step before, a reload keeps the step, and `?resume=<id>` opens the applicant's own draft at its saved
// step. A second application of a product that already has one is a question — continue it or start
// over — never a silent overwrite.

export type { JourneyStep };

export function useApplyJourney(products: Product[]) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const token = useAuthStore((state) => state.token);
  const personId = useAuthStore((state) => state.personId);
  const customerId = useAuthStore((state) => state.customerId);
  const isAuthenticating = useAuthStore((state) => state.isAuthenticating);
  const activeApplications = useApplicationSession((state) => state.activeApplications);
  const location = useLocation();

  // The application of this page: the newest active one among its products.
  const active = products
    .map((product) => ({ product, active: activeApplications[product] }))
    .filter((entry) => entry.active)
    .sort((a, b) => Date.parse(b.active!.updatedAt) - Date.parse(a.active!.updatedAt))[0];
  const applicationId = token ? (active?.active?.id ?? null) : null;

  // The form starts from the stored application, whatever another page cached (staleTime 0).
  const applicationQuery = useLoanApplication(applicationId, { staleTime: 0 });
  const application = applicationQuery.data ?? null;
  const personQuery = usePerson(personId, { enabled: !!token && !!applicationId });
  const customerQuery = useCustomer(customerId, { enabled: !!token && !!applicationId });
  const debtsQuery = useDebts(applicationId);
  const expensesQuery = useExpenses(applicationId);
  const termsQuery = useCurrentTerms(brand.country, brand.brand);
  const propertyQuery = useSecuredProperty(applicationId, application?.Product === 'SecuredLoan');

  // `?resume=<id>`: the applicant's own draft, opened at its saved step once they are signed in.
  const resumeId = resumeOfSearch(location.search);
  const resumeQuery = useLoanApplication(resumeId, { enabled: !!resumeId, staleTime: 0 });
  const [resumeProblem, setResumeProblem] = useState<'notFound' | null>(null);

  // A login that came back without a token: the identity step shows why. Taken out of the shared store
  // so the site header's login button does not say it a second time.
  const returnedEidError = useEidLoginError();
  const [eidError, setEidError] = useState(returnedEidError);
  // What was typed before leaving for the e-ID, read once when the page opens again.
  const [draft] = useState<JourneyDraft | null>(() => {
    const found = readJourneyDraft({ brand: brand.brand, path: location.pathname });
    return found && products.includes(found.loanValues.product) ? found : null;
  });

  const [loanValues, setLoanValues] = useState<LoanStepValues>(
    () => draft?.loanValues ?? defaultLoanValues(brand, products[0] ?? 'UnsecuredLoan'),
  );
  const [preCheckAnswers, setPreCheckAnswers] = useState<PreCheckAnswers>(
    () => draft?.preCheckAnswers ?? emptyPreCheckAnswers,
  );
  const [contactDraft, setContactDraft] = useState(draft?.contact ?? null);
  /** The loan step was answered in this tab before the e-ID (kept in the draft). */
  const [answeredBeforeLogin, setAnsweredBeforeLogin] = useState(!!draft);
  /** The applicant's other application of the product, found when this one was about to be made. */
  const [existing, setExisting] = useState<LoanApplication | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resumedId, setResumedId] = useState<string | null>(null);
  const [welcomeBack, setWelcomeBack] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (!returnedEidError) return;
    setEidError(returnedEidError);
    eidLoginOutcomeStore.getState().setError(null);
  }, [returnedEidError]);

  const loading =
    isAuthenticating ||
    (!!token && !!resumeId && resumeQuery.isPending) ||
    (!!applicationId &&
      (applicationQuery.isPending ||
        debtsQuery.isPending ||
        expensesQuery.isPending ||
        personQuery.isPending));

  // The step, in the address (use-step-address.ts, model/step-url.ts).
  const { step, show, goBack, resuming } = useStepAddress({
    signedIn: !!token,
    application,
    loading,
    hasDraft: answeredBeforeLogin,
  });

  // `?resume=`: the draft named, when it is the signed-in applicant's own and of this page's products.
  // Once per id: the address loses `resume` a moment later (the navigation is the router's to finish).
  const resumeHandled = useRef<string | null>(null);
  useEffect(() => {
    if (!resumeId || !token || resumeHandled.current === resumeId) return;
    const found = resumeQuery.data;
    if (found && products.includes(found.Product)) {
      resumeHandled.current = resumeId;
      remember(found);
      // What waited in the tab for the e-ID is not this draft's: the application holds its answers.
      clearJourneyDraft();
      setAnsweredBeforeLogin(false);
      show(resumeStep(found), { replace: true, dropResume: true });
    } else if (found || resumeQuery.isError) {
      resumeHandled.current = resumeId;
      setResumeProblem('notFound');
      show(step, { replace: true, dropResume: true });
    }
  });

  // A returning applicant continues where they left (once per application), with its loan terms.
  useEffect(() => {
    if (!application || resumedId === application.ID) return;
    setResumedId(application.ID);
    setLoanValues({
      product: application.Product,
      amount: application.Amount ?? loanValues.amount,
      duration: application.Duration,
      loanPurpose: application.LoanPurpose ?? '',
    });
    setWelcomeBack(true);
  }, [application, resumedId, loanValues.amount]);

  const applyStepIds = applyStepsFor(loanValues.product);

  // §4 flow event view-step, and focus on the step's heading so a screen reader hears where it is.
  useEffect(() => {
    trackFlowEvent('view-step', {
      step,
      stepIndex: step === 'sent' ? applyStepIds.length : applyStepIds.indexOf(step),
      product: loanValues.product,
    });
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Each step opens at the top, so its first screen shows the CCD2 warning above it (ADR 0064).
    document.documentElement.scrollTop = 0;
    headingRef.current?.focus({ preventScroll: true });
  }, [step, loanValues.product, applyStepIds]);

  // The address step: what the population register holds, when the person has no address yet (issue 38).
  const person = personQuery.data ?? null;
  const registeredAddressQuery = useRegisteredAddress(personId, {
    enabled: !!token && step === 'address' && !!person && !person.Address.Street,
  });

  /** Runs one save; a failure is shown above the form (with the server's reason) and reported (§4). */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(refusalText(error, t));
      trackFlowEvent('unhandled-error', { message: messageOf(error).slice(0, 200) });
      console.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const terms = termsQuery.data ?? null;
  const { saves, remember } = useJourneySaves({
    application,
    token,
    customerId,
    personId,
    pathname: location.pathname,
    search: location.search,
    loanValues,
    setLoanValues,
    preCheckAnswers,
    contactDraft,
    setContactDraft,
    setAnsweredBeforeLogin,
    existing,
    setExisting,
    setEidError,
    setFailure,
    setResumedId,
    show,
    run,
    applyStepIds,
    debts: debtsQuery.data ?? [],
    expenses: expensesQuery.data ?? [],
    terms,
  });
  return {
    step,
    goBack,
    stepIndex: step === 'sent' ? applyStepIds.length - 1 : applyStepIds.indexOf(step),
    loading,
    busy,
    failure,
    welcomeBack,
    headingRef,
    token,
    application,
    person,
    customer: customerQuery.data ?? null,
    debts: debtsQuery.data ?? [],
    expenses: expensesQuery.data ?? [],
    terms,
    property: propertyQuery.data ?? null,
    loanValues,
    /** The co-applicant step compares with it; the e-ID's national id stays on the server (ADR 0039). */
    mainNationalId: null as string | null,
    /** The contact details typed before the e-ID, for the identity step's form when it comes back. */
    contactDraft,
    eidError,
    preCheckAnswers,
    setPreCheckAnswers,
    /** `?resume=` named no draft of the applicant's on this page. */
    resumeProblem,
    /** Signing in to continue a draft named by `?resume=`. */
    resuming,
    /** The applicant's other application of this product (continue it or start over), when found. */
    existing,
    /** Whether `existing` may still be filled in (else it is with the banks: only the personal page). */
    existingEditable: !!existing && stillApplyingStatuses.includes(existing.Status),
    /** The population register's answer for the address step (null while not asked). */
    registeredAddress: registeredAddressQuery.data ?? null,
    registeredAddressPending: registeredAddressQuery.isFetching,
    saves,
  };
}

export type ApplyJourneyState = ReturnType<typeof useApplyJourney>;
