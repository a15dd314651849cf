import type { PortalApplication, PortalDeclineReason } from '@nordloan/domain/lending/lender-portal';
import { portalDeclineReasons } from '@nordloan/domain/lending/lender-portal';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePortalAnswer, usePortalApplication } from '#src/features/lender-portal/api/portal.ts';
import { usePortalTexts } from '#src/features/lender-portal/model/portal-texts.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useDocumentTitle } from '#src/shared/ui/use-document-title.ts';

// One application as the lender is sent it (the lender API's minimised application: ages, incomes, debts —
// no name, national id or address), the lender's own offers and the documents shared with it, and the
// three answers: an offer, a decline with a reason code, a request for documents. The server records each
// as the lender's callback; the applicant's personal page shows it at once.

const numberOf = (value: string) => Number(value.replace(',', '.').replace(/\s/g, ''));

export function PortalApplicationPage() {
  const { reference = '' } = useParams();
  const text = usePortalTexts();
  useDocumentTitle(text.documentTitle);
  const application = usePortalApplication(reference);
  return (
    <main id="main" className="page">
      <p>
        <Link to="/lender-portal">← {text.back}</Link>
      </p>
      {application.isPending ? <Loading label={text.loading} /> : null}
      {application.isError ? <ErrorMessage error={application.error} /> : null}
      {application.data ? <PortalApplicationView application={application.data} /> : null}
    </main>
  );
}

function PortalApplicationView({ application }: { application: PortalApplication }) {
  const text = usePortalTexts();
  const { t, fmt } = useI18n();
  const wire = application.Application;
  const money = (amount: number | null) => fmt.money(amount, application.Country);
  return (
    <div className="stack">
      <h1>
        {t.products[application.Product] ?? application.Product}: {money(application.Amount)},{' '}
        {text.months(application.DurationMonths)}
      </h1>
      <p className="hint">{text.dataNote}</p>
      <section className="card" aria-labelledby="portal-applicants">
        <h2 id="portal-applicants">{text.applicants}</h2>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{text.role}</th>
              <th scope="col">{text.age}</th>
              <th scope="col">{text.grossIncome}</th>
              <th scope="col">{text.netIncome}</th>
              <th scope="col">{text.employment}</th>
              <th scope="col">{text.housing}</th>
              <th scope="col">{text.remarks}</th>
            </tr>
          </thead>
          <tbody>
            {wire.Applicants.map((applicant) => (
              <tr key={applicant.Role}>
                <td>{applicant.Role}</td>
                <td>{applicant.Age}</td>
                <td>{money(applicant.GrossYearlyIncome)}</td>
                <td>{money(applicant.NetMonthlyIncome)}</td>
                <td>{applicant.EmploymentType}</td>
                <td>{money(applicant.HousingCostMonthly)}</td>
                <td>{applicant.HasPaymentRemarks ? text.yes : text.no}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>{text.debts}</h3>
        {wire.Debts.length === 0 ? (
          <p>{text.noDebts}</p>
        ) : (
          <ul>
            {wire.Debts.map((debt) => (
              <li key={`${debt.Type}-${debt.Creditor ?? ''}-${debt.Balance}-${debt.MonthlyPayment}`}>
                {debt.Type}: {money(debt.Balance)} · {money(debt.MonthlyPayment)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="portal-offers">
        <h2 id="portal-offers">{text.yourOffers}</h2>
        <ul data-testid="portal-offers">
          {application.Offers.map((offer) => (
            <li key={offer.QuoteId}>
              {money(offer.Amount)}, {text.months(offer.DurationMonths)},{' '}
              {fmt.percent(offer.NominalRatePercent)} ({offer.Status})
            </li>
          ))}
        </ul>
        <h3>{text.documents}</h3>
        {application.Documents.length === 0 ? (
          <p>{text.noDocuments}</p>
        ) : (
          <ul>
            {application.Documents.map((document) => (
              <li key={document.DocumentId}>
                {document.Category ?? '—'} · {fmt.dateTime(document.SharedAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
      {application.AwaitingAnswer ? <Answers application={application} /> : null}
    </div>
  );
}

function Answers({ application }: { application: PortalApplication }) {
  const text = usePortalTexts();
  const answer = usePortalAnswer(application.ApplicationReference);
  const [amount, setAmount] = useState(String(application.Amount));
  const [months, setMonths] = useState(String(application.DurationMonths));
  const [rate, setRate] = useState('');
  const [startupFee, setStartupFee] = useState('0');
  const [monthlyFee, setMonthlyFee] = useState('0');
  const [reasonCode, setReasonCode] = useState<PortalDeclineReason>('CREDIT_POLICY');
  const [reason, setReason] = useState('');
  const [category, setCategory] = useState<'payslip' | 'tax-return'>('payslip');
  const offer = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({
      kind: 'offer',
      body: {
        Amount: numberOf(amount),
        DurationMonths: numberOf(months),
        NominalRatePercent: numberOf(rate),
        StartupFee: numberOf(startupFee),
        MonthlyFee: numberOf(monthlyFee),
      },
    });
  };
  return (
    <section className="card" aria-labelledby="portal-answer">
      <h2 id="portal-answer">{text.makeOffer}</h2>
      <form className="inline-form" onSubmit={offer}>
        <label>
          {text.amount}
          <input inputMode="numeric" value={amount} required onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label>
          {text.term}
          <input inputMode="numeric" value={months} required onChange={(e) => setMonths(e.target.value)} />
        </label>
        <label>
          {text.nominalRate}
          <input inputMode="decimal" value={rate} required onChange={(e) => setRate(e.target.value)} />
        </label>
        <label>
          {text.startupFee}
          <input inputMode="numeric" value={startupFee} onChange={(e) => setStartupFee(e.target.value)} />
        </label>
        <label>
          {text.monthlyFee}
          <input inputMode="numeric" value={monthlyFee} onChange={(e) => setMonthlyFee(e.target.value)} />
        </label>
        <button type="submit" disabled={answer.isPending || !rate.trim()}>
          {text.sendOffer}
        </button>
      </form>
      <h3>{text.decline}</h3>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          answer.mutate({ kind: 'decline', body: { ReasonCode: reasonCode, Reason: reason.trim() } });
        }}
      >
        <label>
          {text.declineReason}
          <select value={reasonCode} onChange={(e) => setReasonCode(e.target.value as PortalDeclineReason)}>
            {(Object.keys(portalDeclineReasons) as PortalDeclineReason[]).map((code) => (
              <option key={code} value={code}>
                {text.reasons[code]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text.declineText}
          <input value={reason} required maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        <button type="submit" disabled={answer.isPending || !reason.trim()}>
          {text.sendDecline}
        </button>
      </form>
      <h3>{text.askDocuments}</h3>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          answer.mutate({
            kind: 'documents',
            body: { Documents: [{ Action: 'upload', Timing: 'before_approval', Category: category }] },
          });
        }}
      >
        <select
          aria-label={text.askDocuments}
          value={category}
          onChange={(e) => setCategory(e.target.value as 'payslip' | 'tax-return')}
        >
          <option value="payslip">{text.payslip}</option>
          <option value="tax-return">{text.taxReturn}</option>
        </select>
        <button type="submit" disabled={answer.isPending}>
          {text.sendAsk}
        </button>
      </form>
      {answer.isError ? <ErrorMessage title={text.notSent} error={answer.error} /> : null}
      {answer.data ? <Notice>{text.outcome[answer.data.Outcome]}</Notice> : null}
    </section>
  );
}
