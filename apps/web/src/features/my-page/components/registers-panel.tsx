import type { Debt } from '@nordloan/domain/loan-application';
import { useTranslation } from 'react-i18next';
import type { PaymentRemarks } from '#src/features/my-page/api/get-payment-remarks.ts';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';

// What the registers returned about the applicant (issue 38 item 5): the debts the debt register reported
// at intake — which the back office shows staff, and which the lenders assess — and the credit bureau's
// payment remarks. The applicant's own only: the API answers nothing else (GDPR art. 15, their right to see
// what is processed about them; gjeldsinformasjonsloven § 5 on who may see register debts).

function DebtFigures({ debt }: { debt: Debt }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const figures: [string, string][] = [[t('offers.registers.balance'), format.money(debt.Balance)]];
  if (debt.CreditLimit !== null)
    figures.push([t('offers.registers.creditLimit'), format.money(debt.CreditLimit)]);
  if (debt.MonthlyPayment !== null)
    figures.push([t('offers.registers.monthlyPayment'), format.money(debt.MonthlyPayment)]);
  // The debt table stores the rate as a fraction (0.129 = 12.9 %).
  if (debt.InterestRate !== null)
    figures.push([t('offers.registers.interestRate'), format.rate(debt.InterestRate * 100)]);
  if (debt.RemainingTermMonths !== null)
    figures.push([t('offers.registers.remaining'), format.duration(debt.RemainingTermMonths)]);
  return (
    <dl className="register-debt__figures">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RegistersPanel({
  debts,
  checked,
  remarks,
}: {
  /** The register's debts of this applicant; null while not read. */
  debts: readonly Debt[] | null;
  /** The register was asked: the intake fetched the external data (status 200 on). */
  checked: boolean;
  remarks: PaymentRemarks | null | undefined;
}) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  return (
    <div className="registers" data-testid="registers">
      <h4>{t('offers.registers.debtsTitle')}</h4>
      {!checked || debts === null ? (
        <p className="muted">{t('offers.registers.debtsNotYet')}</p>
      ) : debts.length === 0 ? (
        <p data-testid="register-debts-none">{t('offers.registers.debtsNone')}</p>
      ) : (
        <>
          <p className="muted">{t('offers.registers.debtsLead')}</p>
          <ul className="register-debts" data-testid="register-debts">
            {debts.map((debt) => (
              <li key={debt.ID} className="register-debt" data-testid="register-debt">
                <p className="register-debt__name">
                  <strong>{debt.Creditor ?? t(`offers.registers.debtType.${debt.DebtType}`)}</strong>
                  {debt.Creditor && ` · ${t(`offers.registers.debtType.${debt.DebtType}`)}`}
                </p>
                <DebtFigures debt={debt} />
                {debt.IsRefinanced && <p className="muted">{t('offers.registers.refinanced')}</p>}
              </li>
            ))}
          </ul>
          <p className="muted">{t('offers.registers.wrong')}</p>
        </>
      )}
      {remarks?.Message && (
        <section data-testid="payment-remarks">
          <h4>{t('offers.paymentRemarks.title')}</h4>
          <p>{remarks.Message}</p>
          {remarks.PaymentRemarks.length > 0 && (
            <ul>
              {remarks.PaymentRemarks.map((remark) => (
                <li key={`${remark.Creditor}-${remark.RegisteredAt}`}>
                  {t('offers.paymentRemarks.item', {
                    creditor: remark.Creditor,
                    amount: format.money(remark.Amount),
                    date: format.day(remark.RegisteredAt),
                  })}
                </li>
              ))}
            </ul>
          )}
          {remarks.HasPaymentRemarks && remarks.LendersAcceptingPaymentRemarks.length > 0 && (
            <p>
              {t('offers.paymentRemarks.lendersAccepting', {
                names: remarks.LendersAcceptingPaymentRemarks.map((lender) => lender.Name).join(', '),
              })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
