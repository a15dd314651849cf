import type { Product } from '@nordloan/domain/enums';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountBoundsFor, oneFormProducts } from '#src/app/routes/apply-bounds.ts';
import { useSessionSync } from '#src/app/use-session-sync.ts';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { BrandPage } from '#src/brands/brand-pages.ts';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { RangeField } from '#src/shared/ui/range-field.tsx';
import { StepList } from '#src/shared/ui/step-list.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// Apply page skeleton: the amount/duration area within the brand's §9 bounds and the journey's steps.
// The steps' forms are the applicant-journeys issue; this page already runs the §4 "applying" sync.

const stepIds = ['loan', 'applicant', 'economy', 'consent', 'summary'] as const;

function ProductChoice({
  products,
  value,
  onChange,
}: {
  products: Product[];
  value: Product;
  onChange(p: Product): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-group">
      <legend>{t('apply.chooseProduct')}</legend>
      {products.map((product) => (
        <label key={product} className="choice">
          <input
            type="radio"
            name="product"
            value={product}
            checked={value === product}
            onChange={() => onChange(product)}
          />
          {t(`products.${product}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function ApplyPage({ page }: { page: BrandPage }) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const choices = oneFormProducts(brand);
  const [chosenProduct, setChosenProduct] = useState<Product>(page.product ?? choices[0] ?? 'UnsecuredLoan');
  const product = page.product ?? chosenProduct;
  const bounds = amountBoundsFor(brand, product) ?? brand.unsecuredLoan.config;
  const [amount, setAmount] = useState(bounds.amount.default);
  const [duration, setDuration] = useState(bounds.duration?.default ?? 0);
  const title = t(`purposes.${page.purpose}`);
  useDocumentTitle(title, brand.name);

  // A product switch (one-form apply) starts from that product's defaults.
  const chooseProduct = (next: Product) => {
    const nextBounds = amountBoundsFor(brand, next) ?? brand.unsecuredLoan.config;
    setChosenProduct(next);
    setAmount(nextBounds.amount.default);
    setDuration(nextBounds.duration?.default ?? 0);
  };

  useEffect(() => {
    trackFlowEvent('view-step', { step: stepIds[0], stepIndex: 0, product });
  }, [product]);

  const sync = useSessionSync({ view: 'applying', product });
  const lead =
    page.purpose === 'preCheck'
      ? t('apply.preCheckLead')
      : page.purpose === 'oneFormApply'
        ? t('apply.oneFormLead')
        : t('apply.lead');
  const years = (value: number) => t('apply.years', { count: value });

  return (
    <article aria-labelledby="apply-title" data-page-kind="apply" data-product={product}>
      <h1 id="apply-title">{title}</h1>
      <p className="lead">{lead}</p>
      {sync.loan.data && (
        <p className="notice" role="status">
          {t('apply.continuing', { id: sync.loan.data.HumanReadableID ?? sync.loan.data.ID })}
        </p>
      )}
      <StepList
        label={`${t('apply.stepsLabel')}: ${t('apply.stepOf', { current: 1, total: stepIds.length })}`}
        steps={stepIds.map((id) => ({ id, title: t(`apply.steps.${id}`) }))}
        currentIndex={0}
      />
      <div className="layout-two">
        <section className="panel" aria-labelledby="loan-step-title" data-testid="amount-duration">
          <h2 id="loan-step-title">{t('apply.steps.loan')}</h2>
          {page.product === null && choices.length > 1 && (
            <ProductChoice products={choices} value={chosenProduct} onChange={chooseProduct} />
          )}
          <RangeField
            label={product === 'CreditCard' ? t('apply.creditLimit') : t('apply.amount')}
            value={amount}
            min={bounds.amount.min}
            max={bounds.amount.max}
            step={bounds.amount.step}
            format={format.currency}
            onChange={setAmount}
            testId="amount-field"
          />
          {bounds.duration && (
            <RangeField
              label={t('apply.duration')}
              value={duration}
              min={bounds.duration.min}
              max={bounds.duration.max}
              step={bounds.duration.step}
              format={years}
              onChange={setDuration}
              testId="duration-field"
            />
          )}
        </section>
        <aside className="panel" aria-label={t(`products.${product}`)}>
          <h2>{t(`products.${product}`)}</h2>
          <p>
            <strong>{format.currency(amount)}</strong>
            {bounds.duration && <> · {years(duration)}</>}
          </p>
          <p className="muted">{t('common.freeOfCharge')}</p>
          <button type="button" className="button" disabled aria-describedby="apply-steps-note">
            {t('common.continue')}
          </button>
          <p id="apply-steps-note" className="visually-hidden">
            {t('apply.stepOf', { current: 1, total: stepIds.length })}
          </p>
        </aside>
      </div>
    </article>
  );
}
