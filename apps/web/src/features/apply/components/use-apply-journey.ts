import type { Product } from '@nordloan/domain/enums';
import type { LoanApplication, PatchLoanApplication } from '@nordloan/domain/loan-application';
import { stillApplyingStatuses } from '@nordloan/domain/statuses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useAddDebt } from '#src/features/apply/api/add-debt.ts';
import { useAddExpense } from '#src/features/apply/api/add-expense.ts';
import { useArchiveApplication } from '#src/features/apply/api/archive-application.ts';
import { useChangeDebt } from '#src/features/apply/api/change-debt.ts';
import { useChangeExpense } from '#src/features/apply/api/change-expense.ts';
import { useCompleteApplication } from '#src/features/apply/api/complete-application.ts';
import { useCompleteStep } from '#src/features/apply/api/complete-step.ts';
import {
  isActiveApplicationConflict,
  useCreateApplication,
} from '#src/features/apply/api/create-application.ts';
import { useDeleteDebt } from '#src/features/apply/api/delete-debt.ts';
import { useDeleteExpense } from '#src/features/apply/api/delete-expense.ts';
import { findActiveApplication } from '#src/features/apply/api/find-active-application.ts';
import { useCurrentTerms } from '#src/features/apply/api/get-current-terms.ts';
import { useDebts } from '#src/features/apply/api/get-debts.ts';
import { useExpenses } from '#src/features/apply/api/get-expenses.ts';
import { useRegisteredAddress } from '#src/features/apply/api/get-registered-address.ts';
import { leaveForEid } from '#src/features/apply/api/identify-applicant.ts';
import { usePatchApplication } from '#src/features/apply/api/patch-application.ts';
import { usePatchCustomer } from '#src/features/apply/api/patch-customer.ts';
import { usePatchPerson } from '#src/features/apply/api/patch-person.ts';
import { useRecordMarketingConsent } from '#src/features/apply/api/record-marketing-consent.ts';
import { useRemoveCoApplicant } from '#src/features/apply/api/remove-co-applicant.ts';
import { useSaveSecuredProperty, useSecuredProperty } from '#src/features/apply/api/secured-property.ts';
import {
  type ApplyStepId,
  applyStepsFor,
  employmentToApplicant,
  householdToApplicant,
  incomeToApplicant,
  planDebts,
  planExpenses,
  resumeStep,
} from '#src/features/apply/model/form-mapping.ts';
import {
  clearJourneyDraft,
  type JourneyDraft,
  readJourneyDraft,
  saveJourneyDraft,
} from '#src/features/apply/model/journey-draft.ts';
import { refusalText } from '#src/features/apply/model/server-refusal.ts';
import { type JourneyStep, resumeOfSearch, searchForStep } from '#src/features/apply/model/step-url.ts';
import type {
  AddressOutput,
  ConsentInput,
  ContactOutput,
  EconomyOutput,
  EmploymentOutput,
  HouseholdOutput,
  LoanStepValues,
  PropertyOutput,
} from '#src/features/apply/model/validation.ts';
import { applicationSessionStore, useApplicationSession } from '#src/session/active-application.ts';
import { useAuthStore } from '#src/session/auth-store.ts';
import { eidLoginOutcomeStore, useEidLoginError } from '#src/session/eid-login-outcome.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { useCustomer } from '#src/shared/entities/get-customer.ts';
import { useLoanApplication } from '#src/shared/entities/get-loan-application.ts';
import { usePerson } from '#src/shared/entities/get-person.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import type { CoApplicantOutput } from './co-applicant-details-form.tsx';
import { defaultLoanValues } from './loan-step.tsx';
import { emptyPreCheckAnswers, type PreCheckAnswers } from './pre-check-panel.tsx';
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The loan terms as application fields (a card has no duration). */
function loanFields(values: LoanStepValues) {
  return {
    Amount: values.amount,
    ...(values.product === 'CreditCard' ? {} : { Duration: values.duration ?? undefined }),
    ...(values.loanPurpose
      ? { LoanPurpose: values.loanPurpose as LoanApplication['LoanPurpose'] & string }
      : {}),
  };
}

/** The pre-check's employment and income, as the application's main applicant (null when not answered). */
function preCheckApplicant(answers: PreCheckAnswers): PatchLoanApplication['MainApplicant'] | null {
  const number = (value: string) =>
    /^\d{1,12}$/.test(value.replace(/\s/g, '')) ? Number(value.replace(/\s/g, '')) : null;
  const gross = number(answers.grossYearlyIncome);
  const net = number(answers.netMonthlyIncome);
  if (!answers.employmentType || gross === null || net === null) return null;
  return {
    EmploymentType: answers.employmentType as NonNullable<
      PatchLoanApplication['MainApplicant']
    >['EmploymentType'],
    GrossYearlyIncome: gross,
    NetMonthlyIncome: net,
  };
}

export function useApplyJourney(products: Product[]) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const queryClient = useQueryClient();
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
  const savingProperty = useSaveSecuredProperty();

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
  const creating = useCreateApplication();
  const archiving = useArchiveApplication();
  const patching = usePatchApplication();
  const completingStep = useCompleteStep();
  const completing = useCompleteApplication();
  const removingCo = useRemoveCoApplicant();
  const patchingPerson = usePatchPerson();
  const patchingCustomer = usePatchCustomer();
  const recordingConsent = useRecordMarketingConsent();
  const debtCalls = { add: useAddDebt(), change: useChangeDebt(), remove: useDeleteDebt() };
  const expenseCalls = { add: useAddExpense(), change: useChangeExpense(), remove: useDeleteExpense() };

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
    headingRef.current?.focus();
  }, [step, loanValues.product, applyStepIds]);

  // The address step: what the population register holds, when the person has no address yet (issue 38).
  const person = personQuery.data ?? null;
  const registeredAddressQuery = useRegisteredAddress(personId, {
    enabled: !!token && step === 'address' && !!person && !person.Address.Street,
  });

  const remember = (updated: LoanApplication) => {
    queryClient.setQueryData(queryKeys.loanApplication(updated.ID), updated);
    applicationSessionStore.getState().setActiveApplication(updated.Product, updated);
  };
  const patch = async (id: string, body: PatchLoanApplication) =>
    remember(await patching.mutateAsync({ id, body }));
  const advance = async (id: string, done: ApplyStepId) => {
    remember(await completingStep.mutateAsync({ id, step: done }));
    const next = applyStepIds[applyStepIds.indexOf(done) + 1];
    show(next ?? 'summary');
  };
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
  const id = application?.ID ?? '';
  const hasPartnerCost = brand.unsecuredLoan.optionalFields.hasPartnerLivingCostMonthly;
  const terms = termsQuery.data ?? null;

  /** A new application with the answers of the loan step (and the pre-check's), then the identity step done. */
  const createWithAnswers = async () => {
    const input = {
      Product: loanValues.product,
      Brand: brand.brand,
      ApplicantMode: 'OnlyMainApplicant' as const,
      ...loanFields(loanValues),
    } as Parameters<typeof creating.mutateAsync>[0];
    let created: LoanApplication;
    try {
      created = await creating.mutateAsync(input);
    } catch (error) {
      // Made meanwhile in another tab (ADR 0007): the same question as when it was found first.
      if (!isActiveApplicationConflict(error)) throw error;
      const other = await findActiveApplication(loanValues.product, { customerId, personId });
      if (!other) throw error;
      setExisting(other);
      return;
    }
    remember(created);
    setResumedId(created.ID);
    // What the pre-check asked goes into the application: the applicant does not type it twice.
    const carried = preCheckApplicant(preCheckAnswers);
    if (carried) remember(await patching.mutateAsync({ id: created.ID, body: { MainApplicant: carried } }));
    remember(await completingStep.mutateAsync({ id: created.ID, step: 'loan' }));
    // The application holds the answers now; the draft has done its work.
    clearJourneyDraft();
    await advance(created.ID, 'identify');
  };

  const saves = {
    loan: (values: LoanStepValues) =>
      run(async () => {
        setLoanValues(values);
        if (!application) {
          // Kept in this tab until the application holds them: a reload of the next step keeps them too.
          saveJourneyDraft({
            brand: brand.brand,
            path: location.pathname,
            loanValues: values,
            preCheckAnswers,
            contact: contactDraft ?? { email: '', phone: '' },
          });
          setAnsweredBeforeLogin(true);
          show('identify');
          return;
        }
        await patch(application.ID, {
          Product: values.product,
          ...loanFields(values),
          ...(values.product === 'CreditCard' ? { Duration: null } : {}),
        });
        await advance(application.ID, 'loan');
      }),

    identify: (values: ContactOutput) =>
      run(async () => {
        if (!token) {
          // Not identified yet: keep the answers, then the e-ID; the page comes back to this step.
          setContactDraft(values);
          saveJourneyDraft({
            brand: brand.brand,
            path: location.pathname,
            loanValues,
            preCheckAnswers,
            contact: values,
          });
          setEidError(null);
          try {
            await leaveForEid({
              country: brand.country,
              brand: brand.brand,
              // This apply page and step (and `resume`), without a fragment: the hand-back adds its own.
              returnTo: `${window.location.origin}${location.pathname}${searchForStep(location.search, 'identify')}`,
            });
          } catch (error) {
            trackFlowEvent('unhandled-error', { message: messageOf(error).slice(0, 200) });
            setFailure(t('apply.identify.startFailed'));
          }
          return;
        }
        const contact = { Email: values.email, Phone: values.phone };
        if (customerId) await patchingCustomer.mutateAsync({ customerId, changes: contact });
        if (personId) await patchingPerson.mutateAsync({ personId, changes: contact });
        await queryClient.invalidateQueries({ queryKey: ['person'] });
        await queryClient.invalidateQueries({ queryKey: ['customer'] });
        if (application) {
          await advance(application.ID, 'identify');
          return;
        }
        // One application per product (ADR 0007): one already there is the applicant's to choose.
        const other = await findActiveApplication(loanValues.product, { customerId, personId });
        if (other) {
          setExisting(other);
          return;
        }
        await createWithAnswers();
      }),

    /** The application found is the one to go on with: its own answers, at its saved step. */
    continueExisting: () =>
      run(async () => {
        if (!existing) return;
        remember(existing);
        setExisting(null);
        clearJourneyDraft();
        show(resumeStep(existing));
      }),

    /** Start over: the draft found is withdrawn (archived) and a new application gets this page's answers. */
    startOver: () =>
      run(async () => {
        if (!existing) return;
        await archiving.mutateAsync(existing.ID);
        applicationSessionStore.getState().clearActiveApplication(existing.Product);
        setExisting(null);
        await createWithAnswers();
      }),

    address: (values: AddressOutput) =>
      run(async () => {
        if (personId) {
          const saved = await patchingPerson.mutateAsync({
            personId,
            changes: {
              FirstName: values.firstName,
              LastName: values.lastName,
              Address: {
                Street: values.street,
                PostalCode: values.postalCode,
                City: values.city,
                Country: brand.country,
              },
            },
          });
          queryClient.setQueryData(queryKeys.person(personId), saved);
        }
        await advance(id, 'address');
      }),

    household: (values: HouseholdOutput) =>
      run(async () => {
        await patch(id, { MainApplicant: householdToApplicant(values, hasPartnerCost) });
        await advance(id, 'household');
      }),

    employment: (values: EmploymentOutput) =>
      run(async () => {
        await patch(id, { MainApplicant: employmentToApplicant(values) });
        await advance(id, 'employment');
      }),

    economy: (values: EconomyOutput) =>
      run(async () => {
        await patch(id, { MainApplicant: incomeToApplicant(values) });
        const debts = planDebts(debtsQuery.data ?? [], values.debts);
        for (const debtId of debts.remove) await debtCalls.remove.mutateAsync({ id, debtId });
        for (const debt of debts.change) await debtCalls.change.mutateAsync({ id, debt });
        for (const debt of debts.create) await debtCalls.add.mutateAsync({ id, debt });
        const expenses = planExpenses(expensesQuery.data ?? [], values.expenses);
        for (const expenseId of expenses.remove) await expenseCalls.remove.mutateAsync({ id, expenseId });
        for (const expense of expenses.change) await expenseCalls.change.mutateAsync({ id, expense });
        for (const expense of expenses.create) await expenseCalls.add.mutateAsync({ id, expense });
        await queryClient.invalidateQueries({ queryKey: queryKeys.applyDebts(id) });
        await queryClient.invalidateQueries({ queryKey: queryKeys.applyExpenses(id) });
        await advance(id, 'economy');
      }),

    /** Secured loans: saves the home and asks the register; the answer is shown on the step. */
    propertyLookUp: (values: PropertyOutput) =>
      run(async () => {
        await savingProperty.mutateAsync({
          id,
          body: {
            Street: values.street,
            StreetNumber: values.streetNumber,
            Postcode: values.postcode,
            Municipality: values.municipality,
            PropertyType: values.propertyType as 'Detached house',
            OwnershipType: values.ownershipType as 'Freehold',
            EstimatedValue: values.estimatedValue,
            ExistingMortgage: values.existingMortgage,
            CooperativeCommonDebt: values.cooperativeCommonDebt ?? 0,
          },
        });
      }),

    propertyDone: () => run(() => advance(id, 'property')),

    withoutCoApplicant: () =>
      run(async () => {
        if (application?.CoApplicantPersonID) remember(await removingCo.mutateAsync(id));
        await patch(id, { ApplicantMode: 'OnlyMainApplicant', Data: { CoApplicantContact: null } });
        await advance(id, 'co-applicant');
      }),

    coApplicant: (values: CoApplicantOutput) =>
      run(async () => {
        const contact = {
          FirstName: values.firstName,
          LastName: values.lastName,
          Email: values.email,
          Phone: values.phone,
        };
        await patch(id, {
          ApplicantMode: 'Normal',
          Data: { CoApplicantContact: contact },
          CoApplicant: {
            ...(values.nationalId.trim() ? { NationalID: values.nationalId.trim() } : {}),
            ...contact,
            ...householdToApplicant(values, hasPartnerCost),
            ...employmentToApplicant(values),
            ...incomeToApplicant(values),
          },
        });
        await advance(id, 'co-applicant');
      }),

    consent: (values: ConsentInput) =>
      run(async () => {
        const at = new Date().toISOString();
        if (customerId && terms)
          await patchingCustomer.mutateAsync({
            customerId,
            changes: { AcceptedTermsVersion: terms.version_label },
          });
        if (customerId) {
          await recordingConsent.mutateAsync({
            country: brand.country,
            customerId,
            brand: brand.brand,
            channels: {
              email: values.marketingEmail,
              sms: values.marketingSms,
              phone: values.marketingPhone,
            },
          });
        }
        await patch(id, {
          Data: {
            CreditCheckConsent: { Given: true, At: at },
            AcceptedTermsVersion: terms?.version_label ?? null,
          },
        });
        await advance(id, 'consent');
      }),

    submit: () =>
      run(async () => {
        remember(await completing.mutateAsync(id));
        show('sent');
      }),
  };

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
