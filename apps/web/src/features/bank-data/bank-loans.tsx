import type { DebtType } from '@nordloan/domain/enums';
import { useTranslation } from 'react-i18next';
import type { BankFiguresToApply } from '#src/shared/bank-data/bank-data-slot.tsx';

// The loans the bank showed, made into complete debt rows before they reach the form. The bank sees only
// what leaves the account each month: not what kind of loan it is, nor what is left to pay. The debts step
// requires both, so the panel asks for them here, per loan, beside the loan they belong to — rather than
// adding rows the applicant must then find and finish under errors they did not cause. A loan the form
// already has (typed, or from the debt register) or one paid off since can be left out.

/** The kinds a monthly loan payment from a current account can be (housing goes to the housing cost). */
export const bankLoanTypes = ['Unsecured', 'CarMCBoat', 'Student', 'CreditCard', 'Unspecified'] as const;

export interface BankLoanChoice {
  include: boolean;
  debtType: DebtType | '';
  balance: string;
}
export interface BankLoanProblems {
  debtType?: 'missingType';
  balance?: 'missingBalance';
}
type Loan = { Creditor: string; MonthlyPayment: number };

export const initialLoanChoices = (loans: Loan[]): BankLoanChoice[] =>
  loans.map(() => ({ include: true, debtType: '', balance: '' }));

const wholeAmount = (value: string): number | null => {
  const digits = value.replace(/[\s\u00a0]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
};

/** The loans kept, as the form's rows need them, or per loan what is still missing. */
export function checkLoanChoices(
  loans: Loan[],
  choices: BankLoanChoice[],
): { ok: true; loans: BankFiguresToApply['loans'] } | { ok: false; problems: BankLoanProblems[] } {
  const problems: BankLoanProblems[] = [];
  const kept: BankFiguresToApply['loans'] = [];
  loans.forEach((loan, index) => {
    const choice = choices[index];
    problems[index] = {};
    if (!choice?.include) return;
    const balance = wholeAmount(choice.balance);
    if (!choice.debtType) problems[index].debtType = 'missingType';
    if (balance === null) problems[index].balance = 'missingBalance';
    if (choice.debtType && balance !== null) {
      kept.push({
        creditor: loan.Creditor,
        monthlyPayment: loan.MonthlyPayment,
        debtType: choice.debtType,
        balance,
      });
    }
  });
  return problems.some((problem) => problem.debtType || problem.balance)
    ? { ok: false, problems }
    : { ok: true, loans: kept };
}

export function BankLoans({
  loans,
  choices,
  problems,
  money,
  onChange,
}: {
  loans: Loan[];
  choices: BankLoanChoice[];
  problems: BankLoanProblems[];
  money(value: number): string;
  onChange(index: number, choice: BankLoanChoice): void;
}) {
  const { t } = useTranslation();
  if (loans.length === 0) return null;
  return (
    <>
      <p>{t('bankData.loans', { count: loans.length })}</p>
      <p className="muted">{t('bankData.loanLead')}</p>
      <ul className="bank-data__loans">
        {loans.map((loan, index) => {
          const choice = choices[index] ?? { include: true, debtType: '', balance: '' };
          const problem = problems[index] ?? {};
          const id = `bank-data-loan-${index}`;
          const change = (patch: Partial<BankLoanChoice>) => onChange(index, { ...choice, ...patch });
          return (
            <li key={loan.Creditor} data-testid="bank-data-loan">
              <fieldset>
                <legend>
                  {loan.Creditor}: {t('bankData.perMonth', { amount: money(loan.MonthlyPayment) })}
                </legend>
                <label className="bank-data__include">
                  <input
                    type="checkbox"
                    checked={choice.include}
                    data-testid="bank-data-loan-include"
                    onChange={(e) => change({ include: e.currentTarget.checked })}
                  />{' '}
                  {t('bankData.loanInclude')}
                </label>
                {choice.include && (
                  <>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-type`}>
                        {t('bankData.loanType')}
                      </label>
                      <select
                        id={`${id}-type`}
                        className="text-input"
                        value={choice.debtType}
                        data-testid="bank-data-loan-type"
                        aria-invalid={problem.debtType ? true : undefined}
                        aria-describedby={problem.debtType ? `${id}-type-error` : undefined}
                        onChange={(e) => change({ debtType: e.currentTarget.value as DebtType | '' })}
                      >
                        <option value="">{t('bankData.loanTypeChoose')}</option>
                        {bankLoanTypes.map((type) => (
                          <option key={type} value={type}>
                            {t(`bankData.loanTypes.${type}`)}
                          </option>
                        ))}
                      </select>
                      {problem.debtType && (
                        <p id={`${id}-type-error`} className="error-text" role="alert">
                          {t('bankData.missingType')}
                        </p>
                      )}
                    </div>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-balance`}>
                        {t('bankData.loanBalance')}
                      </label>
                      <input
                        id={`${id}-balance`}
                        className="text-input"
                        inputMode="numeric"
                        value={choice.balance}
                        data-testid="bank-data-loan-balance"
                        aria-invalid={problem.balance ? true : undefined}
                        aria-describedby={problem.balance ? `${id}-balance-error` : undefined}
                        onChange={(e) => change({ balance: e.currentTarget.value })}
                      />
                      {problem.balance && (
                        <p id={`${id}-balance-error`} className="error-text" role="alert">
                          {t('bankData.missingBalance', { creditor: loan.Creditor })}
                        </p>
                      )}
                    </div>
                  </>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </>
  );
}
