import type { ApprovalOddsLender, ApprovalOddsResult } from '@nordloan/domain/lending/approval-odds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '#src/brands/brand-context.tsx';
import { CreditWarning } from '#src/shared/compliance/credit-warning.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';
import { fetchApprovalOdds } from './approval-odds-api.ts';
import { handOverToApply, type OddsFigures } from './odds-draft.ts';
import './approval-odds.css';

// Approval odds before applying (issue 35 item 1, docs/decisions/0074): the applicant types amount, term,
// income, housing cost and debts, and sees each lender's likely / possible / unlikely / no estimate with the
// rate range and the reasons in plain words — from a soft check that leaves no credit inquiry. One press
// then opens the application with everything typed (odds-draft.ts).

const fields = [
  'Amount',
  'Duration',
  'GrossYearlyIncome',
  'NetMonthlyIncome',
  'HousingCostMonthly',
  'DebtBalance',
  'DebtMonthlyPayments',
] as const;
type Field = (typeof fields)[number];

/** The employment choices offered here (one per meaning; the apply form offers the full list). */
const employmentChoices = [
  'Permanent',
  'PermanentPublic',
  'Temporary',
  'Probationary',
  'Entrepreneur',
  'Pensioner',
  'Student',
] as const;

const start: Record<Field, string> = {
  Amount: '',
  Duration: '5',
  GrossYearlyIncome: '',
  NetMonthlyIncome: '',
  HousingCostMonthly: '',
  DebtBalance: '0',
  DebtMonthlyPayments: '0',
};

function parse(values: Record<Field, string>): OddsFigures | null {
  const out: Partial<OddsFigures> = {};
  for (const field of fields) {
    const text = values[field].replace(/[\s\u00a0]/g, '');
    if (!/^\d+$/.test(text)) return null;
    out[field] = Number(text);
  }
  return (out.Amount ?? 0) > 0 && (out.Duration ?? 0) > 0 ? (out as OddsFigures) : null;
}

function LenderRow({ lender }: { lender: ApprovalOddsLender }) {
  const { t } = useTranslation();
  return (
    <li className={`approval-odds__lender approval-odds__lender--${lender.Likelihood}`}>
      <div className="approval-odds__lender-head">
        <strong>{lender.LenderName}</strong>
        <span className="approval-odds__badge">{t(`approvalOdds.likelihood.${lender.Likelihood}`)}</span>
      </div>
      {lender.RateFrom !== null && lender.RateTo !== null && (
        <p className="approval-odds__rate">
          {t('approvalOdds.rate', {
            from: lender.RateFrom.toFixed(2).replace('.', ','),
            to: lender.RateTo.toFixed(2).replace('.', ','),
          })}
        </p>
      )}
      {lender.Likelihood === 'no-estimate' && <p>{t('approvalOdds.noEstimate')}</p>}
      {lender.Reasons.length > 0 && (
        <ul className="approval-odds__reasons">
          {lender.Reasons.map((reason) => (
            <li key={reason}>{t(`approvalOdds.reason.${reason}`)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function ApprovalOddsPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const navigate = useNavigate();
  useDocumentTitle(t('approvalOdds.title'), brand.name);
  const [values, setValues] = useState(start);
  const [employment, setEmployment] = useState('');
  const employmentLabels = t('apply.enums.employmentType', { returnObjects: true }) as Record<string, string>;
  const [result, setResult] = useState<ApprovalOddsResult | null>(null);
  const [asked, setAsked] = useState<OddsFigures | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const applyPath = brand.paths.applyUnsecured;
  const preCheckPath = brand.paths.preCheck;

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const figures = parse(values);
    if (!figures) return setProblem(t('approvalOdds.invalid'));
    setProblem(null);
    setBusy(true);
    try {
      const asking = { ...figures, EmploymentType: employment || null };
      setResult(await fetchApprovalOdds(brand.brand, asking));
      setAsked(asking);
    } catch {
      setProblem(t('approvalOdds.failed'));
    } finally {
      setBusy(false);
    }
  }

  function apply() {
    if (!asked || !applyPath) return;
    handOverToApply({ brand: brand.brand, path: applyPath }, asked);
    navigate(applyPath);
  }

  return (
    <main className="approval-odds">
      <h1>{t('approvalOdds.title')}</h1>
      <p>{t('approvalOdds.lead')}</p>
      <p className="approval-odds__soft" data-testid="odds-no-inquiry">
        {t('approvalOdds.noInquiry')}
      </p>
      <CreditWarning />
      <form className="approval-odds__form" onSubmit={submit} noValidate>
        {fields.map((field) => (
          <label key={field} className="approval-odds__field">
            <span>{t(`approvalOdds.field.${field}`, { currency: brand.currency })}</span>
            <input
              name={field}
              inputMode="numeric"
              autoComplete="off"
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
            />
          </label>
        ))}
        <label className="approval-odds__field">
          <span>{t('approvalOdds.field.EmploymentType')}</span>
          <select
            name="EmploymentType"
            value={employment}
            onChange={(event) => setEmployment(event.currentTarget.value)}
          >
            <option value="">{t('approvalOdds.employmentNotSaid')}</option>
            {employmentChoices.map((choice) => (
              <option key={choice} value={choice}>
                {employmentLabels[choice] ?? choice}
              </option>
            ))}
          </select>
        </label>
        {problem && (
          <p role="alert" className="approval-odds__problem">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('approvalOdds.checking') : t('approvalOdds.submit')}
        </button>
      </form>
      {result && (
        <section aria-live="polite" className="approval-odds__result">
          <h2>{t('approvalOdds.resultTitle')}</h2>
          <ul className="approval-odds__lenders" data-testid="odds-lenders">
            {result.Lenders.map((lender) => (
              <LenderRow key={lender.LenderName} lender={lender} />
            ))}
          </ul>
          <p className="approval-odds__soft">{t('approvalOdds.indicative')}</p>
          {applyPath && (
            <button type="button" className="approval-odds__apply" onClick={apply}>
              {t('approvalOdds.apply')}
            </button>
          )}
        </section>
      )}
      {preCheckPath && (
        <p>
          <a href={preCheckPath}>{t('approvalOdds.norwayRules')}</a>
        </p>
      )}
    </main>
  );
}
