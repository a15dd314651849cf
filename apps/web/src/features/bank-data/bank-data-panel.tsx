import type { Locale } from '@nordloan/domain/enums';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankDataPanelProps } from '#src/shared/bank-data/bank-data-slot.tsx';
import {
  type BankData,
  connectBank,
  correctBankFigures,
  readBankData,
  removeBankData,
} from './bank-data-api.ts';
import './bank-data.css';
import {
  type BankLoanChoice,
  type BankLoanProblems,
  BankLoans,
  checkLoanChoices,
  initialLoanChoices,
} from './bank-loans.tsx';
import { messages as daDK } from './messages/da-DK.ts';
import { messages as fiFI } from './messages/fi-FI.ts';
import { messages as nbNO } from './messages/nb-NO.ts';
import { messages as svSE } from './messages/sv-SE.ts';

// The feature's texts come with its chunk, not with the apply page's language chunk (which holds only the
// button's, messages/entry): added to the app's instance before the panel's first render.
const messagesByLocale: Record<Locale, Record<string, unknown>> = {
  'nb-NO': nbNO,
  'sv-SE': svSE,
  'fi-FI': fiFI,
  'da-DK': daDK,
};

// Verified income from the bank account (issue 35 item 2, ADR 0076), loaded only when the applicant asks
// for it (shared/bank-data/bank-data-slot.tsx). Connect → the bank's consent page → back here: what was
// found, to correct and put into the form. Any fault says why and leaves the form as it was: the applicant
// types the figures themselves, nothing is blocked.

const failureKeys: Record<string, string> = {
  CONSENT_CANCELLED: 'bankData.failure.cancelled',
  BANK_UNAVAILABLE: 'bankData.failure.unavailable',
  EXPIRED: 'bankData.failure.expired',
};
const reasonKeys: Record<string, string> = {
  NO_SALARY: 'bankData.reason.noSalary',
  OTHER_CURRENCY: 'bankData.reason.otherCurrency',
  IRREGULAR_INCOME: 'bankData.reason.irregular',
  SHORT_HISTORY: 'bankData.reason.shortHistory',
};
const toNumber = (value: string) =>
  value.trim() === '' ? null : Math.max(0, Math.round(Number(value.replace(/\s/g, ''))));

export default function BankDataPanel({ applicationId, outcome, returnPath, onApply }: BankDataPanelProps) {
  const { t, i18n } = useTranslation();
  useState(() => {
    const own = messagesByLocale[i18n.language as Locale];
    if (own) i18n.addResourceBundle(i18n.language, 'translation', { bankData: own }, true, false);
  });
  const [data, setData] = useState<BankData | null>(null);
  const [problem, setProblem] = useState<string | null>(failureKeys[outcome ?? ''] ?? null);
  const [busy, setBusy] = useState(false);
  const [income, setIncome] = useState('');
  const [housing, setHousing] = useState('');
  const [applied, setApplied] = useState(false);
  const [loanChoices, setLoanChoices] = useState<BankLoanChoice[]>([]);
  const [loanProblems, setLoanProblems] = useState<BankLoanProblems[]>([]);
  // Loans already put into the form (by their place in the bank's list): a second press adds no row twice.
  const appliedLoans = useRef(new Set<number>());
  const money = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  useEffect(() => {
    readBankData(applicationId)
      .then((found) => {
        setData(found);
        if (found.State === 'failed' && found.Failure)
          setProblem(failureKeys[found.Failure] ?? 'bankData.failure.unavailable');
        setIncome(found.Figures?.NetMonthlyIncome?.toString() ?? '');
        setHousing(found.Figures?.HousingCostMonthly?.toString() ?? '');
        setLoanChoices(initialLoanChoices(found.Figures?.LoanPayments ?? []));
      })
      .catch(() => setProblem('bankData.failure.unavailable'));
  }, [applicationId]);

  async function connect() {
    setBusy(true);
    try {
      window.location.assign(await connectBank(applicationId, returnPath));
    } catch {
      setProblem('bankData.failure.unavailable');
      setBusy(false);
    }
  }

  async function apply() {
    const figures = data?.Figures;
    if (!figures) return;
    const checked = checkLoanChoices(figures.LoanPayments, loanChoices);
    if (!checked.ok) {
      // Nothing goes into the form until every loan kept is complete: the applicant finishes it here.
      setLoanProblems(checked.problems);
      setApplied(false);
      return;
    }
    setLoanProblems([]);
    setBusy(true);
    const keptIndexes = figures.LoanPayments.flatMap((_, index) =>
      loanChoices[index]?.include ? [index] : [],
    );
    const newLoans = checked.loans.filter(
      (_, position) => !appliedLoans.current.has(keptIndexes[position] ?? -1),
    );
    try {
      setData(
        await correctBankFigures(applicationId, {
          NetMonthlyIncome: toNumber(income),
          HousingCostMonthly: toNumber(housing),
          LoanPaymentsMonthly: checked.loans.reduce((sum, loan) => sum + loan.monthlyPayment, 0),
        }),
      );
    } catch {
      // The figures still go into the form; only the note of the correction was not saved.
    }
    onApply({ netMonthlyIncome: toNumber(income), housingCostMonthly: toNumber(housing), loans: newLoans });
    for (const index of keptIndexes) appliedLoans.current.add(index);
    setApplied(true);
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    await removeBankData(applicationId).catch(() => undefined);
    setData({
      State: 'none',
      Failure: null,
      Consent: null,
      Figures: null,
      Corrected: null,
      IncomeVerified: false,
    });
    setProblem(null);
    setBusy(false);
  }

  const figures = data?.State === 'connected' ? data.Figures : null;
  return (
    <section className="bank-data" data-testid="bank-data-panel" aria-live="polite">
      <h4>{t('bankData.title')}</h4>
      {problem && (
        <p className="bank-data__problem" role="status" data-testid="bank-data-problem">
          {t(problem)} {t('bankData.fillYourself')}
        </p>
      )}
      {!figures && (
        <>
          <p className="muted">{t('bankData.lead')}</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            data-testid="bank-data-connect"
            onClick={connect}
          >
            {problem ? t('bankData.tryAgain') : t('bankData.connect')}
          </button>
        </>
      )}
      {figures && (
        <div data-testid="bank-data-found">
          <p>{t('bankData.found', { months: figures.MonthsCovered })}</p>
          {figures.Reasons.map((reason) => (
            <p key={reason} className="bank-data__note" data-testid={`bank-data-reason-${reason}`}>
              {reasonKeys[reason] ? t(reasonKeys[reason]) : reason}
            </p>
          ))}
          <div className="field">
            <label className="field__label" htmlFor="bank-data-income">
              {t('bankData.income')}
            </label>
            <input
              id="bank-data-income"
              className="text-input"
              inputMode="numeric"
              value={income}
              data-testid="bank-data-income"
              onChange={(e) => setIncome(e.currentTarget.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="bank-data-housing">
              {t('bankData.housing')}
            </label>
            <input
              id="bank-data-housing"
              className="text-input"
              inputMode="numeric"
              value={housing}
              data-testid="bank-data-housing"
              onChange={(e) => setHousing(e.currentTarget.value)}
            />
          </div>
          <BankLoans
            loans={figures.LoanPayments}
            choices={loanChoices}
            problems={loanProblems}
            money={money}
            onChange={(index, choice) => {
              setLoanChoices((all) => all.map((old, at) => (at === index ? choice : old)));
              setLoanProblems((all) => all.map((old, at) => (at === index ? {} : old)));
            }}
          />
          {data?.Consent && (
            <p className="muted">
              {t('bankData.consent', {
                expires: new Date(data.Consent.ExpiresAt).toLocaleDateString(i18n.language),
              })}
            </p>
          )}
          <div className="bank-data__actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              data-testid="bank-data-apply"
              onClick={apply}
            >
              {t('bankData.apply')}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
              {t('bankData.remove')}
            </button>
          </div>
          {loanProblems.some((problem) => problem.debtType || problem.balance) && (
            <p className="error-text" role="alert" data-testid="bank-data-loans-incomplete">
              {t('bankData.loansIncomplete')}
            </p>
          )}
          {applied && <p role="status">{t('bankData.applied')}</p>}
        </div>
      )}
    </section>
  );
}
