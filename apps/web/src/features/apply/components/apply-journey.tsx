import type { Product } from '@nordloan/domain/enums';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { applyStepsFor } from '#src/features/apply/model/form-mapping.ts';
import { CreditWarning } from '#src/shared/compliance/credit-warning.tsx';
import { StepBody } from './journey-step.tsx';
import { MagicLinkOffer } from './magic-link-offer.tsx';
import { useApplyJourney } from './use-apply-journey.ts';
import '../apply.css';

// The apply journey page (issue 6, docs/decisions/0016): the progress, the current step's form, and what
// surrounds it. State and saves live in useApplyJourney; each step's form in its own component.

export interface ApplyJourneyProps {
  /** The products this page applies for; more than one shows the choice on the first step. */
  products: Product[];
  title: string;
  lead: string;
  /** One-form and discovery pages: the pre-check on the loan step (ADR 0028). */
  withPreCheck?: boolean;
}

export function ApplyJourney({ products, title, lead, withPreCheck = false }: ApplyJourneyProps) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const journey = useApplyJourney(products);
  const { step, stepIndex, application } = journey;
  const stepTitle = step === 'sent' ? t('apply.sent.title') : t(`apply.stepTitles.${step}`);
  const applyStepIds = applyStepsFor(journey.loanValues.product);

  return (
    <article
      aria-labelledby="apply-title"
      data-page-kind="apply"
      data-product={journey.loanValues.product}
      data-step={step}
    >
      <h1 id="apply-title">{title}</h1>
      {/* CCD2 art. 8(1), KOVFS 2025:1: on every step, in the first screen of a phone (ADR 0064). */}
      <CreditWarning />
      {step === 'loan' && <p className="lead">{lead}</p>}
      <nav aria-label={t('apply.stepsLabel')} className="apply-progress">
        <p className="apply-progress__count" data-testid="step-count">
          {t('apply.stepOf', { current: stepIndex + 1, total: applyStepIds.length })}
        </p>
        {/* A <progress>, not a bar with an inline width: the server sends this markup as the page's first
            view, and its CSP refuses style attributes (issue 12, ADR 0041). */}
        <progress
          className="apply-progress__bar"
          aria-hidden="true"
          max={applyStepIds.length}
          value={stepIndex + 1}
        />
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
        ref={journey.headingRef}
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
      {journey.welcomeBack && application && step !== 'sent' && (
        <p className="notice apply-notice" role="status" data-testid="welcome-back">
          {t('apply.continuing', { id: application.HumanReadableID })}
        </p>
      )}
      {journey.resumeProblem && !application && (
        <p className="notice apply-notice" role="status" data-testid="resume-problem">
          {t('apply.resume.notFound')}
        </p>
      )}
      {journey.failure && (
        <p className="error-text apply-failure" role="alert" data-testid="step-failure">
          {journey.failure}
        </p>
      )}
      <StepBody journey={journey} products={products} withPreCheck={withPreCheck} />
      {application && step !== 'sent' && step !== 'loan' && step !== 'identify' && (
        <MagicLinkOffer applicationId={application.ID} />
      )}
    </article>
  );
}
