import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { unsecuredLoanBounds } from '@nordloan/domain/brands/unsecured-bounds';
import { loanPurposes, type Product } from '@nordloan/domain/enums';
import { approvalOddsPathOf } from '@nordloan/domain/lending/approval-odds-path';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import type { ErrorKey } from '#src/features/apply/model/form-fields.ts';
import { liveExample, liveSecuredExample } from '#src/features/apply/model/live-example.ts';
import { type LoanStepValues, loanStepErrors } from '#src/features/apply/model/validation.ts';
import { AmountField } from './amount-field.tsx';
import { FieldErrorText, useEnumOptions } from './fields.tsx';
import { type PreCheckAnswers, PreCheckPanel } from './pre-check-panel.tsx';

export function defaultLoanValues(brand: BrandConfig, product: Product): LoanStepValues {
  const bounds = unsecuredLoanBounds(brand, product as Exclude<Product, never>);
  return {
    product,
    amount: bounds.amount.default,
    duration: bounds.duration?.default ?? null,
    loanPurpose: '',
  };
}

export function LoanStep({
  products,
  initial,
  busy,
  onSubmit,
  submitLabel,
  preCheck,
}: {
  products: Product[];
  initial: LoanStepValues;
  busy: boolean;
  onSubmit: (values: LoanStepValues) => void;
  submitLabel: string;
  /** One-form and discovery pages (ADR 0028): the pre-check's answers, kept by the journey. */
  preCheck?: { answers: PreCheckAnswers; onChange: (answers: PreCheckAnswers) => void } | undefined;
}) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const [values, setValues] = useState<LoanStepValues>(initial);
  const [submitted, setSubmitted] = useState(false);
  const purposeId = useId();
  const purposeOptions = useEnumOptions('loanPurpose', loanPurposes);
  const bounds = unsecuredLoanBounds(brand, values.product as Exclude<Product, never>);
  const errors = loanStepErrors(brand, values);
  const shownError = (field: keyof LoanStepValues): string | null => {
    const key: ErrorKey | undefined = errors[field];
    if (!key || (!submitted && field === 'loanPurpose')) return null;
    return t(`apply.errors.${key}`, {
      min: format.number(field === 'duration' ? (bounds.duration?.min ?? 0) : bounds.amount.min),
      max: format.number(field === 'duration' ? (bounds.duration?.max ?? 0) : bounds.amount.max),
      step: format.number(field === 'duration' ? (bounds.duration?.step ?? 1) : bounds.amount.step),
    });
  };
  const isCard = values.product === 'CreditCard';
  // The brand's example rates and fees are its unsecured-loan settings (§9), a secured loan's its own
  // secured settings (ADR 0027); a card gets its figures from the lenders' offers.
  const isSecured = values.product === 'SecuredLoan';
  const hasExample = values.product === 'UnsecuredLoan' || values.product === 'DiscoveryLoan';
  const example = useMemo(() => {
    if (values.duration === null) return null;
    if (isSecured) return liveSecuredExample(brand, values.amount, values.duration);
    return hasExample ? liveExample(brand, values.amount, values.duration) : null;
  }, [brand, hasExample, isSecured, values.amount, values.duration]);
  const years = (count: number) => t('apply.years', { count });

  const chooseProduct = (product: Product) =>
    setValues({ ...defaultLoanValues(brand, product), loanPurpose: values.loanPurpose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="apply-step-title" data-testid="step-loan">
      {/* On a phone the example box sits below the form: its one-sentence form goes first, so the warning
          and the representative example share the first screen (CCD2 art. 8(2)–(3), ADR 0064). Wider
          screens show the box beside the form instead. */}
      {!isCard && example?.kind === 'example' && (
        <p className="apply-example-line" data-testid="example-line">
          <strong>{t('apply.example.title')}:</strong> {example.example.text}
        </p>
      )}
      <div className="layout-two">
        <section className="panel" data-testid="amount-duration" aria-label={t('apply.stepTitles.loan')}>
          {products.length > 1 && (
            <fieldset className="choice-group" data-testid="product-choice">
              <legend>{t('apply.chooseProduct')}</legend>
              {products.map((product) => (
                <label key={product} className="choice">
                  <input
                    type="radio"
                    name="product"
                    value={product}
                    checked={values.product === product}
                    onChange={() => chooseProduct(product)}
                  />
                  {t(`products.${product}`)}
                </label>
              ))}
            </fieldset>
          )}
          <AmountField
            label={isCard ? t('apply.creditLimit') : t('apply.amount')}
            value={values.amount}
            min={bounds.amount.min}
            max={bounds.amount.max}
            step={bounds.amount.step}
            format={format.currency}
            unit={brand.currency}
            onChange={(amount) => setValues({ ...values, amount })}
            error={shownError('amount')}
            testId="amount-field"
          />
          {bounds.duration && values.duration !== null && (
            <AmountField
              label={t('apply.duration')}
              value={values.duration}
              min={bounds.duration.min}
              max={bounds.duration.max}
              step={bounds.duration.step}
              format={years}
              unit={t('apply.form.yearsUnit')}
              onChange={(duration) => setValues({ ...values, duration })}
              error={shownError('duration')}
              testId="duration-field"
            />
          )}
          {!isCard && (
            <div className="field apply-field">
              <label className="field__label" htmlFor={purposeId}>
                {t('apply.form.loanPurpose')}
              </label>
              <select
                id={purposeId}
                className="text-input"
                value={values.loanPurpose}
                aria-invalid={shownError('loanPurpose') ? true : undefined}
                aria-describedby={shownError('loanPurpose') ? `${purposeId}-error` : undefined}
                data-testid="field-loanPurpose"
                onChange={(event) => setValues({ ...values, loanPurpose: event.target.value })}
              >
                <option value="">{t('apply.form.choose')}</option>
                {purposeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <FieldErrorText id={`${purposeId}-error`} message={shownError('loanPurpose')} />
            </div>
          )}
        </section>
        <aside
          className="panel apply-example"
          aria-labelledby="apply-example-title"
          data-testid="live-example"
        >
          <h2 id="apply-example-title">{isCard ? t('apply.example.cardTitle') : t('apply.example.title')}</h2>
          {isCard ? (
            <>
              <p className="apply-example__big">{format.currency(values.amount)}</p>
              <p className="muted">{t('apply.example.cardNote')}</p>
            </>
          ) : example?.kind === 'example' ? (
            <>
              <dl className="apply-facts">
                <div>
                  <dt>{t('apply.example.monthly')}</dt>
                  <dd data-testid="example-monthly">{format.currency(example.example.monthlyPayment)}</dd>
                </div>
                <div>
                  <dt>{t('apply.example.effectiveRate')}</dt>
                  <dd data-testid="example-rate">{format.number(example.example.effectiveRate)} %</dd>
                </div>
                <div>
                  <dt>{t('apply.example.totalCost')}</dt>
                  <dd>{format.currency(example.example.totalCost)}</dd>
                </div>
                <div>
                  <dt>{t('apply.example.totalPayable')}</dt>
                  <dd>{format.currency(example.example.totalPayable)}</dd>
                </div>
              </dl>
              <p className="apply-example__text" data-testid="example-text" aria-live="polite">
                {example.example.text}
              </p>
              <p className="muted apply-example__note">
                {t('apply.example.note', { rate: format.number(example.nominalRate) })}
              </p>
            </>
          ) : (
            <p className="muted" data-testid="example-unavailable">
              {t('apply.example.unavailable')}
            </p>
          )}
          <p className="muted">{t('common.freeOfCharge')}</p>
        </aside>
      </div>
      {preCheck &&
        values.duration !== null &&
        (values.product === 'UnsecuredLoan' || values.product === 'DiscoveryLoan') && (
          <PreCheckPanel
            answers={preCheck.answers}
            onChange={preCheck.onChange}
            loan={{ product: values.product, amount: values.amount, duration: values.duration }}
            showOffers={values.product === 'DiscoveryLoan'}
          />
        )}
      {/* Approval odds first, with no credit inquiry (ADR 0074): the page of its own, lazily loaded. */}
      {values.product === 'UnsecuredLoan' && !preCheck && approvalOddsPathOf(brand) && (
        <p>
          <a href={approvalOddsPathOf(brand)!} data-testid="approval-odds-link">
            {t('approvalOddsLink.linkFromApply')}
          </a>
        </p>
      )}
      <div className="apply-actions">
        <button type="submit" className="button" disabled={busy} data-testid="step-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
