import type { Application360 } from '@nordloan/domain/application-360';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { bucketWords, statusWords } from '#src/shared/ui/status.tsx';

// The case at a glance (issue 38: "understand it in ten seconds"), from the view's Summary (the domain's
// caseSummaryOf): who, what loan in the country's currency, where it stands and since when, what it waits
// for and on whom, whether the household can carry it, the screening, documents, offers and the last call.
// Words and numbers only: no id, no status code.

export function CaseSummary({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const summary = view.Summary;
  const country = view.Application.Country;
  const money = (amount: number | null | undefined) => fmt.money(amount, country);
  const household = summary.Household;
  const offers = summary.Offers;
  const handler = summary.Handler;
  const call = summary.LastCall;
  const waitingFor = t.waitingFor[summary.Waiting.For];
  const closed = summary.Waiting.On === 'nobody';
  const overLimit =
    household?.DebtRatio != null &&
    household.DebtRatioLimit != null &&
    household.DebtRatio > household.DebtRatioLimit;

  return (
    <section className="case-summary card" aria-labelledby="case-summary-heading" data-testid="case-summary">
      <h2 id="case-summary-heading" className="visually-hidden">
        {t.summary.title}
      </h2>
      <div className={`waiting-line${closed ? ' waiting-closed' : ''}`} data-testid="summary-waiting">
        <strong>{t.waitingOn[summary.Waiting.On]}</strong>
        {waitingFor ? `: ${waitingFor}` : ''}
        <span className="waiting-handler">
          {handler
            ? ` · ${t.summary.inBucket(bucketWords(t, handler.BucketName))}, ${
                handler.Processed
                  ? t.summary.processedItem
                  : handler.AssignedToCaller
                    ? t.summary.assignedToYou
                    : handler.AssigneeName
                      ? t.summary.assignedTo(handler.AssigneeName)
                      : t.summary.unassigned
              }`
            : ` · ${t.summary.notInQueue}`}
        </span>
      </div>
      <dl className="summary-grid">
        <div>
          <dt>{t.summary.who}</dt>
          <dd>{summary.ApplicantNames.join(' & ') || t.common.nothing}</dd>
        </div>
        <div>
          <dt>{t.summary.loan}</dt>
          <dd>
            {t.summary.loanText(
              t.products[summary.Product] ?? summary.Product,
              money(summary.Amount),
              summary.DurationYears ? t.common.years(summary.DurationYears) : t.common.nothing,
            )}
          </dd>
        </div>
        <div>
          <dt>{t.summary.status}</dt>
          <dd>
            {statusWords(t, summary.Status)}
            {summary.StatusSince ? (
              <span className="hint"> · {t.summary.since(fmt.dateTime(summary.StatusSince))}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t.summary.household}</dt>
          <dd data-testid="summary-household">
            {household ? (
              <>
                <span className={`badge ${household.Affordable ? 'badge-open' : 'badge-stopped'}`}>
                  {household.Affordable ? t.summary.affordable : t.summary.notAffordable}
                </span>{' '}
                {t.summary.surplus}: <strong>{money(household.MonthlySurplus)}</strong>
                <span className="summary-breakdown">
                  {t.summary.income} {money(household.NetMonthlyIncome)} − {t.summary.costs}{' '}
                  {money(household.HousingCostMonthly + household.OtherExpensesMonthly)} −{' '}
                  {t.summary.debtPayments} {money(household.DebtPaymentsMonthly)} − {t.summary.newLoanPayment}{' '}
                  {money(household.NewLoanPaymentMonthly)} (
                  {household.NewLoanPaymentFrom === 'offer'
                    ? t.summary.newLoanFromOffer
                    : t.summary.newLoanEstimate}
                  )
                </span>
              </>
            ) : (
              t.summary.noHousehold
            )}
          </dd>
        </div>
        <div>
          <dt>{t.summary.debtRatio}</dt>
          <dd>
            {household?.DebtRatio != null ? (
              <>
                {t.summary.debtRatioText(fmt.number(household.DebtRatio, 2))}
                {household.DebtRatioLimit != null ? (
                  <span className="hint">
                    {' '}
                    · {t.summary.debtRatioLimit(fmt.number(household.DebtRatioLimit, 0))}
                  </span>
                ) : null}
                {overLimit ? <span className="badge badge-stopped">{t.summary.overLimit}</span> : null}
              </>
            ) : (
              t.common.nothing
            )}
          </dd>
        </div>
        <div>
          <dt>{t.summary.offers}</dt>
          <dd>
            {offers.Best
              ? `${offers.Accepted ? t.summary.accepted : t.summary.offersText(offers.Open)} · ${t.summary.bestOffer(
                  offers.Best.LenderName,
                  money(offers.Best.MonthlyPayment),
                  fmt.percent(offers.Best.EffectiveRate),
                )}`
              : t.summary.noOffers}
          </dd>
        </div>
        <div>
          <dt>{t.summary.screeningLabel}</dt>
          <dd>
            <span
              className={`badge ${
                summary.Screening === 'open-hit' || summary.Screening === 'blocked'
                  ? 'badge-stopped'
                  : summary.Screening === 'not-screened'
                    ? 'badge-none'
                    : 'badge-open'
              }`}
            >
              {t.screeningStates[summary.Screening]}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t.summary.documents}</dt>
          <dd>{t.summary.documentsText(summary.Documents.Received, summary.Documents.Outstanding)}</dd>
        </div>
        <div>
          <dt>{t.summary.lastCall}</dt>
          <dd data-testid="summary-last-call">
            {call
              ? [
                  fmt.dateTime(call.At),
                  call.Outcome
                    ? t.calls.outcomes[call.Outcome]
                    : call.Answered
                      ? t.summary.noOutcome
                      : t.summary.notAnswered,
                  call.NextContactDate ? t.summary.nextContact(fmt.date(call.NextContactDate)) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t.summary.noCall}
          </dd>
        </div>
      </dl>
    </section>
  );
}
