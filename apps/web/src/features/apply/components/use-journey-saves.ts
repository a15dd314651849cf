import type { Debt, Expense, LoanApplication, PatchLoanApplication } from '@nordloan/domain/loan-application';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
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
import type { TermsEntry } from '#src/features/apply/api/get-current-terms.ts';
import { leaveForEid } from '#src/features/apply/api/identify-applicant.ts';
import { usePatchApplication } from '#src/features/apply/api/patch-application.ts';
import { usePatchCustomer } from '#src/features/apply/api/patch-customer.ts';
import { usePatchPerson } from '#src/features/apply/api/patch-person.ts';
import { useRecordMarketingConsent } from '#src/features/apply/api/record-marketing-consent.ts';
import { useRemoveCoApplicant } from '#src/features/apply/api/remove-co-applicant.ts';
import { useSaveSecuredProperty } from '#src/features/apply/api/secured-property.ts';
import {
  type ApplyStepId,
  employmentToApplicant,
  householdToApplicant,
  incomeToApplicant,
  planDebts,
  planExpenses,
  resumeStep,
} from '#src/features/apply/model/form-mapping.ts';
import { clearJourneyDraft, saveJourneyDraft } from '#src/features/apply/model/journey-draft.ts';
import { type JourneyStep, searchForStep } from '#src/features/apply/model/step-url.ts';
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
import { applicationSessionStore } from '#src/session/active-application.ts';
import type { EidLoginError } from '#src/session/eid-login-outcome.ts';
import { queryKeys } from '#src/shared/api/query-keys.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import type { CoApplicantOutput } from './co-applicant-details-form.tsx';
import type { PreCheckAnswers } from './pre-check-panel.tsx';

// The apply journey's saves, one per step (issue 6; use-apply-journey.ts holds the state they change).
// Every step after the login is saved (PATCH + step-complete) before the next is shown. The identity step
// makes the application — unless the applicant has one of the product already, which is theirs to
// continue or start over (issue 38: never a silent overwrite, never a refused POST).

export function messageOf(error: unknown): string {
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

export interface JourneySavesInput {
  application: LoanApplication | null;
  token: string | null;
  customerId: string | null;
  personId: string | null;
  pathname: string;
  search: string;
  loanValues: LoanStepValues;
  setLoanValues: (values: LoanStepValues) => void;
  preCheckAnswers: PreCheckAnswers;
  contactDraft: { email: string; phone: string } | null;
  setContactDraft: (values: { email: string; phone: string }) => void;
  setAnsweredBeforeLogin: (answered: boolean) => void;
  existing: LoanApplication | null;
  setExisting: (application: LoanApplication | null) => void;
  setEidError: Dispatch<SetStateAction<EidLoginError | null>>;
  setFailure: (failure: string | null) => void;
  setResumedId: (id: string) => void;
  show: (step: JourneyStep) => void;
  run: (work: () => Promise<void>) => Promise<void>;
  applyStepIds: readonly ApplyStepId[];
  debts: Debt[];
  expenses: Expense[];
  terms: TermsEntry | null;
}

export function useJourneySaves(input: JourneySavesInput) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const queryClient = useQueryClient();
  const {
    application,
    token,
    customerId,
    personId,
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
    terms,
  } = input;
  const location = { pathname: input.pathname, search: input.search };
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
  const savingProperty = useSaveSecuredProperty();

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
  const id = application?.ID ?? '';
  const hasPartnerCost = brand.unsecuredLoan.optionalFields.hasPartnerLivingCostMonthly;

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
        const debts = planDebts(input.debts, values.debts);
        for (const debtId of debts.remove) await debtCalls.remove.mutateAsync({ id, debtId });
        for (const debt of debts.change) await debtCalls.change.mutateAsync({ id, debt });
        for (const debt of debts.create) await debtCalls.add.mutateAsync({ id, debt });
        const expenses = planExpenses(input.expenses, values.expenses);
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

  return { saves, remember };
}
