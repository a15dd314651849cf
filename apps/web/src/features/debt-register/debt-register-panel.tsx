import type { Locale } from '@nordloan/domain/enums';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { ApiError } from '#src/shared/api/http.ts';
import type { DebtRegisterPanelProps } from '#src/shared/debt-register/debt-register-slot.tsx';
import {
  correctRegisterDebt,
  type FoundDebt,
  fetchDebtRegister,
  type Inquiry,
  type RegisterDebtPayoff,
  readDebtPayoffs,
  readDebtRegister,
} from './debt-register-api.ts';
import './debt-register.css';
import { messages as daDK } from './messages/da-DK.ts';
import { messages as fiFI } from './messages/fi-FI.ts';
import { messages as nbNO } from './messages/nb-NO.ts';
import { messages as svSE } from './messages/sv-SE.ts';
import { RegisterDebtRefinance } from './register-debt-refinance.tsx';

// Debts from the national debt register (issue 35 item 3, ADR 0079), loaded only when the applicant asks
// for it (shared/debt-register/debt-register-slot.tsx): the consent text, then the inquiry with its
// progress, what was found (written into the application by the API), and a correction per debt. Every
// fault says why in plain words and the form goes on: the applicant lists their debts themselves.

const messagesByLocale: Record<Locale, Record<string, unknown>> = {
  'nb-NO': nbNO,
  'sv-SE': svSE,
  'fi-FI': fiFI,
  'da-DK': daDK,
};
const failureKeys: Record<string, string> = {
  REGISTER_UNAVAILABLE: 'debtRegister.failure.unavailable',
  REGISTER_TIMEOUT: 'debtRegister.failure.timeout',
  REGISTER_INVALID_ANSWER: 'debtRegister.failure.invalid',
};
const toAmount = (value: string) => {
  const digits = value.replace(/\s/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
};

function errorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return 'debtRegister.failure.notInCountry';
  if (error instanceof ApiError && error.status === 503) return 'debtRegister.failure.off';
  if (error instanceof ApiError && error.status === 403) return 'debtRegister.failure.onlyApplicant';
  return 'debtRegister.failure.unavailable';
}

export default function DebtRegisterPanel({ applicationId, onCorrected }: DebtRegisterPanelProps) {
  const { t, i18n } = useTranslation();
  const { brand } = useBrand();
  useState(() => {
    const own = messagesByLocale[i18n.language as Locale];
    if (own) i18n.addResourceBundle(i18n.language, 'translation', { debtRegister: own }, true, false);
  });
  const [inquiry, setInquiry] = useState<Inquiry | null>(null);
  const [consented, setConsented] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // The stored refinancing choices (ADR 0080), by debt ID; null until read, so a tick is not shown late.
  const [payoffs, setPayoffs] = useState<Map<string, RegisterDebtPayoff> | null>(null);
  const money = (value: number) =>
    new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: brand.currency,
      maximumFractionDigits: 0,
    }).format(value);
  const register = brand.country === 'FI' ? 'fi' : 'no';

  useEffect(() => {
    readDebtRegister(applicationId)
      .then((view) => setInquiry(view.Inquiries[0] ?? null))
      .catch(() => undefined);
    readDebtPayoffs(applicationId)
      .then((debts) => setPayoffs(new Map(debts.map((debt) => [debt.ID, debt]))))
      .catch(() => setPayoffs(new Map()));
  }, [applicationId]);

  async function fetchDebts() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await fetchDebtRegister(applicationId);
      setInquiry(answer);
      if (answer.State === 'failed')
        setProblem(failureKeys[answer.Failure ?? ''] ?? 'debtRegister.failure.unavailable');
    } catch (error) {
      setProblem(errorKey(error));
    }
    setBusy(false);
  }

  const fetched = inquiry?.State === 'fetched' || (inquiry?.Found.length ?? 0) > 0 ? inquiry : null;
  return (
    <section className="debt-register" data-testid="debt-register-panel" aria-busy={busy}>
      <h4>{t(`debtRegister.title.${register}`)}</h4>
      <div aria-live="polite">
        {busy && (
          <p className="debt-register__progress" role="status" data-testid="debt-register-progress">
            {t(`debtRegister.progress.${register}`)}
          </p>
        )}
        {problem && (
          <p className="debt-register__problem" role="status" data-testid="debt-register-problem">
            {t(problem)} {t('debtRegister.fillYourself')}
          </p>
        )}
      </div>
      {fetched && (
        <div data-testid="debt-register-found">
          <p>
            {fetched.Found.length === 0
              ? t('debtRegister.noneFound')
              : t('debtRegister.found', { count: fetched.Found.length })}
          </p>
          <ul className="debt-register__list">
            {fetched.Found.map((debt, index) => (
              <FoundDebtItem
                key={debt.DebtID ?? index}
                debt={debt}
                money={money}
                editing={editing === debt.DebtID}
                onEdit={() => setEditing(debt.DebtID)}
                onCancel={() => setEditing(null)}
                refinance={
                  debt.DebtID && !debt.CorrectedByApplicant && payoffs ? (
                    <RegisterDebtRefinance
                      applicationId={applicationId}
                      debtId={debt.DebtID}
                      country={brand.country}
                      stored={payoffs.get(debt.DebtID)}
                    />
                  ) : null
                }
                onSave={async (figures) => {
                  if (!debt.DebtID) return;
                  try {
                    setInquiry(await correctRegisterDebt(applicationId, debt.DebtID, figures));
                    onCorrected({
                      id: debt.DebtID,
                      debtType: debt.DebtType,
                      creditor: debt.Creditor,
                      balance: String(figures.Balance),
                      monthlyPayment: figures.MonthlyPayment === null ? '' : String(figures.MonthlyPayment),
                    });
                    setEditing(null);
                  } catch {
                    setProblem('debtRegister.failure.correction');
                  }
                }}
              />
            ))}
          </ul>
          <p className="muted">
            {t('debtRegister.consentGiven', {
              date: new Date(fetched.Consent.GivenAt).toLocaleDateString(i18n.language),
            })}
          </p>
        </div>
      )}
      {!fetched && (
        <>
          <p className="muted">{t(`debtRegister.consentText.${register}`)}</p>
          <label className="debt-register__consent">
            <input
              type="checkbox"
              checked={consented}
              data-testid="debt-register-consent"
              onChange={(event) => setConsented(event.currentTarget.checked)}
            />{' '}
            {t(`debtRegister.consentBox.${register}`)}
          </label>
          <button
            type="button"
            className="button"
            disabled={busy || !consented}
            data-testid="debt-register-fetch"
            onClick={fetchDebts}
          >
            {problem ? t('debtRegister.tryAgain') : t('debtRegister.fetch')}
          </button>
        </>
      )}
    </section>
  );
}

function FoundDebtItem(props: {
  debt: FoundDebt;
  money(value: number): string;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  /** A corrected debt is a row of the form and is refinanced there; the others are ticked here. */
  refinance: ReactNode;
  onSave(figures: {
    Balance: number;
    MonthlyPayment: number | null;
    CreditLimit: number | null;
  }): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { debt, money } = props;
  const [balance, setBalance] = useState(String(debt.Balance));
  const [limit, setLimit] = useState(debt.CreditLimit === null ? '' : String(debt.CreditLimit));
  const [monthly, setMonthly] = useState(debt.MonthlyPayment === null ? '' : String(debt.MonthlyPayment));
  const [invalid, setInvalid] = useState(false);
  const isLine = debt.CreditLimit !== null;
  return (
    <li className="debt-register__debt" data-testid="debt-register-debt">
      <strong>{debt.Creditor}</strong> ·{' '}
      {t(`apply.enums.debtType.${debt.DebtType}`, { defaultValue: debt.DebtType })}
      <br />
      {isLine
        ? t('debtRegister.line', { balance: money(debt.Balance), limit: money(debt.CreditLimit ?? 0) })
        : t('debtRegister.loan', { balance: money(debt.Balance) })}
      {debt.MonthlyPayment !== null && (
        <> · {t('debtRegister.perMonth', { amount: money(debt.MonthlyPayment) })}</>
      )}
      {debt.InterestRate !== null && (
        <>
          {' '}
          ·{' '}
          {t('debtRegister.rate', {
            rate: (debt.InterestRate * 100).toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
          })}
        </>
      )}
      {isLine && debt.CountedBalance > debt.Balance && (
        <p className="debt-register__note" data-testid="debt-register-counted">
          {t('debtRegister.countedAtLimit', { amount: money(debt.CountedBalance) })}
        </p>
      )}
      {debt.CorrectedByApplicant && <p className="debt-register__note">{t('debtRegister.corrected')}</p>}
      {!props.editing && props.refinance}
      {!props.editing && debt.DebtID && !debt.CorrectedByApplicant && (
        <button type="button" className="button button--secondary" onClick={props.onEdit}>
          {t('debtRegister.correct')}
        </button>
      )}
      {props.editing && (
        <fieldset className="debt-register__edit">
          <legend>{t('debtRegister.correctLegend', { creditor: debt.Creditor })}</legend>
          <AmountInput label={t('debtRegister.balance')} value={balance} onChange={setBalance} />
          {isLine && <AmountInput label={t('debtRegister.limit')} value={limit} onChange={setLimit} />}
          <AmountInput label={t('debtRegister.monthly')} value={monthly} onChange={setMonthly} />
          {invalid && <p className="debt-register__problem">{t('debtRegister.invalidAmount')}</p>}
          <div className="debt-register__actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                const figures = {
                  Balance: toAmount(balance),
                  CreditLimit: isLine ? toAmount(limit) : null,
                  MonthlyPayment: monthly.trim() === '' ? null : toAmount(monthly),
                };
                const bad =
                  figures.Balance === null ||
                  (isLine && figures.CreditLimit === null) ||
                  (monthly.trim() !== '' && figures.MonthlyPayment === null);
                setInvalid(bad);
                if (!bad) void props.onSave({ ...figures, Balance: figures.Balance as number });
              }}
            >
              {t('debtRegister.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={props.onCancel}>
              {t('debtRegister.cancel')}
            </button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

function AmountInput(props: { label: string; value: string; onChange(value: string): void }) {
  const [id] = useState(() => `debt-register-${Math.random().toString(36).slice(2)}`);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="text-input"
        inputMode="numeric"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </div>
  );
}
