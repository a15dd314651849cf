import type { RefinancingView } from '@nordloan/domain/lending/refinancing.schema';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import { useRefinancing } from '#src/features/my-page/api/get-refinancing.ts';
import { useOfferFormat } from '#src/features/my-page/components/use-offer-format.ts';
import './refinancing.css';

// Issue 35 item 4 (ADR 0080): what paying the chosen debts off with each offer changes — monthly and total
// cost before and after, with what each figure rests on — an offer too small to pay them all says so; in
// Norway the cards whose unused limit counts as debt, with the debt ratio if cancelled; after acceptance,
// each payoff and whether the lender confirmed it. Nothing shows when no debt was chosen.

type Offer = RefinancingView['Offers'][number];

function Change({
  label,
  before,
  after,
  saving,
  costsMore,
}: {
  label: string;
  before: string | null;
  after: string;
  saving: string | null;
  /** The offer costs more than today: said plainly, not in the saving's colour. */
  costsMore: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="refinancing__change">
      <dt>{label}</dt>
      <dd>
        {before === null ? t('refinancing.unknown') : before} → <strong>{after}</strong>
        {saving && (
          <span
            className={costsMore ? 'refinancing__saving refinancing__saving--more' : 'refinancing__saving'}
            data-testid="refinancing-saving"
          >
            {' '}
            {saving}
          </span>
        )}
      </dd>
    </div>
  );
}

function OfferComparison({ view, offer }: { view: RefinancingView; offer: Offer }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const money = (amount: number) => format.money(amount, view.Currency);
  const saving = (amount: number | null) =>
    amount === null
      ? null
      : amount >= 0
        ? t('refinancing.saves', { amount: money(amount) })
        : t('refinancing.costsMore', { amount: money(-amount) });
  return (
    <li className="refinancing__offer" data-testid="refinancing-offer" data-quote-id={offer.QuoteID}>
      <h4>{offer.LenderName}</h4>
      <dl>
        <Change
          label={t('refinancing.monthly')}
          before={view.Before.MonthlyComplete ? money(view.Before.MonthlyCost) : null}
          after={money(offer.MonthlyCost)}
          saving={saving(offer.MonthlySaving)}
          costsMore={(offer.MonthlySaving ?? 0) < 0}
        />
        <Change
          label={t('refinancing.total')}
          before={view.Before.TotalComplete ? money(view.Before.TotalCost) : null}
          after={money(offer.TotalCost)}
          saving={saving(offer.TotalSaving)}
          costsMore={(offer.TotalSaving ?? 0) < 0}
        />
      </dl>
      {offer.CoversChosenDebts ? (
        offer.ToApplicant > 0 && (
          <p className="muted">{t('refinancing.toApplicant', { amount: money(offer.ToApplicant) })}</p>
        )
      ) : (
        <p className="notice refinancing__short" role="note" data-testid="refinancing-not-covered">
          {t('refinancing.notCovered', { shortfall: money(offer.Shortfall), payout: money(offer.Payout) })}
        </p>
      )}
      <p className="muted refinancing__basis">
        {t('refinancing.afterBasis', {
          amount: money(offer.Amount),
          duration: format.duration(offer.DurationMonths),
        })}
      </p>
    </li>
  );
}

function CardLimits({ view }: { view: RefinancingView }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  const { brand } = useBrand();
  const limits = view.CardLimits;
  if (!limits) return null;
  const ratio = (value: number | null) =>
    value === null
      ? t('refinancing.unknown')
      : new Intl.NumberFormat(brand.i18n.defaultLocale, { maximumFractionDigits: 2 }).format(value);
  return (
    <section className="refinancing__cards" data-testid="refinancing-cards">
      <h4>{t('refinancing.cards.title')}</h4>
      <p className="muted">{t('refinancing.cards.lead', { limit: limits.DebtRatioLimit })}</p>
      <ul>
        {limits.Cards.map((card) => (
          <li key={card.DebtID} data-testid="refinancing-card">
            <strong>{card.Creditor ?? t('refinancing.cards.card')}</strong>:{' '}
            {t('refinancing.cards.figures', {
              limit: format.money(card.CreditLimit, view.Currency),
              unused: format.money(card.Unused, view.Currency),
            })}{' '}
            {t('refinancing.cards.ifCancelled', {
              before: ratio(limits.DebtRatio),
              after: ratio(card.DebtRatioIfCancelled),
              removed: format.money(card.DebtRemovedByCancelling, view.Currency),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Payoffs({ view }: { view: RefinancingView }) {
  const { t } = useTranslation();
  const format = useOfferFormat();
  return (
    <section className="refinancing__payoffs" data-testid="refinancing-payoffs">
      <h4>{t('refinancing.payoffs.title')}</h4>
      <ul>
        {view.Payoffs.map((payoff) => (
          <li key={payoff.DebtID} data-testid="refinancing-payoff" data-status={payoff.Status}>
            <strong>{payoff.Creditor ?? t('refinancing.payoffs.debt')}</strong> ·{' '}
            {format.money(payoff.Balance, view.Currency)} · {payoff.PayoffAccount} / {payoff.PayoffReference}
            <br />
            {payoff.Status === 'confirmed' && payoff.ConfirmedAt
              ? t('refinancing.payoffs.confirmed', {
                  amount: format.money(payoff.ConfirmedAmount ?? payoff.Balance, view.Currency),
                  date: format.day(payoff.ConfirmedAt),
                })
              : t('refinancing.payoffs.pending')}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RefinancingPanel({
  applicationId,
  accepted,
  offers,
}: {
  applicationId: string;
  accepted: boolean;
  /** The offers and status on the page (ids, statuses): a change asks for the comparison again. */
  offers: string;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const format = useOfferFormat();
  const query = useRefinancing(applicationId, { enabled: true, offers, awaitPayoffs: accepted });
  const view = query.data;
  if (!view || (view.ChosenDebts.length === 0 && !view.CardLimits)) return null;
  const money = (amount: number) => format.money(amount, view.Currency);
  return (
    <section
      className="refinancing"
      data-testid="refinancing"
      aria-labelledby={`refinancing-${applicationId}`}
    >
      <h3 id={`refinancing-${applicationId}`}>{t('refinancing.title')}</h3>
      {view.ChosenDebts.length > 0 && (
        <>
          <p>
            {t('refinancing.before', {
              count: view.ChosenDebts.length,
              balance: money(view.Before.Balance),
            })}
          </p>
          <ul className="refinancing__debts muted">
            {view.ChosenDebts.map((debt) => (
              <li key={debt.ID}>
                {debt.Creditor ?? debt.DebtType}: {money(debt.Balance)} —{' '}
                {t(`refinancing.basis.${debt.Basis}`, {
                  monthly: debt.MonthlyCost === null ? '' : money(debt.MonthlyCost),
                  months: debt.Months ?? '',
                })}
              </li>
            ))}
          </ul>
          {!accepted && view.Offers.length > 0 && (
            <ul className="refinancing__offers">
              {view.Offers.map((offer) => (
                <OfferComparison key={offer.QuoteID} view={view} offer={offer} />
              ))}
            </ul>
          )}
          {accepted && view.Payoffs.length > 0 && <Payoffs view={view} />}
        </>
      )}
      {brand.country === 'NO' && <CardLimits view={view} />}
    </section>
  );
}
