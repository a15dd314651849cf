import type { DocumentRequirement, SecuredProperty } from '@nordloan/domain/secured-loan';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { documentProblem, useUploadDocument } from '#src/features/my-page/api/application-documents.ts';
import { useSecuredCase } from '#src/features/my-page/api/get-secured-property.ts';

// A secured loan's case on the personal page (ADR 0027): the home and its loan-to-value, and the §3 case
// documents — a payslip and a tax return per applicant, a valuation when the register could not value the
// home — each with its own upload (category and owner set), marked as they are received.

function NeedRow({ applicationId, need }: { applicationId: string; need: DocumentRequirement }) {
  const { t } = useTranslation();
  const upload = useUploadDocument(applicationId);
  const [problem, setProblem] = useState<'missing' | 'type' | 'size' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  const errorId = useId();
  const label = `${t(`offers.documents.categories.${need.Category}`)} (${t(`offers.documents.owners.${need.Owner}`)})`;
  const testId = `need-${need.Category}-${need.Owner}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = file ? documentProblem(file) : 'missing';
    setProblem(found);
    if (found || !file) return;
    try {
      await upload.mutateAsync({ file, category: need.Category, owner: need.Owner });
    } catch {
      // shown below
    }
  };

  return (
    <li className="secured-case__need" data-testid={testId} data-received={String(need.Received)}>
      <span className="secured-case__need-name">{label}</span>
      <span className={need.Received ? 'badge badge--ok' : 'badge'}>
        {need.Received ? t('offers.secured.received') : t('offers.secured.missing')}
      </span>
      {!need.Received && (
        <form className="secured-case__upload" onSubmit={submit} noValidate>
          <label className="file-picker" htmlFor={inputId}>
            <input
              id={inputId}
              className="file-picker__input"
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              aria-label={t('offers.secured.uploadFor', { document: label })}
              aria-invalid={!!problem}
              aria-describedby={problem || upload.isError ? errorId : undefined}
              data-testid={`${testId}-file`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
              }}
            />
            <span className="button button--secondary file-picker__button">{t('offers.documents.file')}</span>
            <span className="file-picker__name">{file?.name ?? t('offers.documents.noFile')}</span>
          </label>
          <button
            type="submit"
            className="button"
            disabled={upload.isPending}
            data-testid={`${testId}-upload`}
          >
            {upload.isPending ? t('offers.documents.uploading') : t('offers.secured.uploadButton')}
          </button>
          {(problem || upload.isError) && (
            <p id={errorId} className="error-text" role="alert">
              {t(`offers.documents.errors.${problem ?? 'failed'}`)}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

type CaseStepState = 'done' | 'current' | 'upcoming';

/**
 * The secured loan's own steps (ADR 0027), beside the shared status timeline: the home valued (by the
 * register, or by the valuation report once received), the case documents received, the banks assessing.
 */
export function securedCaseSteps(property: SecuredProperty): {
  key: 'stepValued' | 'stepDocuments' | 'stepBank';
  state: CaseStepState;
}[] {
  const valuationReceived = property.DocumentRequirements.some(
    (need) => need.Category === 'property-value' && need.Received,
  );
  const valued = property.LookupStatus === 'success' || valuationReceived;
  const documents = property.DocumentRequirements.every((need) => need.Received);
  const state = (done: boolean, reachable: boolean): CaseStepState =>
    done ? 'done' : reachable ? 'current' : 'upcoming';
  return [
    { key: 'stepValued', state: state(valued, true) },
    { key: 'stepDocuments', state: state(documents, valued) },
    { key: 'stepBank', state: valued && documents ? 'current' : 'upcoming' },
  ];
}

export function SecuredCasePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const titleId = useId();
  const securedCase = useSecuredCase(applicationId, true);
  const property = securedCase.data;
  if (!property) return null;
  const allReceived = property.DocumentRequirements.every((need) => need.Received);
  const received = property.DocumentRequirements.filter((need) => need.Received).length;
  const steps = securedCaseSteps(property);
  return (
    <section className="secured-case" aria-labelledby={titleId} data-testid="secured-case">
      <h3 id={titleId}>{t('offers.secured.title')}</h3>
      <dl className="secured-case__facts">
        <div>
          <dt>{t('offers.secured.address')}</dt>
          <dd>
            {property.Street} {property.StreetNumber}, {property.Postcode} {property.Municipality}
          </dd>
        </div>
        <div>
          <dt>{t('offers.secured.valueUsed')}</dt>
          <dd>{format.currency(property.ValueUsed)}</dd>
        </div>
        <div>
          <dt>{t('offers.secured.loanToValue')}</dt>
          <dd data-testid="secured-case-ltv">
            {property.LoanToValue === null ? '–' : `${format.number(property.LoanToValue)} %`}
          </dd>
        </div>
      </dl>
      <p className="muted">{t(`offers.secured.lookup_${property.LookupStatus}`)}</p>
      <h4>{t('offers.secured.stepsTitle')}</h4>
      <ol className="secured-case__steps" data-testid="secured-case-steps">
        {steps.map((step) => (
          <li
            key={step.key}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="secured-case__step-mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            {t(`offers.secured.${step.key}`, { received, total: property.DocumentRequirements.length })}
            <span className="visually-hidden"> ({t(`offers.secured.${step.state}`)})</span>
          </li>
        ))}
      </ol>
      <h4>{t('offers.secured.needsTitle')}</h4>
      <ul className="secured-case__needs">
        {property.DocumentRequirements.map((need) => (
          <NeedRow key={`${need.Category}-${need.Owner}`} applicationId={applicationId} need={need} />
        ))}
      </ul>
      <p role="status" aria-live="polite" data-testid="secured-case-status">
        {allReceived ? t('offers.secured.allReceived') : ''}
      </p>
    </section>
  );
}
