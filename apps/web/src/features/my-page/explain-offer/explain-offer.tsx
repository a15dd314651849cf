import { publishedRegulatoryFigures } from '@nordloan/domain/finance/regulatory-figures.data';
import type { LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import { explainOffer } from '@nordloan/domain/lending/offer-explanation';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { ModalDialog } from '#src/features/my-page/components/modal-dialog.tsx';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import { formatMoneyCents } from '#src/features/my-page/withdrawal/model/money-cents.ts';
import '#src/features/my-page/explain-offer/explain-offer.css';

// "Explain this offer" (CCD2 art. 12, adequate explanations; issue 34 item 4; docs/decisions/0066): beside
// every offer, a dialog that puts the offer's own figures (the domain's explainOffer) into the brand's
// words — what the effective rate includes, the cost and what is paid back, late payment under the
// country's rule, the right of withdrawal and early repayment. A native <dialog>: focus stays inside,
// Escape closes it, focus returns to the button.

export function ExplainOfferButton({ quote, describedBy }: { quote: LoanQuote; describedBy?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button explain-offer__open"
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        data-testid="explain-offer"
        onClick={() => setOpen(true)}
      >
        {t('explainOffer.button')}
      </button>
      {open && <ExplainOfferDialog quote={quote} onClose={() => setOpen(false)} />}
    </>
  );
}

export function ExplainOfferDialog({ quote, onClose }: { quote: LoanQuote; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const { brand } = useBrand();
  const explanation = useMemo(
    () => explainOffer(quote, { periods: publishedRegulatoryFigures, now: new Date() }),
    [quote],
  );
  const money = (amount: number) => format.money(amount, quote.Currency);
  const cents = (amount: number) => formatMoneyCents(amount, brand.i18n.defaultLocale, quote.Currency);
  const { rate, totals, latePayment, withdrawal, earlyRepayment } = explanation;
  const lateValues = {
    rate: latePayment.ratePercent === null ? '' : format.rate(latePayment.ratePercent),
    base: t(`explainOffer.late.base.${latePayment.base}`),
    baseRate: latePayment.baseRate === null ? '' : format.rate(latePayment.baseRate),
    margin: latePayment.marginPoints,
    law: latePayment.law,
    monthly: money(totals.monthlyPayment),
    example: latePayment.exampleInterest === null ? '' : cents(latePayment.exampleInterest),
  };
  const lateText =
    latePayment.ratePercent === null
      ? t('explainOffer.late.noRate', lateValues)
      : latePayment.agreedRateApplies
        ? t('explainOffer.late.agreedRate', lateValues)
        : t('explainOffer.late.withRate', lateValues);
  return (
    <ModalDialog
      title={t('explainOffer.title', { lender: quote.Lender.Name })}
      onClose={onClose}
      testId="explain-offer-dialog"
    >
      <div className="explain-offer">
        <section>
          <h3>{t('explainOffer.rate.heading')}</h3>
          <p data-testid="explain-rate">
            {t('explainOffer.rate.text', {
              effective: format.rate(rate.effectiveRate),
              nominal: format.rate(rate.nominalRate),
              startupFee: money(rate.startupFee),
              monthlyFee: money(rate.monthlyFee),
              fees: money(rate.feesTotal),
              months: totals.durationMonths,
            })}{' '}
            {rate.startupFee > 0 && t(`explainOffer.rate.${rate.feeHandling}`)}
          </p>
        </section>
        <section>
          <h3>{t('explainOffer.cost.heading')}</h3>
          <p data-testid="explain-cost">
            {t('explainOffer.cost.text', {
              amount: money(totals.amount),
              payments: totals.payments,
              monthly: money(totals.monthlyPayment),
              total: money(totals.totalPayable),
              cost: money(totals.totalCost),
              interest: money(rate.interestTotal),
              fees: money(rate.feesTotal),
            })}
          </p>
        </section>
        <section>
          <h3>{t('explainOffer.late.heading')}</h3>
          <p data-testid="explain-late">{lateText}</p>
          <p>{t('explainOffer.late.consequences')}</p>
        </section>
        <section>
          <h3>{t('explainOffer.withdrawal.heading')}</h3>
          <p data-testid="explain-withdrawal">
            {t('explainOffer.withdrawal.text', {
              days: withdrawal.days,
              daily: cents(withdrawal.dailyInterest),
              repaymentDays: withdrawal.repaymentDays,
              example: money(withdrawal.exampleTotal),
            })}
          </p>
        </section>
        <section>
          <h3>{t('explainOffer.early.heading')}</h3>
          <p data-testid="explain-early">
            {t('explainOffer.early.text', {
              percent: format.rate(earlyRepayment.maxCompensationPercent),
              lastYear: format.rate(earlyRepayment.lastYearPercent),
              max: money(earlyRepayment.maxCompensation),
              law: earlyRepayment.law,
            })}
          </p>
        </section>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('offers.close')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
