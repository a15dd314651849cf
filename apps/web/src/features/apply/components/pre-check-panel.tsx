import { employmentTypes } from '@nordloan/domain/enums';
import type { PreCheckInput, PreCheckResult } from '@nordloan/domain/pre-check';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { usePreCheck } from '#src/features/apply/api/pre-check.ts';
import { parseWholeNumber, readWholeNumber } from '#src/features/apply/model/form-fields.ts';
import { useEnumOptions } from './fields.tsx';

// The one-form pre-check and the discovery pre-qualification (ADR 0028), on the loan step: a few answers,
// an indicative answer in seconds (likely / unlikely and why, and the lenders' indicative offers), no
// identity and no credit check. What is answered here is carried into the application (employment and
// income), so nothing is typed twice.

export interface PreCheckAnswers {
  age: string;
  employmentType: string;
  grossYearlyIncome: string;
  netMonthlyIncome: string;
  debtBalance: string;
  debtMonthlyPayments: string;
  hasPaymentRemarks: boolean;
}

export const emptyPreCheckAnswers: PreCheckAnswers = {
  age: '',
  employmentType: '',
  grossYearlyIncome: '',
  netMonthlyIncome: '',
  debtBalance: '0',
  debtMonthlyPayments: '0',
  hasPaymentRemarks: false,
};

const whole = parseWholeNumber;
/** Why a number field is not filled in right, in the words of `apply.errors`. */
const numberError = (value: string) => {
  if (value.trim() === '') return 'required';
  const read = readWholeNumber(value);
  return 'problem' in read ? read.problem : 'digitsOnly';
};

type Field = Exclude<keyof PreCheckAnswers, 'hasPaymentRemarks'>;

/** The answers as the API takes them, or the fields that are not filled in right. */
export function preCheckBody(
  answers: PreCheckAnswers,
  loan: {
    brand: PreCheckInput['Brand'];
    product: PreCheckInput['Product'];
    amount: number;
    duration: number;
  },
): { body: PreCheckInput; errors: [] } | { body: null; errors: Field[] } {
  const numbers = {
    age: whole(answers.age),
    grossYearlyIncome: whole(answers.grossYearlyIncome),
    netMonthlyIncome: whole(answers.netMonthlyIncome),
    debtBalance: whole(answers.debtBalance),
    debtMonthlyPayments: whole(answers.debtMonthlyPayments),
  };
  const errors: Field[] = (Object.keys(numbers) as (keyof typeof numbers)[]).filter(
    (key) => numbers[key] === null || (key === 'age' && (numbers.age! < 18 || numbers.age! > 100)),
  );
  if (!answers.employmentType) errors.push('employmentType');
  if (errors.length > 0) return { body: null, errors };
  return {
    body: {
      Brand: loan.brand,
      Product: loan.product,
      Amount: loan.amount,
      Duration: loan.duration,
      Age: numbers.age!,
      EmploymentType: answers.employmentType as PreCheckInput['EmploymentType'],
      GrossYearlyIncome: numbers.grossYearlyIncome!,
      NetMonthlyIncome: numbers.netMonthlyIncome!,
      DebtBalance: numbers.debtBalance!,
      DebtMonthlyPayments: numbers.debtMonthlyPayments!,
      HasPaymentRemarks: answers.hasPaymentRemarks,
      CoApplicantGrossYearlyIncome: null,
    },
    errors: [],
  };
}

/**
 * Norway: the figures of utlånsforskriften's two tests on the loan asked for (ADR 0036), so the applicant
 * sees why, not only whether — the debt ceiling and the payments at the stressed rate.
 */
export function LendingRulesFigures({ rules }: { rules: NonNullable<PreCheckResult['LendingRules']> }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const verdict = (ok: boolean) => (
    <span className={`apply-pre-check__verdict ${ok ? 'apply-pre-check__verdict--ok' : 'error-text'}`}>
      {ok ? t('apply.preCheck.lendingRules.pass') : t('apply.preCheck.lendingRules.fail')}
    </span>
  );
  return (
    <div className="apply-pre-check__rules" data-testid="lending-rules">
      <h3>{t('apply.preCheck.lendingRules.title')}</h3>
      <p className="muted">{t('apply.preCheck.lendingRules.lead')}</p>
      <dl>
        <dt>{t('apply.preCheck.lendingRules.debtCeiling')}</dt>
        <dd data-testid="lending-rules-ceiling">{format.currency(rules.DebtCeiling)}</dd>
        <dt>{t('apply.preCheck.lendingRules.totalDebt')}</dt>
        <dd>
          {format.currency(rules.TotalDebtAfterLoan)} {verdict(rules.DebtWithinCeiling)}
        </dd>
        <dt>{t('apply.preCheck.lendingRules.stressedRate')}</dt>
        <dd>{format.number(rules.StressedRate)} %</dd>
        <dt>{t('apply.preCheck.lendingRules.stressedMonthlyCost')}</dt>
        <dd data-testid="lending-rules-stressed">{format.currency(rules.StressedMonthlyCost)}</dd>
        <dt>{t('apply.preCheck.lendingRules.livingCost')}</dt>
        <dd>{format.currency(rules.LivingCostMonthly)}</dd>
        <dt>{t('apply.preCheck.lendingRules.surplus')}</dt>
        <dd>
          {format.currency(rules.MonthlySurplusAfterStress)} {verdict(rules.Affordable)}
        </dd>
        <dt>{t('apply.preCheck.lendingRules.maxAmount')}</dt>
        <dd data-testid="lending-rules-max">{format.currency(rules.MaxAmountWithinRules)}</dd>
      </dl>
      <p className="muted">{t('apply.preCheck.lendingRules.source')}</p>
    </div>
  );
}

export function PreCheckPanel({
  answers,
  onChange,
  loan,
  showOffers,
}: {
  answers: PreCheckAnswers;
  onChange: (answers: PreCheckAnswers) => void;
  loan: { product: PreCheckInput['Product']; amount: number; duration: number };
  /** Discovery: the indicative offers are the point; one-form: the likely/unlikely answer is. */
  showOffers: boolean;
}) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const check = usePreCheck();
  const [errors, setErrors] = useState<Field[]>([]);
  const [result, setResult] = useState<PreCheckResult | null>(null);
  const employmentOptions = useEnumOptions('employmentType', employmentTypes);
  const ids = { title: useId(), base: useId() };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const prepared = preCheckBody(answers, { brand: brand.brand, ...loan });
    setErrors(prepared.errors);
    if (!prepared.body) return;
    try {
      setResult(await check.mutateAsync(prepared.body));
    } catch {
      setResult(null);
    }
  };
  const set = (field: keyof PreCheckAnswers, value: string | boolean) =>
    onChange({ ...answers, [field]: value });
  const numberField = (field: Field, label: string, hint?: string) => {
    const id = `${ids.base}-${field}`;
    const invalid = errors.includes(field);
    return (
      <div className="field apply-field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="apply-hint">
            {hint}
          </p>
        )}
        <input
          id={id}
          className="text-input"
          inputMode="numeric"
          value={answers[field]}
          aria-invalid={invalid || undefined}
          aria-describedby={
            [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].join(' ').trim() || undefined
          }
          data-testid={`pre-check-${field}`}
          onChange={(event) => set(field, event.target.value)}
        />
        {invalid && (
          <p id={`${id}-error`} className="error-text" role="alert">
            {field === 'age'
              ? t('apply.preCheck.ageError')
              : t(`apply.errors.${numberError(answers[field])}`)}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="panel apply-pre-check" aria-labelledby={ids.title} data-testid="pre-check">
      <h2 id={ids.title}>{t('apply.preCheck.title')}</h2>
      <p className="muted">{t('apply.preCheck.lead')}</p>
      <div className="apply-pre-check__fields">
        {numberField('age', t('apply.preCheck.age'))}
        <div className="field apply-field">
          <label className="field__label" htmlFor={`${ids.base}-employment`}>
            {t('apply.form.employmentType')}
          </label>
          <select
            id={`${ids.base}-employment`}
            className="text-input"
            value={answers.employmentType}
            aria-invalid={errors.includes('employmentType') || undefined}
            aria-describedby={errors.includes('employmentType') ? `${ids.base}-employment-error` : undefined}
            data-testid="pre-check-employmentType"
            onChange={(event) => set('employmentType', event.target.value)}
          >
            <option value="">{t('apply.form.choose')}</option>
            {employmentOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.includes('employmentType') && (
            <p id={`${ids.base}-employment-error`} className="error-text" role="alert">
              {t('apply.errors.required')}
            </p>
          )}
        </div>
        {numberField(
          'grossYearlyIncome',
          t('apply.form.grossYearlyIncome'),
          t('apply.form.perYearBeforeTax'),
        )}
        {numberField('netMonthlyIncome', t('apply.form.netMonthlyIncome'), t('apply.form.perMonthAfterTax'))}
        {numberField('debtBalance', t('apply.preCheck.debtBalance'), t('apply.preCheck.debtHint'))}
        {numberField(
          'debtMonthlyPayments',
          t('apply.preCheck.debtMonthlyPayments'),
          t('apply.form.perMonth'),
        )}
        <label className="choice">
          <input
            type="checkbox"
            checked={answers.hasPaymentRemarks}
            data-testid="pre-check-hasPaymentRemarks"
            onChange={(event) => set('hasPaymentRemarks', event.target.checked)}
          />
          {t('apply.preCheck.hasPaymentRemarks')}
        </label>
      </div>
      <button
        type="button"
        className="button button--secondary"
        onClick={run}
        disabled={check.isPending}
        data-testid="pre-check-run"
      >
        {check.isPending ? t('apply.preCheck.checking') : t('apply.preCheck.run')}
      </button>
      <div
        role="status"
        aria-live="polite"
        data-testid="pre-check-result"
        data-outcome={result?.Outcome ?? ''}
      >
        {check.isError && <p className="error-text">{t('apply.errors.saveFailed')}</p>}
        {result && (
          <>
            <p className={result.Outcome === 'likely' ? 'notice' : 'error-text'}>
              <strong>{t(`apply.preCheck.outcome.${result.Outcome}`)}</strong>
            </p>
            {result.Reasons.length > 0 && (
              <ul>
                {result.Reasons.map((reason) => (
                  <li key={reason}>{t(`apply.preCheck.reasons.${reason}`)}</li>
                ))}
              </ul>
            )}
            {result.LendingRules && <LendingRulesFigures rules={result.LendingRules} />}
            {showOffers && result.IndicativeOffers.length > 0 && (
              <table className="apply-pre-check__offers" data-testid="indicative-offers">
                <caption>{t('apply.preCheck.offersTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('apply.preCheck.lender')}</th>
                    <th scope="col">{t('apply.example.monthly')}</th>
                    <th scope="col">{t('apply.example.effectiveRate')}</th>
                    <th scope="col">{t('apply.example.totalCost')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.IndicativeOffers.map((offer) => (
                    <tr key={offer.LenderName}>
                      <th scope="row">{offer.LenderName}</th>
                      <td>{format.currency(offer.MonthlyPayment)}</td>
                      <td>{format.number(offer.EffectiveRate)} %</td>
                      <td>{format.currency(offer.TotalCost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="muted">{t('apply.preCheck.indicative')}</p>
          </>
        )}
      </div>
    </section>
  );
}
