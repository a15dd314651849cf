import type { Country } from '@nordloan/domain/enums';
import { checkPayoffInstruction } from '@nordloan/domain/finance/payoff-account';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RegisterDebtPayoff, saveDebtPayoff } from './debt-register-api.ts';

// "Pay off with the new loan" on a debt from the register (issue 35, ADR 0080). Register debts are not
// rows of the form (their figures are the register's), so the choice is saved here, on its own, through
// PATCH …/debt with only IsRefinanced and where to pay. The labels, hints and error texts are the typed
// rows' (apply.refinance.*, apply.errors.*, components/refinance-fields.tsx) and the check is the same
// country rule the API applies (@nordloan/domain/finance/payoff-account), so a wrong digit is caught here.
//
// No save button: an applicant who ticks a debt and types where to pay expects it kept, as every other
// answer on the step is. The API can hold a tick only with a valid account and reference (a refinanced
// debt without them could not be paid off), so the choice is saved as soon as both pass the country's
// check — a moment after typing stops, or at once when the field is left — and until then the page says
// plainly that it is not saved yet. Unticking a saved choice is saved at once.

type Problem = 'payoffAccount' | 'payoffReference' | 'required';
type Status = 'unsaved' | 'changed' | 'saving' | 'saved' | 'failed';
type Payoff = { IsRefinanced: boolean; PayoffAccount?: string; PayoffReference?: string };

/** How long typing may pause before a valid account and reference are saved. */
export const payoffSaveDelayMs = 600;

const instructionKey = (country: Country, account: string | null, reference: string | null) => {
  const checked = checkPayoffInstruction(country, account, reference);
  return checked.ok ? `${checked.instruction.account}|${checked.instruction.reference}` : null;
};

export function RegisterDebtRefinance(props: {
  applicationId: string;
  debtId: string;
  country: Country;
  stored: RegisterDebtPayoff | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { applicationId, debtId, country } = props;
  const [ticked, setTicked] = useState(props.stored?.IsRefinanced ?? false);
  const [account, setAccount] = useState(props.stored?.PayoffAccount ?? '');
  const [reference, setReference] = useState(props.stored?.PayoffReference ?? '');
  const [touched, setTouched] = useState({ account: false, reference: false });
  // What the API holds for this debt: the normalised account and reference, or null when not refinanced.
  const savedKey = useRef<string | null>(
    props.stored?.IsRefinanced
      ? instructionKey(country, props.stored.PayoffAccount, props.stored.PayoffReference)
      : null,
  );
  const [status, setStatus] = useState<Status>(savedKey.current ? 'saved' : 'unsaved');
  // Saves go out one after the other, so the last choice made is the one the API keeps.
  const queue = useRef(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useCallback(
    (payoff: Payoff, key: string | null) => {
      clearTimeout(timer.current);
      setStatus('saving');
      queue.current = queue.current.then(async () => {
        try {
          await saveDebtPayoff(applicationId, { ID: debtId, ...payoff });
          savedKey.current = key;
          setStatus(key ? 'saved' : 'unsaved');
        } catch {
          setStatus('failed');
        }
      });
    },
    [applicationId, debtId],
  );

  const checked = checkPayoffInstruction(country, account, reference);
  const currentKey = checked.ok ? `${checked.instruction.account}|${checked.instruction.reference}` : null;
  const saveCurrent = useCallback(() => {
    if (!ticked || !currentKey || currentKey === savedKey.current) return;
    save(
      { IsRefinanced: true, PayoffAccount: account.trim(), PayoffReference: reference.trim() },
      currentKey,
    );
  }, [ticked, currentKey, account, reference, save]);

  useEffect(() => {
    if (!ticked) return;
    if (!currentKey) {
      setStatus(savedKey.current ? 'changed' : 'unsaved');
      return;
    }
    if (currentKey === savedKey.current) {
      setStatus('saved');
      return;
    }
    setStatus(savedKey.current ? 'changed' : 'unsaved');
    timer.current = setTimeout(saveCurrent, payoffSaveDelayMs);
    return () => clearTimeout(timer.current);
  }, [ticked, currentKey, saveCurrent]);

  // A field's error is shown once the applicant has left it, so nobody is told off mid-number.
  let problem: { field: 'account' | 'reference'; key: Problem } | null = null;
  if (!checked.ok) {
    const field = checked.problem.field === 'PayoffAccount' ? 'account' : 'reference';
    const empty = (field === 'account' ? account : reference).trim() === '';
    if (touched[field])
      problem = {
        field,
        key: empty ? 'required' : field === 'account' ? 'payoffAccount' : 'payoffReference',
      };
  }
  const errorOf = (field: 'account' | 'reference') =>
    problem?.field === field ? (
      <p className="debt-register__problem" role="alert" data-testid={`debt-register-payoff-error-${field}`}>
        {t(`apply.errors.${problem.key}`)}
      </p>
    ) : null;
  const leave = (field: 'account' | 'reference') => {
    setTouched((before) => ({ ...before, [field]: true }));
    saveCurrent();
  };
  return (
    <div className="debt-register__refinance">
      <label>
        <input
          type="checkbox"
          checked={ticked}
          data-testid="debt-register-refinance"
          onChange={(event) => {
            const next = event.currentTarget.checked;
            setTicked(next);
            setTouched({ account: false, reference: false });
            if (!next) {
              clearTimeout(timer.current);
              // Unticking a saved choice is saved at once: the debt is no longer to be paid off.
              if (savedKey.current) save({ IsRefinanced: false }, null);
              else setStatus('unsaved');
            }
          }}
        />{' '}
        {t('apply.refinance.payOff')}
      </label>
      {ticked && (
        <fieldset className="debt-register__edit">
          <p className="muted">{t('apply.refinance.lead')}</p>
          <PayoffInput
            id={`${id}-account`}
            label={t(`apply.refinance.account.${country}`)}
            hint={t(`apply.refinance.accountHint.${country}`)}
            value={account}
            testId="debt-register-payoff-account"
            invalid={problem?.field === 'account'}
            onChange={setAccount}
            onBlur={() => leave('account')}
          />
          {errorOf('account')}
          <PayoffInput
            id={`${id}-reference`}
            label={t(`apply.refinance.reference.${country}`)}
            hint={t(`apply.refinance.referenceHint.${country}`)}
            value={reference}
            testId="debt-register-payoff-reference"
            invalid={problem?.field === 'reference'}
            onChange={setReference}
            onBlur={() => leave('reference')}
          />
          {errorOf('reference')}
          <PayoffStatus status={status} onRetry={saveCurrent} />
        </fieldset>
      )}
      {!ticked && status === 'failed' && (
        // The untick was not saved: the API still has the debt paid off with the new loan.
        <PayoffStatus status={status} onRetry={() => save({ IsRefinanced: false }, null)} />
      )}
    </div>
  );
}

/** Where the choice stands, in words: never a tick that looks kept but is not. */
function PayoffStatus({ status, onRetry }: { status: Status; onRetry(): void }) {
  const { t } = useTranslation();
  if (status === 'failed') {
    return (
      <div role="alert" data-testid="debt-register-payoff-error-save">
        <p className="debt-register__problem">{t('apply.errors.saveFailed')}</p>
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('debtRegister.tryAgain')}
        </button>
      </div>
    );
  }
  const text = {
    unsaved: 'debtRegister.payoffUnsaved',
    changed: 'debtRegister.payoffChangeUnsaved',
    saving: 'debtRegister.payoffSaving',
    saved: 'debtRegister.payoffSaved',
  }[status];
  return (
    <p
      role="status"
      className={status === 'saved' ? undefined : 'debt-register__note'}
      data-testid={`debt-register-payoff-${status}`}
    >
      {t(text)}
    </p>
  );
}

function PayoffInput(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  testId: string;
  invalid: boolean;
  onChange(value: string): void;
  onBlur(): void;
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
        aria-invalid={props.invalid ? true : undefined}
        value={props.value}
        data-testid={props.testId}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={props.onBlur}
      />
    </div>
  );
}
