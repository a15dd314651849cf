import type { Country } from '@nordloan/domain/enums';
import { checkPayoffInstruction } from '@nordloan/domain/finance/payoff-account';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegisterDebtPayoff, saveDebtPayoff } from './debt-register-api.ts';

// "Pay off with the new loan" on a debt from the register (issue 35, ADR 0080). Register debts are not
// rows of the form (their figures are the register's), so the choice is saved here, on its own, through
// PATCH …/debt with only IsRefinanced and where to pay. The labels, hints and error texts are the typed
// rows' (apply.refinance.*, apply.errors.*, components/refinance-fields.tsx) and the check is the same
// country rule the API applies (@nordloan/domain/finance/payoff-account), so a wrong digit is caught here.

type Problem = 'payoffAccount' | 'payoffReference' | 'required' | 'saveFailed';

export function RegisterDebtRefinance(props: {
  applicationId: string;
  debtId: string;
  country: Country;
  stored: RegisterDebtPayoff | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [ticked, setTicked] = useState(props.stored?.IsRefinanced ?? false);
  const [account, setAccount] = useState(props.stored?.PayoffAccount ?? '');
  const [reference, setReference] = useState(props.stored?.PayoffReference ?? '');
  const [saved, setSaved] = useState(props.stored?.IsRefinanced ?? false);
  const [problem, setProblem] = useState<{ field: 'account' | 'reference' | 'save'; key: Problem } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  async function save(payoff: { IsRefinanced: boolean; PayoffAccount?: string; PayoffReference?: string }) {
    setBusy(true);
    try {
      await saveDebtPayoff(props.applicationId, { ID: props.debtId, ...payoff });
      setSaved(payoff.IsRefinanced);
      setProblem(null);
    } catch {
      setProblem({ field: 'save', key: 'saveFailed' });
    }
    setBusy(false);
  }

  function onSave() {
    const checked = checkPayoffInstruction(props.country, account, reference);
    if (!checked.ok) {
      const field = checked.problem.field === 'PayoffAccount' ? 'account' : 'reference';
      const empty = (field === 'account' ? account : reference).trim() === '';
      setProblem({
        field,
        key: empty ? 'required' : field === 'account' ? 'payoffAccount' : 'payoffReference',
      });
      return;
    }
    void save({ IsRefinanced: true, PayoffAccount: account.trim(), PayoffReference: reference.trim() });
  }

  const errorOf = (field: 'account' | 'reference' | 'save') =>
    problem?.field === field ? (
      <p className="debt-register__problem" role="alert" data-testid={`debt-register-payoff-error-${field}`}>
        {t(`apply.errors.${problem.key}`)}
      </p>
    ) : null;
  return (
    <div className="debt-register__refinance">
      <label>
        <input
          type="checkbox"
          checked={ticked}
          disabled={busy}
          data-testid="debt-register-refinance"
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setTicked(next);
            setProblem(null);
            // Unticking a saved choice is saved at once: the debt is no longer to be paid off.
            if (!next && saved) void save({ IsRefinanced: false });
          }}
        />{' '}
        {t('apply.refinance.payOff')}
      </label>
      {ticked && (
        <fieldset className="debt-register__edit">
          <p className="muted">{t('apply.refinance.lead')}</p>
          <PayoffInput
            id={`${id}-account`}
            label={t(`apply.refinance.account.${props.country}`)}
            hint={t(`apply.refinance.accountHint.${props.country}`)}
            value={account}
            testId="debt-register-payoff-account"
            onChange={(value) => {
              setAccount(value);
              setSaved(false);
            }}
          />
          {errorOf('account')}
          <PayoffInput
            id={`${id}-reference`}
            label={t(`apply.refinance.reference.${props.country}`)}
            hint={t(`apply.refinance.referenceHint.${props.country}`)}
            value={reference}
            testId="debt-register-payoff-reference"
            onChange={(value) => {
              setReference(value);
              setSaved(false);
            }}
          />
          {errorOf('reference')}
          {errorOf('save')}
          <div className="debt-register__actions">
            <button
              type="button"
              className="button"
              disabled={busy || saved}
              data-testid="debt-register-payoff-save"
              onClick={onSave}
            >
              {t('debtRegister.payoffSave')}
            </button>
          </div>
          {saved && (
            <p role="status" data-testid="debt-register-payoff-saved">
              {t('debtRegister.payoffSaved')}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}

function PayoffInput(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  testId: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <p className="muted" id={`${props.id}-hint`}>
        {props.hint}
      </p>
      <input
        id={props.id}
        className="text-input"
        aria-describedby={`${props.id}-hint`}
        value={props.value}
        data-testid={props.testId}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </div>
  );
}
