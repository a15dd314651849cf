import type { Product } from '@nordloan/domain/enums';
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { myPageHref } from '#src/brands/brand-pages.ts';
import {
  type ApplyStepId,
  applyStepsFor,
  economyDefaults,
  employmentDefaults,
  householdDefaults,
} from '#src/features/apply/model/form-mapping.ts';
import { LoanStep } from './loan-step.tsx';
import type { ApplyJourneyState } from './use-apply-journey.ts';

// The steps after the loan step are chunks of their own (issue 40, ADR 0073): the apply page is usable with
// the loan step's code alone. They are fetched at the applicant's first touch of the page, so a step opens
// at once when reached; a journey resumed at a later step loads it straight away.
const loadDetailSteps = () => import('./detail-steps.tsx');
const loadLaterSteps = () =>
  Promise.all([
    loadDetailSteps(),
    import('./co-applicant-step.tsx'),
    import('./existing-application-choice.tsx'),
    import('./property-step.tsx'),
    import('./summary-step.tsx'),
  ]);
const IdentifyStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.IdentifyStep })));
const AddressStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.AddressStep })));
const HouseholdStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.HouseholdStep })));
const EmploymentStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.EmploymentStep })));
const EconomyStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.EconomyStep })));
const ConsentStep = lazy(() => loadDetailSteps().then((m) => ({ default: m.ConsentStep })));
const CoApplicantStep = lazy(() =>
  import('./co-applicant-step.tsx').then((m) => ({ default: m.CoApplicantStep })),
);
const ExistingApplicationChoice = lazy(() =>
  import('./existing-application-choice.tsx').then((m) => ({ default: m.ExistingApplicationChoice })),
);
const PropertyStep = lazy(() => import('./property-step.tsx').then((m) => ({ default: m.PropertyStep })));
const SummaryStep = lazy(() => import('./summary-step.tsx').then((m) => ({ default: m.SummaryStep })));

/** The form of the current step, wired to the journey's saves; a later step's code loads when needed. */
export function StepBody(props: ComponentProps<typeof CurrentStep>) {
  const { t } = useTranslation();
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const prefetch = () => {
      for (const event of events) document.removeEventListener(event, prefetch, true);
      void loadLaterSteps();
    };
    for (const event of events) document.addEventListener(event, prefetch, true);
    return () => {
      for (const event of events) document.removeEventListener(event, prefetch, true);
    };
  }, []);
  return (
    <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
      <CurrentStep {...props} />
    </Suspense>
  );
}

function CurrentStep({
  journey,
  products,
  withPreCheck = false,
}: {
  journey: ApplyJourneyState;
  products: Product[];
  withPreCheck?: boolean;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const { step, busy, application, person, customer, saves, terms } = journey;
  const applyStepIds = applyStepsFor(journey.loanValues.product);

  const back = (to: ApplyStepId) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => journey.goBack(to)}
      disabled={busy}
    >
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

  if (journey.loading) return <p role="status">{t('common.loading')}</p>;
  if (step === 'loan') {
    return (
      <LoanStep
        products={products}
        initial={journey.loanValues}
        busy={busy}
        onSubmit={saves.loan}
        submitLabel={t('common.continue')}
        preCheck={
          withPreCheck
            ? { answers: journey.preCheckAnswers, onChange: journey.setPreCheckAnswers }
            : undefined
        }
      />
    );
  }
  if (step === 'identify' && journey.existing) {
    return (
      <ExistingApplicationChoice
        application={journey.existing}
        editable={journey.existingEditable}
        busy={busy}
        onContinue={saves.continueExisting}
        onStartOver={saves.startOver}
      />
    );
  }
  if (step === 'identify') {
    const identified = !!journey.token;
    // Before the e-ID the button leaves for it; after a login that came back without a token, it tries again.
    const label = identified
      ? t('common.continue')
      : journey.eidError
        ? t('apply.identify.tryAgain')
        : t('apply.identify.eidButton');
    return (
      <IdentifyStep
        loggedIn={identified}
        resuming={journey.resuming}
        eidError={identified ? null : journey.eidError}
        defaults={{
          email: journey.contactDraft?.email ?? customer?.Email ?? person?.Email ?? '',
          phone: journey.contactDraft?.phone ?? customer?.Phone ?? person?.Phone ?? '',
        }}
        busy={busy}
        onSubmit={saves.identify}
        actions={actionsFor('identify', label)}
      />
    );
  }
  if (!application) return <p role="status">{t('common.loading')}</p>;
  switch (step) {
    case 'address': {
      // What we already know (issue 38): the name and birth date from the e-ID, the address the person
      // saved or else the population register's — shown to confirm, every field still editable.
      if (journey.registeredAddressPending) return <p role="status">{t('common.loading')}</p>;
      const registered = person?.Address.Street ? null : (journey.registeredAddress?.Address ?? null);
      return (
        <AddressStep
          key={registered ? 'registered' : 'own'}
          defaults={{
            firstName: person?.FirstName ?? '',
            lastName: person?.LastName ?? '',
            street: person?.Address.Street ?? registered?.Street ?? '',
            postalCode: person?.Address.PostalCode ?? registered?.PostalCode ?? '',
            city: person?.Address.City ?? registered?.City ?? '',
          }}
          birthDate={person?.BirthDate ?? null}
          prefilled={{ name: !!(person?.FirstName || person?.LastName), address: !!registered }}
          busy={busy}
          actions={actionsFor('address')}
          onSubmit={saves.address}
        />
      );
    }
    case 'household':
      return (
        <HouseholdStep
          defaults={householdDefaults(application.MainApplicant)}
          busy={busy}
          actions={actionsFor('household')}
          onSubmit={saves.household}
        />
      );
    case 'employment':
      return (
        <EmploymentStep
          defaults={employmentDefaults(application.MainApplicant)}
          busy={busy}
          actions={actionsFor('employment')}
          onSubmit={saves.employment}
        />
      );
    case 'economy':
      return (
        <EconomyStep
          applicationId={application.ID}
          defaults={economyDefaults(application.MainApplicant, journey.debts, journey.expenses)}
          busy={busy}
          actions={actionsFor('economy')}
          onSubmit={saves.economy}
        />
      );
    case 'property':
      return (
        <PropertyStep
          key={journey.property?.UpdatedAt ?? 'new'}
          property={journey.property}
          amount={application.Amount}
          busy={busy}
          onLookUp={saves.propertyLookUp}
          onContinue={saves.propertyDone}
          back={back('economy')}
        />
      );
    case 'co-applicant':
      return (
        <CoApplicantStep
          application={application}
          mainNationalId={journey.mainNationalId}
          busy={busy}
          actions={actionsFor('co-applicant')}
          onRemove={saves.withoutCoApplicant}
          onSave={saves.coApplicant}
        />
      );
    case 'consent':
      return (
        <ConsentStep
          terms={terms ? { title: terms.title, body: terms.body, publishedOn: terms._publish_on } : null}
          // CCD2 art. 15 (ADR 0064): never ticked in advance, not even when given before (the same terms,
          // this application): each box is ticked by the applicant on this page, every time.
          defaults={{
            acceptTerms: false as unknown as true,
            creditCheck: false as unknown as true,
            marketingEmail: false,
            marketingSms: false,
            marketingPhone: false,
          }}
          busy={busy}
          actions={actionsFor('consent')}
          onSubmit={saves.consent}
        />
      );
    case 'summary':
      return (
        <SummaryStep
          application={application}
          person={person}
          busy={busy}
          back={back('consent')}
          onSubmit={saves.submit}
        />
      );
    default:
      return (
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
}
