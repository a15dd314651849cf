import type { Product } from '@nordloan/domain/enums';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { myPageHref } from '#src/brands/brand-pages.ts';
import {
  getCurrentTerms,
  getCustomer,
  getPerson,
  patchCustomer,
  patchPerson,
  recordMarketingConsent,
} from '#src/features/apply/api/applicant-records.ts';
import {
  addDebt,
  addExpense,
  applyApplicationQueryOptions,
  changeDebt,
  changeExpense,
  completeApplication,
  completeStep,
  createApplication,
  deleteDebt,
  deleteExpense,
  isActiveApplicationConflict,
  listDebts,
  listExpenses,
  patchApplication,
  removeCoApplicant,
} from '#src/features/apply/api/application-calls.ts';
import { identifyApplicant } from '#src/features/apply/api/identify-applicant.ts';
import { fieldProblems } from '#src/features/apply/api/request.ts';
import {
  type ApplyStepId,
  applyStepIds,
  economyDefaults,
  employmentDefaults,
  employmentToApplicant,
  householdDefaults,
  householdToApplicant,
  incomeToApplicant,
  planDebts,
  planExpenses,
  resumeStep,
} from '#src/features/apply/model/form-mapping.ts';
import type { LoanStepValues } from '#src/features/apply/model/validation.ts';
import { applicationSessionStore, useApplicationSession } from '#src/session/active-application.ts';
import { useAuthStore } from '#src/session/auth-store.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import {
  AddressStep,
  CoApplicantDetailsForm,
  type CoApplicantOutput,
  ConsentStep,
  EconomyStep,
  EmploymentStep,
  HouseholdStep,
  IdentifyStep,
} from './detail-steps.tsx';
import { defaultLoanValues, LoanStep } from './loan-step.tsx';
import { MagicLinkOffer } from './magic-link-offer.tsx';
import { SummaryStep } from './summary-step.tsx';
import '../apply.css';

// The apply journey (issue 6): loan → identify (login, the application is created) → address →
// household → employment → economy → co-applicant → consent → summary (submit). Every step after the
// login is saved (PATCH + step-complete) before the next is shown, so a closed tab loses nothing and a
// returning applicant (login or magic link) lands on the step after the last one completed.

export interface ApplyJourneyProps {
  /** The products this page applies for; more than one shows the choice on the first step. */
  products: Product[];
  title: string;
  lead: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function ApplyJourney({ products, title, lead }: ApplyJourneyProps) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const queryClient = useQueryClient();
  const token = useAuthStore((state) => state.token);
  const personId = useAuthStore((state) => state.personId);
  const customerId = useAuthStore((state) => state.customerId);
  const isAuthenticating = useAuthStore((state) => state.isAuthenticating);
  const activeApplications = useApplicationSession((state) => state.activeApplications);

  // The application of this page: the newest active one among its products.
  const active = products
    .map((product) => ({ product, active: activeApplications[product] }))
    .filter((entry) => entry.active)
    .sort((a, b) => Date.parse(b.active!.updatedAt) - Date.parse(a.active!.updatedAt))[0];
  const applicationId = token ? (active?.active?.id ?? null) : null;

  const applicationQuery = useQuery({
    ...applyApplicationQueryOptions(applicationId ?? ''),
    enabled: !!applicationId,
  });
  const application = applicationQuery.data ?? null;
  const personQuery = useQuery({
    queryKey: ['person', personId ?? '', 'apply-form'],
    queryFn: () => getPerson(personId!),
    enabled: !!token && !!personId && !!applicationId,
  });
  const customerQuery = useQuery({
    queryKey: ['customer', customerId ?? '', 'apply-form'],
    queryFn: () => getCustomer(customerId!),
    enabled: !!token && !!customerId && !!applicationId,
  });
  const debtsQuery = useQuery({
    queryKey: ['application', applicationId ?? '', 'apply-debts'],
    queryFn: () => listDebts(applicationId!),
    enabled: !!applicationId,
  });
  const expensesQuery = useQuery({
    queryKey: ['application', applicationId ?? '', 'apply-expenses'],
    queryFn: () => listExpenses(applicationId!),
    enabled: !!applicationId,
  });
  const termsQuery = useQuery({
    queryKey: ['terms', brand.country, brand.brand],
    queryFn: () => getCurrentTerms(brand.country, brand.brand),
  });

  const [step, setStep] = useState<ApplyStepId | 'sent'>('loan');
  const [loanValues, setLoanValues] = useState<LoanStepValues>(() =>
    defaultLoanValues(brand, products[0] ?? 'UnsecuredLoan'),
  );
  const [mainNationalId, setMainNationalId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [resumedId, setResumedId] = useState<string | null>(null);
  const [welcomeBack, setWelcomeBack] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A returning applicant continues where they left (once per application).
  useEffect(() => {
    if (!application || resumedId === application.ID) return;
    setResumedId(application.ID);
    setLoanValues({
      product: application.Product,
      amount: application.Amount ?? loanValues.amount,
      duration: application.Duration,
      loanPurpose: application.LoanPurpose ?? '',
    });
    setStep(resumeStep(application));
    setWelcomeBack(true);
  }, [application, resumedId, loanValues.amount]);

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
  }, [step, loanValues.product]);

  const loading =
    isAuthenticating ||
    (!!applicationId &&
      (applicationQuery.isPending ||
        debtsQuery.isPending ||
        expensesQuery.isPending ||
        personQuery.isPending));

  const remember = (updated: LoanApplication) => {
    queryClient.setQueryData(applyApplicationQueryOptions(updated.ID).queryKey, updated);
    applicationSessionStore.getState().setActiveApplication(updated.Product, updated);
  };
  const advance = async (id: string, done: ApplyStepId) => {
    remember(await completeStep(id, done));
    const next = applyStepIds[applyStepIds.indexOf(done) + 1];
    setStep(next ?? 'summary');
  };
  /** Runs one save; a failure is shown above the form and reported as the §4 unhandled-error event. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      const problems = fieldProblems(error);
      setFailure(problems.length > 0 ? t('apply.errors.server') : t('apply.errors.saveFailed'));
      trackFlowEvent('unhandled-error', { message: messageOf(error).slice(0, 200) });
      console.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const loanFields = (values: LoanStepValues) => ({
    Amount: values.amount,
    ...(values.product === 'CreditCard' ? {} : { Duration: values.duration ?? undefined }),
    ...(values.loanPurpose
      ? { LoanPurpose: values.loanPurpose as LoanApplication['LoanPurpose'] & string }
      : {}),
  });

  const saveLoan = (values: LoanStepValues) =>
    run(async () => {
      setLoanValues(values);
      if (!application) {
        setStep('identify');
        return;
      }
      remember(
        await patchApplication(application.ID, {
          Product: values.product,
          ...loanFields(values),
          ...(values.product === 'CreditCard' ? { Duration: null } : {}),
        }),
      );
      await advance(application.ID, 'loan');
    });

  const saveIdentify = (values: { nationalId: string; email: string; phone: string }) =>
    run(async () => {
      let current = application;
      let identity = { customerId, personId };
      if (!current) {
        if (!token) {
          const answer = await identifyApplicant({
            nationalId: values.nationalId,
            country: brand.country,
            brand: brand.brand,
          });
          identity = { customerId: answer.CustomerID, personId: answer.PersonID };
          setMainNationalId(values.nationalId);
        }
        const input = {
          Product: loanValues.product,
          Brand: brand.brand,
          ApplicantMode: 'OnlyMainApplicant' as const,
          ...loanFields(loanValues),
        } as Parameters<typeof createApplication>[0];
        try {
          current = await createApplication(input);
        } catch (error) {
          // One active application per product (ADR 0007): continue that one with these loan terms.
          if (!isActiveApplicationConflict(error)) throw error;
          const existing = error.applicationIDs[0]!;
          current = await patchApplication(existing, loanFields(loanValues));
        }
        remember(current);
        setResumedId(current.ID);
        remember(await completeStep(current.ID, 'loan'));
      }
      if (identity.customerId)
        await patchCustomer(identity.customerId, { Email: values.email, Phone: values.phone });
      if (identity.personId)
        await patchPerson(identity.personId, { Email: values.email, Phone: values.phone });
      await queryClient.invalidateQueries({ queryKey: ['person'] });
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
      await advance(current.ID, 'identify');
    });

  const back = (to: ApplyStepId) => (
    <button type="button" className="button button--secondary" onClick={() => setStep(to)} disabled={busy}>
      {t('common.back')}
    </button>
  );
  const actionsFor = (current: ApplyStepId, label = t('common.continue')): ReactNode => {
    const index = applyStepIds.indexOf(current);
    return (
      <>
        {index > 0 && back(applyStepIds[index - 1]!)}
        <button type="submit" className="button" disabled={busy} data-testid="step-submit">
          {busy ? t('apply.form.saving') : label}
        </button>
      </>
    );
  };

  const person = personQuery.data ?? null;
  const customer = customerQuery.data ?? null;
  const id = application?.ID ?? '';
  const stepIndex = step === 'sent' ? applyStepIds.length - 1 : applyStepIds.indexOf(step);
  const stepTitle = step === 'sent' ? t('apply.sent.title') : t(`apply.stepTitles.${step}`);

  let body: ReactNode;
  if (loading) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (step === 'loan') {
    body = (
      <LoanStep
        products={products}
        initial={loanValues}
        busy={busy}
        onSubmit={saveLoan}
        submitLabel={t('common.continue')}
      />
    );
  } else if (step === 'identify') {
    body = (
      <IdentifyStep
        loggedIn={!!token}
        defaults={{
          nationalId: '',
          email: customer?.Email ?? person?.Email ?? '',
          phone: customer?.Phone ?? person?.Phone ?? '',
        }}
        busy={busy}
        onSubmit={saveIdentify}
        actions={actionsFor('identify')}
      />
    );
  } else if (!application) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (step === 'address') {
    body = (
      <AddressStep
        defaults={{
          firstName: person?.FirstName ?? '',
          lastName: person?.LastName ?? '',
          street: person?.Address.Street ?? '',
          postalCode: person?.Address.PostalCode ?? '',
          city: person?.Address.City ?? '',
        }}
        busy={busy}
        actions={actionsFor('address')}
        onSubmit={(values) =>
          run(async () => {
            if (personId) {
              const saved = await patchPerson(personId, {
                FirstName: values.firstName,
                LastName: values.lastName,
                Address: {
                  Street: values.street,
                  PostalCode: values.postalCode,
                  City: values.city,
                  Country: brand.country,
                },
              });
              queryClient.setQueryData(['person', personId, 'apply-form'], saved);
            }
            await advance(id, 'address');
          })
        }
      />
    );
  } else if (step === 'household') {
    body = (
      <HouseholdStep
        defaults={householdDefaults(application.MainApplicant)}
        busy={busy}
        actions={actionsFor('household')}
        onSubmit={(values) =>
          run(async () => {
            remember(
              await patchApplication(id, {
                MainApplicant: householdToApplicant(
                  values,
                  brand.unsecuredLoan.optionalFields.hasPartnerLivingCostMonthly,
                ),
              }),
            );
            await advance(id, 'household');
          })
        }
      />
    );
  } else if (step === 'employment') {
    body = (
      <EmploymentStep
        defaults={employmentDefaults(application.MainApplicant)}
        busy={busy}
        actions={actionsFor('employment')}
        onSubmit={(values) =>
          run(async () => {
            remember(await patchApplication(id, { MainApplicant: employmentToApplicant(values) }));
            await advance(id, 'employment');
          })
        }
      />
    );
  } else if (step === 'economy') {
    body = (
      <EconomyStep
        defaults={economyDefaults(application.MainApplicant, debtsQuery.data ?? [], expensesQuery.data ?? [])}
        busy={busy}
        actions={actionsFor('economy')}
        onSubmit={(values) =>
          run(async () => {
            remember(await patchApplication(id, { MainApplicant: incomeToApplicant(values) }));
            const debts = planDebts(debtsQuery.data ?? [], values.debts);
            for (const debtId of debts.remove) await deleteDebt(id, debtId);
            for (const debt of debts.change) await changeDebt(id, debt);
            for (const debt of debts.create) await addDebt(id, debt);
            const expenses = planExpenses(expensesQuery.data ?? [], values.expenses);
            for (const expenseId of expenses.remove) await deleteExpense(id, expenseId);
            for (const expense of expenses.change) await changeExpense(id, expense);
            for (const expense of expenses.create) await addExpense(id, expense);
            await queryClient.invalidateQueries({ queryKey: ['application', id, 'apply-debts'] });
            await queryClient.invalidateQueries({ queryKey: ['application', id, 'apply-expenses'] });
            await advance(id, 'economy');
          })
        }
      />
    );
  } else if (step === 'co-applicant') {
    body = (
      <CoApplicantStep
        application={application}
        mainNationalId={mainNationalId}
        busy={busy}
        actions={actionsFor('co-applicant')}
        onRemove={() =>
          run(async () => {
            if (application.CoApplicantPersonID) remember(await removeCoApplicant(id));
            remember(
              await patchApplication(id, {
                ApplicantMode: 'OnlyMainApplicant',
                Data: { CoApplicantContact: null },
              }),
            );
            await advance(id, 'co-applicant');
          })
        }
        onSave={(values) =>
          run(async () => {
            const contact = {
              FirstName: values.firstName,
              LastName: values.lastName,
              Email: values.email,
              Phone: values.phone,
            };
            remember(
              await patchApplication(id, {
                ApplicantMode: 'Normal',
                Data: { CoApplicantContact: contact },
                CoApplicant: {
                  ...(values.nationalId.trim() ? { NationalID: values.nationalId.trim() } : {}),
                  ...contact,
                  ...householdToApplicant(
                    values,
                    brand.unsecuredLoan.optionalFields.hasPartnerLivingCostMonthly,
                  ),
                  ...employmentToApplicant(values),
                  ...incomeToApplicant(values),
                },
              }),
            );
            await advance(id, 'co-applicant');
          })
        }
      />
    );
  } else if (step === 'consent') {
    const terms = termsQuery.data ?? null;
    body = (
      <ConsentStep
        terms={terms ? { title: terms.title, body: terms.body, label: terms.version_label } : null}
        defaults={{
          acceptTerms: (!!terms && customer?.AcceptedTermsVersion === terms.version_label) as true,
          creditCheck: ((application.Data.CreditCheckConsent as { Given?: boolean } | undefined)?.Given ===
            true) as true,
          marketingEmail: false,
          marketingSms: false,
          marketingPhone: false,
        }}
        busy={busy}
        actions={actionsFor('consent')}
        onSubmit={(values) =>
          run(async () => {
            const at = new Date().toISOString();
            if (customerId && terms)
              await patchCustomer(customerId, { AcceptedTermsVersion: terms.version_label });
            if (customerId) {
              await recordMarketingConsent({
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
            remember(
              await patchApplication(id, {
                Data: {
                  CreditCheckConsent: { Given: true, At: at },
                  AcceptedTermsVersion: terms?.version_label ?? null,
                },
              }),
            );
            await advance(id, 'consent');
          })
        }
      />
    );
  } else if (step === 'summary') {
    body = (
      <SummaryStep
        application={application}
        person={person}
        busy={busy}
        back={back('consent')}
        onSubmit={() =>
          run(async () => {
            remember(await completeApplication(id));
            setStep('sent');
          })
        }
      />
    );
  } else {
    body = (
      <section
        className="panel apply-sent"
        data-testid="application-sent"
        data-application-id={application.ID}
        data-human-readable-id={application.HumanReadableID}
      >
        <p>{t('apply.sent.lead', { id: application.HumanReadableID })}</p>
        <p>{t('apply.sent.next')}</p>
        <a className="button" href={myPageHref(brand, window.location)} data-testid="my-page-link">
          {t('apply.sent.toMyPage')}
        </a>
      </section>
    );
  }

  return (
    <article
      aria-labelledby="apply-title"
      data-page-kind="apply"
      data-product={loanValues.product}
      data-step={step}
    >
      <h1 id="apply-title">{title}</h1>
      {step === 'loan' && <p className="lead">{lead}</p>}
      <nav aria-label={t('apply.stepsLabel')} className="apply-progress">
        <p className="apply-progress__count" data-testid="step-count">
          {t('apply.stepOf', { current: stepIndex + 1, total: applyStepIds.length })}
        </p>
        <div className="apply-progress__bar" aria-hidden="true">
          <span style={{ width: `${((stepIndex + 1) / applyStepIds.length) * 100}%` }} />
        </div>
        <ol className="apply-steps" data-testid="apply-steps">
          {applyStepIds.map((stepId, index) => (
            <li
              key={stepId}
              aria-current={stepId === step ? 'step' : undefined}
              data-done={index < stepIndex ? 'true' : undefined}
            >
              {t(`apply.stepTitles.${stepId}`)}
            </li>
          ))}
        </ol>
      </nav>
      <h2
        id="apply-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="apply-step-title"
        data-testid="step-title"
      >
        {stepTitle}
      </h2>
      {application && step !== 'sent' && step !== 'loan' && (
        <p className="muted apply-reference">
          {t('apply.reference', { id: application.HumanReadableID })}
          {application.Amount !== null && <> · {format.currency(application.Amount)}</>}
        </p>
      )}
      {welcomeBack && application && step !== 'sent' && (
        <p className="notice apply-notice" role="status" data-testid="welcome-back">
          {t('apply.continuing', { id: application.HumanReadableID })}
        </p>
      )}
      {failure && (
        <p className="error-text apply-failure" role="alert" data-testid="step-failure">
          {failure}
        </p>
      )}
      {body}
      {application && step !== 'sent' && step !== 'loan' && step !== 'identify' && (
        <MagicLinkOffer applicationId={application.ID} />
      )}
    </article>
  );
}

function CoApplicantStep({
  application,
  mainNationalId,
  busy,
  actions,
  onRemove,
  onSave,
}: {
  application: LoanApplication;
  mainNationalId: string | null;
  busy: boolean;
  actions: ReactNode;
  onRemove: () => void;
  onSave: (values: CoApplicantOutput) => void;
}) {
  const { t } = useTranslation();
  const linked = !!application.CoApplicantPersonID;
  const [withCo, setWithCo] = useState(linked);
  const contact = (application.Data.CoApplicantContact ?? {}) as Record<string, string | undefined>;
  const co = application.CoApplicant;
  return (
    <>
      <div className="panel apply-co-choice">
        <fieldset className="choice-group" data-testid="co-applicant-choice">
          <legend>{t('apply.coApplicant.question')}</legend>
          <label className="choice">
            <input
              type="radio"
              name="with-co"
              checked={!withCo}
              onChange={() => setWithCo(false)}
              data-testid="co-applicant-no"
            />
            {t('apply.coApplicant.no')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="with-co"
              checked={withCo}
              onChange={() => setWithCo(true)}
              data-testid="co-applicant-yes"
            />
            {t('apply.coApplicant.yes')}
          </label>
        </fieldset>
        <p className="muted">{t('apply.coApplicant.lead')}</p>
      </div>
      {withCo ? (
        <CoApplicantDetailsForm
          mainNationalId={mainNationalId}
          alreadyLinked={linked}
          busy={busy}
          actions={actions}
          onSubmit={onSave}
          defaults={{
            with: true,
            nationalId: '',
            firstName: contact.FirstName ?? '',
            lastName: contact.LastName ?? '',
            email: contact.Email ?? '',
            phone: contact.Phone ?? '',
            ...householdDefaults(co),
            ...employmentDefaults(co),
            grossYearlyIncome: co?.GrossYearlyIncome?.toString() ?? '',
            netMonthlyIncome: co?.NetMonthlyIncome?.toString() ?? '',
            otherIncomeMonthly: co?.OtherIncomeMonthly?.toString() ?? '',
          }}
        />
      ) : (
        <form
          className="panel apply-step"
          noValidate
          aria-labelledby="apply-step-title"
          data-testid="step-co-applicant"
          onSubmit={(event) => {
            event.preventDefault();
            onRemove();
          }}
        >
          <p>{linked ? t('apply.coApplicant.willRemove') : t('apply.coApplicant.none')}</p>
          <div className="apply-actions">{actions}</div>
        </form>
      )}
    </>
  );
}
