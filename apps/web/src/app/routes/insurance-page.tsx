import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { BrandPage } from '#src/brands/brand-pages.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { StepList } from '#src/shared/ui/step-list.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Insurance page skeleton: coverage choice and the journey's steps (coverage → about you → payment).

const coverages = ['unemployment', 'sickness', 'death'] as const;
const stepIds = ['coverage', 'applicant', 'payment'] as const;

export function InsurancePage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const [coverage, setCoverage] = useState<(typeof coverages)[number]>('unemployment');
  const title = t(`purposes.${page.purpose}`);
  useDocumentTitle(title, brand.name);
  const example = brand.myPage.offers.insuranceExample;

  return (
    <article aria-labelledby="insurance-title" data-page-kind="insurance">
      <h1 id="insurance-title">{title}</h1>
      <p className="lead">{t('insurance.lead')}</p>
      <StepList
        label={t('apply.stepsLabel')}
        steps={stepIds.map((id) => ({ id, title: t(`insurance.steps.${id}`) }))}
        currentIndex={0}
      />
      <div className="layout-two">
        <section className="panel" aria-labelledby="coverage-title">
          <h2 id="coverage-title">{t('insurance.steps.coverage')}</h2>
          <fieldset className="choice-group">
            <legend>{t('insurance.coverageLabel')}</legend>
            {coverages.map((option) => (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name="coverage"
                  value={option}
                  checked={coverage === option}
                  onChange={() => {
                    setCoverage(option);
                    trackFlowEvent('select-coverage', { coverage: option });
                  }}
                />
                {t(`insurance.coverage.${option}`)}
              </label>
            ))}
          </fieldset>
        </section>
        <aside className="panel" aria-label={t('products.Insurance')}>
          <h2>{t('products.Insurance')}</h2>
          {example && (
            <p data-testid="insurance-example">
              {t('insurance.example', {
                monthly: format.currency(example.monthlyCost),
                total: format.currency(example.totalCost),
              })}
            </p>
          )}
          <p className="muted">{t('common.freeOfCharge')}</p>
          <button type="button" className="button" disabled>
            {t('common.continue')}
          </button>
        </aside>
      </div>
    </article>
  );
}
