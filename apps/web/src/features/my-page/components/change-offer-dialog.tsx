import type { PresentedQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeQuote } from '#src/features/my-page/api/quote-actions.ts';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { trackFlowEvent } from '#src/shared/tracking/flow-events.ts';
import { NumericField } from './numeric-field.tsx';

/** Changing an offer: a new amount and/or duration; the lender answers with a new quote. */
export function ChangeOfferDialog({
  quote,
  onClose,
  onChanged,
}: {
  quote: PresentedQuote;
  onClose: () => void;
  onChanged: (lender: string) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeQuote(quote.LoanApplicationID);
  const [amount, setAmount] = useState(String(quote.Amount));
  const [duration, setDuration] = useState(String(quote.DurationMonths));
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const newAmount = Number(amount.replace(/\s/g, ''));
    const newDuration = Number(duration);
    const input = {
      ...(Number.isFinite(newAmount) && newAmount > 0 && newAmount !== quote.Amount
        ? { Amount: newAmount }
        : {}),
      ...(Number.isInteger(newDuration) && newDuration > 0 && newDuration !== quote.DurationMonths
        ? { DurationMonths: newDuration }
        : {}),
    };
    if (!('Amount' in input) && !('DurationMonths' in input)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await change.mutateAsync({ quoteID: quote.ID, input });
      trackFlowEvent('change-offer', {
        applicationId: quote.LoanApplicationID,
        quoteId: quote.ID,
        ...(input.Amount ? { amount: input.Amount } : {}),
        ...(input.DurationMonths ? { duration: input.DurationMonths } : {}),
      });
      onChanged(quote.Lender.Name);
    } catch {
      // shown below
    }
  };

  return (
    <ModalDialog title={t('offers.change.title')} onClose={onClose} testId="change-dialog">
      <form onSubmit={submit} noValidate>
        <p>{t('offers.change.lead')}</p>
        <NumericField
          label={`${t('offers.change.amount')} (${quote.Currency})`}
          value={amount}
          invalid={invalid}
          errorId={errorId}
          onChange={setAmount}
        />
        <NumericField
          label={t('offers.change.duration')}
          value={duration}
          invalid={invalid}
          errorId={errorId}
          onChange={setDuration}
        />
        {invalid && (
          <p id={errorId} className="error-text" role="alert">
            {t('offers.change.invalid')}
          </p>
        )}
        {change.isError && (
          <p className="error-text" role="alert">
            {t('offers.change.failed')}
          </p>
        )}
        <div className="modal__actions">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? t('offers.change.submitting') : t('offers.change.submit')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('offers.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
