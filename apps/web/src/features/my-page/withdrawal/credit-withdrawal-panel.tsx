import type { CreditWithdrawal } from '@nordloan/domain/lending/credit-withdrawal';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import {
  useCreditWithdrawal,
  useWithdrawFromCredit,
} from '#src/features/my-page/withdrawal/api/credit-withdrawal.ts';
import '#src/features/my-page/withdrawal/credit-withdrawal.css';
import { formatMoneyCents } from '#src/features/my-page/withdrawal/model/money-cents.ts';

// Withdrawal from the signed credit agreement (CCD2 art. 26; Finland: the online withdrawal function of
// HE 120/2025; issue 34 item 5; docs/decisions/0066). Two steps: the panel says what withdrawing means now
// (the last day, what is paid back, by when), the dialog asks to confirm. After it: what to pay back and
// by when, and whether the lender has been told. Shown only while the right is open or once used.

function PaybackLine({ withdrawal, done }: { withdrawal: CreditWithdrawal; done: boolean }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const { brand } = useBrand();
  const payback = withdrawal.Payback;
  if (!payback) return null;
  if (payback.Total === 0) return <p data-testid="withdrawal-payback">{t('creditWithdrawal.nothingOwed')}</p>;
  const money = (amount: number) => formatMoneyCents(amount, brand.i18n.defaultLocale, payback.Currency);
  const values = {
    principal: money(payback.Principal),
    daily: money(payback.DailyInterest),
    total: money(payback.Total),
    payBy: format.day(payback.PayBackBy),
  };
  return (
    <p data-testid="withdrawal-payback">
      {done ? t('creditWithdrawal.payBack', values) : t('creditWithdrawal.owe', values)}
    </p>
  );
}

/**
 * `children`: what the page shows when the right is not in play here (the acceptance's general notice) —
 * replaced by this panel once the lender has reported the agreement signed.
 */
export function CreditWithdrawalPanel({
  applicationId,
  enabled,
  children,
}: {
  applicationId: string;
  enabled: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const query = useCreditWithdrawal(applicationId, { enabled });
  const withdraw = useWithdrawFromCredit(applicationId);
  const [confirming, setConfirming] = useState(false);
  const withdrawal = query.data;
  const doneRef = useRef<HTMLParagraphElement>(null);
  const state = withdrawal?.State;
  // After the confirmation the dialog and its opener are gone: focus moves to what happened.
  useEffect(() => {
    if (state === 'withdrawn' && withdraw.isSuccess) doneRef.current?.focus();
  }, [state, withdraw.isSuccess]);
  if (!withdrawal || !['open', 'withdrawn', 'window-closed'].includes(withdrawal.State))
    return <>{children}</>;
  const lender = withdrawal.LenderName ?? '';
  const day = (iso: string | null) => (iso ? format.day(iso) : '');

  const confirm = async () => {
    try {
      await withdraw.mutateAsync();
      setConfirming(false);
    } catch {
      // shown in the dialog
    }
  };

  return (
    <section
      className="notice credit-withdrawal"
      aria-labelledby="credit-withdrawal-heading"
      data-testid="credit-withdrawal"
      data-state={withdrawal.State}
    >
      <h3 id="credit-withdrawal-heading">{t('creditWithdrawal.heading')}</h3>
      {withdrawal.State === 'open' && (
        <>
          <p>
            {t('creditWithdrawal.open', {
              lender,
              signed: day(withdrawal.SignedAt),
              closes: day(withdrawal.ClosesAt),
            })}
          </p>
          <PaybackLine withdrawal={withdrawal} done={false} />
          <button
            type="button"
            className="button button--danger"
            aria-haspopup="dialog"
            data-testid="credit-withdrawal-start"
            onClick={() => setConfirming(true)}
          >
            {t('creditWithdrawal.start')}
          </button>
        </>
      )}
      {withdrawal.State === 'withdrawn' && (
        <>
          <p role="status" tabIndex={-1} ref={doneRef} data-testid="credit-withdrawal-done">
            {t('creditWithdrawal.done', { lender, date: day(withdrawal.WithdrawnAt) })}{' '}
            {withdrawal.LenderNotified
              ? t('creditWithdrawal.lenderTold')
              : t('creditWithdrawal.lenderPending')}
          </p>
          <PaybackLine withdrawal={withdrawal} done />
        </>
      )}
      {withdrawal.State === 'window-closed' && (
        <p>{t('creditWithdrawal.closed', { closes: day(withdrawal.ClosesAt) })}</p>
      )}
      {confirming && withdrawal.State === 'open' && (
        <ModalDialog
          title={t('creditWithdrawal.confirmTitle')}
          onClose={() => setConfirming(false)}
          testId="credit-withdrawal-dialog"
        >
          <p>{t('creditWithdrawal.confirmText', { lender })}</p>
          <PaybackLine withdrawal={withdrawal} done={false} />
          {withdraw.isError && (
            <p role="alert" className="form-error">
              {t('creditWithdrawal.failed')}
            </p>
          )}
          <div className="modal__actions">
            <button
              type="button"
              className="button button--danger"
              data-testid="credit-withdrawal-confirm"
              disabled={withdraw.isPending}
              onClick={confirm}
            >
              {t('creditWithdrawal.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {t('creditWithdrawal.cancel')}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
