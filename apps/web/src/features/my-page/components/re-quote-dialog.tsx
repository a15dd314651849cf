import type { ReQuoteResult } from '@nordloan/domain/lending/transparency';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReQuote } from '#src/features/my-page/api/re-quote.ts';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { NumericField } from './numeric-field.tsx';

/**
 * Issue 13 item 5: one new amount or term for all open offers; every lender that can answers with a new
 * offer, and the dialog says per lender what happened. The replaced offers stay in the history.
 */
export function ReQuoteDialog({
  applicationId,
  amount: currentAmount,
  durationMonths: currentDuration,
  currency,
  onClose,
}: {
  applicationId: string;
  amount: number;
  durationMonths: number | null;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reQuote = useReQuote(applicationId);
  const [amount, setAmount] = useState(String(currentAmount));
  const [years, setYears] = useState(currentDuration ? String(currentDuration / 12) : '');
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<ReQuoteResult | null>(null);
  const errorId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const newAmount = Number(amount.replace(/\s/g, ''));
    const newYears = Number(years);
    const input = {
      ...(Number.isInteger(newAmount) && newAmount > 0 && newAmount !== currentAmount
        ? { Amount: newAmount }
        : {}),
      ...(currentDuration !== null &&
      Number.isInteger(newYears) &&
      newYears > 0 &&
      newYears * 12 !== currentDuration
        ? { DurationMonths: newYears * 12 }
        : {}),
    };
    if (!('Amount' in input) && !('DurationMonths' in input)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      setResult(await reQuote.mutateAsync(input));
    } catch {
      // shown below
    }
  };

  return (
    <ModalDialog title={t('offers.reQuote.title')} onClose={onClose} testId="re-quote-dialog">
      {result ? (
        <div data-testid="re-quote-result">
          <p role="status">{t('offers.reQuote.done')}</p>
          <ul>
            {result.Lenders.map((lender) => (
              <li key={lender.LenderID} data-outcome={lender.Outcome}>
                {t(`offers.reQuote.outcome.${lender.Outcome}`, { lender: lender.LenderName })}
              </li>
            ))}
          </ul>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('offers.close')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t('offers.reQuote.lead')}</p>
          <NumericField
            label={`${t('offers.reQuote.amount')} (${currency})`}
            value={amount}
            invalid={invalid}
            errorId={errorId}
            onChange={setAmount}
          />
          {currentDuration !== null && (
            <NumericField
              label={t('offers.reQuote.years')}
              value={years}
              invalid={invalid}
              errorId={errorId}
              onChange={setYears}
            />
          )}
          {invalid && (
            <p id={errorId} className="error-text" role="alert">
              {t('offers.reQuote.invalid')}
            </p>
          )}
          {reQuote.isError && (
            <p className="error-text" role="alert">
              {t('offers.reQuote.failed')}
            </p>
          )}
          <div className="modal__actions">
            <button type="submit" className="button" disabled={reQuote.isPending}>
              {reQuote.isPending ? t('offers.reQuote.submitting') : t('offers.reQuote.submit')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('offers.cancel')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
