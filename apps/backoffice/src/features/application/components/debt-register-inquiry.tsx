import type { Country } from '@nordloan/domain/enums';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DebtRegisterInquiry } from '#src/features/application/api/debt-register.ts';
import { debtRegisterTexts } from '#src/features/application/debt-register-texts.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import { ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';

// One applicant's debt-register inquiry on the Finances tab (issue 35, ADR 0079): that it was made and when,
// which register, the consent the applicant gave (when, scope, purpose), and the debts the register returned
// as found — drawn, limit and what counts (a credit line at its limit) — beside the application's debts
// above, which may since have been corrected by the applicant. Read through the audited staff route.

export function DebtRegisterInquirySection({
  query,
  role,
  country,
  headingID,
}: {
  query: UseQueryResult<{ Inquiries: DebtRegisterInquiry[] }>;
  role: 'MainApplicant' | 'CoApplicant';
  country: Country;
  headingID: string;
}) {
  const { language, fmt, answers } = useI18n();
  const texts = debtRegisterTexts[language];
  const refused = query.error instanceof ApiError ? query.error.status : undefined;
  const inquiry = query.data?.Inquiries.find((candidate) => candidate.OwnerRole === role);
  return (
    <section aria-labelledby={headingID} data-testid={`debt-register-${role}`}>
      <h4 id={headingID}>{texts.heading}</h4>
      {query.isPending ? <Loading label={texts.loading} /> : null}
      {refused === 403 || refused === 404 ? (
        <Notice>{texts.notReadable}</Notice>
      ) : query.isError ? (
        <ErrorMessage error={query.error} />
      ) : null}
      {query.isSuccess && !inquiry ? <p className="empty">{texts.none}</p> : null}
      {inquiry ? (
        <>
          <dl className="fields">
            <div className="field">
              <dt>{texts.registers[inquiry.Register] ?? inquiry.Register}</dt>
              <dd>{texts.asked(fmt.dateTime(inquiry.FetchedAt))}</dd>
            </div>
            <div className="field">
              <dt>{texts.consent(fmt.dateTime(inquiry.Consent.GivenAt))}</dt>
              <dd>
                {texts.scope}: {inquiry.Consent.Scope}
                <br />
                {texts.purpose}: {inquiry.Consent.Purpose}
              </dd>
            </div>
          </dl>
          {inquiry.State === 'failed' ? (
            <Notice>{texts.failed[inquiry.Failure ?? ''] ?? inquiry.Failure}</Notice>
          ) : null}
          {inquiry.Found.length === 0 ? (
            inquiry.State === 'fetched' ? (
              <p className="empty">{texts.nothingFound}</p>
            ) : null
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <caption>{texts.found(inquiry.Found.length)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{texts.creditor}</th>
                    <th scope="col">{texts.type}</th>
                    <th scope="col">{texts.drawn}</th>
                    <th scope="col">{texts.limit}</th>
                    <th scope="col">{texts.counted}</th>
                    <th scope="col">{texts.monthly}</th>
                    <th scope="col">{texts.rate}</th>
                  </tr>
                </thead>
                <tbody>
                  {inquiry.Found.map((debt, index) => (
                    <tr key={debt.DebtID ?? `${debt.Creditor}-${index}`}>
                      <td>
                        {debt.Creditor}
                        {debt.CorrectedByApplicant ? ` (${texts.corrected})` : ''}
                      </td>
                      <td>{answers.debtType[debt.DebtType] ?? debt.DebtType}</td>
                      <td>{fmt.money(debt.Balance, country)}</td>
                      <td>{fmt.money(debt.CreditLimit, country)}</td>
                      <td>{fmt.money(debt.CountedBalance, country)}</td>
                      <td>{fmt.money(debt.MonthlyPayment, country)}</td>
                      <td>{fmt.fraction(debt.InterestRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="muted">{texts.audited}</p>
        </>
      ) : null}
    </section>
  );
}
