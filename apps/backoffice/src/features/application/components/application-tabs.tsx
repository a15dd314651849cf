import type { StaffPermission } from '@nordloan/domain/access';
import type { Applicant360, Application360 } from '@nordloan/domain/application-360';
import type { Country } from '@nordloan/domain/enums';
import { fullName } from '#src/features/application/api/get-application-360.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { AnswerGroup } from '#src/shared/i18n/messages/answer-words.ts';
import { Empty } from '#src/shared/ui/feedback.tsx';
import { RecordView, useFieldLabel, useValueText } from '#src/shared/ui/record-view.tsx';
import { statusWords } from '#src/shared/ui/status.tsx';

// The read-only tabs of the 360° view, in the staff member's language: the applicants, their finances,
// documents, consents and history. Internal ids are left out (the record details disclosure has them).

/** The tabs, in the order of their number keys; `permission`: the one it needs besides reading the case. */
export const applicationTabs = [
  { id: 'applicants' },
  { id: 'finances' },
  { id: 'documents' },
  { id: 'quotes' },
  { id: 'consents' },
  { id: 'calls' },
  { id: 'history' },
  { id: 'notes' },
  { id: 'audit', permission: 'audit.read' },
  // Last: the number keys of the tabs before it stay as staff know them.
  { id: 'insurance' },
] as const satisfies readonly { id: string; permission?: StaffPermission }[];
export type ApplicationTabId = (typeof applicationTabs)[number]['id'];

export function isApplicationTab(value: string | undefined): value is ApplicationTabId {
  return applicationTabs.some((tab) => tab.id === value);
}

/**
 * The tabs the caller's role may read in the application's country (GET /backoffice/me): a tab the server
 * would refuse is not offered (issue 38: "Sales see an Audit tab that then refuses them").
 */
export function visibleTabs(country: string, permissions: Record<string, string[]>) {
  return applicationTabs.filter(
    (tab) => !('permission' in tab) || (permissions[tab.permission] ?? []).includes(country),
  );
}

export function useRoleLabel() {
  const { t } = useI18n();
  return (applicant: Applicant360, index: number) =>
    applicant.Role === 'CoApplicant' || (!applicant.Role && index > 0)
      ? t.application.coApplicant
      : t.application.mainApplicant;
}

/** One of the applicant's own answers in words (their enumerations are the applicant app's). */
function useAnswer() {
  const { answers } = useI18n();
  const text = useValueText();
  return (group: AnswerGroup | null, value: unknown, name: string, country: Country) =>
    group && (typeof value === 'string' || typeof value === 'number')
      ? (answers[group][String(value)] ?? String(value))
      : text(value, name, country);
}

const answerGroups: Record<string, AnswerGroup> = {
  MaritalStatus: 'maritalStatus',
  Education: 'education',
  LivingSituation: 'livingSituation',
  HousingType: 'housingType',
  EmploymentType: 'employmentType',
  Industry: 'industry',
  JobLevel: 'jobLevel',
  LoanPurpose: 'loanPurpose',
  DebtType: 'debtType',
  CategoryID: 'expenseCategory',
};

/** A definition list of chosen fields, each in words: the applicant's answers, money in the currency. */
function Facts({
  record,
  names,
  country,
}: {
  record: Record<string, unknown>;
  names: readonly string[];
  country: Country;
}) {
  const label = useFieldLabel();
  const answer = useAnswer();
  return (
    <dl className="fields">
      {names
        .filter((name) => name in record)
        .map((name) => (
          <div key={name} className="field">
            <dt>{label(name)}</dt>
            <dd>{answer(answerGroups[name] ?? null, record[name], name, country)}</dd>
          </div>
        ))}
    </dl>
  );
}

export function ApplicantsTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const roleLabel = useRoleLabel();
  const answer = useAnswer();
  const country = view.Application.Country;
  if (view.Applicants.length === 0) return <Empty>{t.applicants.none}</Empty>;
  const application = view.Application;
  return (
    <div className="stack">
      {view.Applicants.map((applicant, index) => {
        const person = applicant.Person;
        const address = person?.Address;
        return (
          <section key={person?.ID ?? index} className="card" aria-labelledby={`applicant-${index}`}>
            <h3 id={`applicant-${index}`}>
              {roleLabel(applicant, index)}
              {person ? ` — ${fullName(person)}` : ''}
            </h3>
            {person ? (
              <dl className="fields">
                <div className="field">
                  <dt>{t.fields.NationalID}</dt>
                  <dd>{person.NationalID}</dd>
                </div>
                <div className="field">
                  <dt>{t.fields.BirthDate}</dt>
                  <dd>{fmt.date(person.BirthDate)}</dd>
                </div>
                <div className="field">
                  <dt>{t.fields.Phone}</dt>
                  <dd>{person.Phone ?? t.common.nothing}</dd>
                </div>
                <div className="field">
                  <dt>{t.fields.Email}</dt>
                  <dd>{person.Email ?? t.common.nothing}</dd>
                </div>
                <div className="field">
                  <dt>{t.fields.Address}</dt>
                  <dd>
                    {[
                      address?.CoName,
                      address?.Street,
                      [address?.PostalCode, address?.City].filter(Boolean).join(' '),
                    ]
                      .filter(Boolean)
                      .join(', ') || t.common.nothing}
                  </dd>
                </div>
                <div className="field">
                  <dt>{t.fields.Citizenship}</dt>
                  <dd>
                    {person.Citizenship
                      ? (t.countries[person.Citizenship] ?? person.Citizenship)
                      : t.common.nothing}
                  </dd>
                </div>
                <div className="field">
                  <dt>{t.fields.IsPoliticallyExposed}</dt>
                  <dd>
                    {person.IsPoliticallyExposed ? t.common.yes : t.common.no}
                    {person.PoliticallyExposedRole ? ` (${person.PoliticallyExposedRole})` : ''}
                  </dd>
                </div>
              </dl>
            ) : null}
            {applicant.Income ? (
              <>
                <h4>{t.applicants.answers}</h4>
                <Facts
                  record={applicant.Income}
                  country={country}
                  names={[
                    'MaritalStatus',
                    'ChildrenCount',
                    'LivingSituation',
                    'HousingType',
                    'EmploymentType',
                    'EmployerName',
                    'EmploymentStart',
                    'Industry',
                    'JobLevel',
                    'Education',
                    'MainBank',
                  ]}
                />
              </>
            ) : null}
          </section>
        );
      })}
      <section className="card" aria-labelledby="application-details">
        <h3 id="application-details">{t.applicants.application}</h3>
        <dl className="fields">
          <div className="field">
            <dt>{t.fields.Product}</dt>
            <dd>{t.products[application.Product] ?? application.Product}</dd>
          </div>
          <div className="field">
            <dt>{t.fields.Amount}</dt>
            <dd>{fmt.money(application.Amount, country)}</dd>
          </div>
          <div className="field">
            <dt>{t.fields.Duration}</dt>
            <dd>{application.Duration ? t.common.years(application.Duration) : t.common.nothing}</dd>
          </div>
          <div className="field">
            <dt>{t.fields.LoanPurpose}</dt>
            <dd>{answer('loanPurpose', application.LoanPurpose, 'LoanPurpose', country)}</dd>
          </div>
          <div className="field">
            <dt>{t.fields.CreatedAt}</dt>
            <dd>{fmt.dateTime(application.CreatedAt)}</dd>
          </div>
          <div className="field">
            <dt>{t.fields.UpdatedAt}</dt>
            <dd>{fmt.dateTime(application.UpdatedAt)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

/** A table of chosen columns of records (debts, expenses), each cell in words. */
function FactTable({
  rows,
  columns,
  country,
  caption,
}: {
  rows: Record<string, unknown>[];
  columns: readonly string[];
  country: Country;
  caption: string;
}) {
  const { t, fmt } = useI18n();
  const label = useFieldLabel();
  const answer = useAnswer();
  if (rows.length === 0) return <p className="empty">{t.common.none}</p>;
  const cell = (row: Record<string, unknown>, column: string) =>
    // Debts carry their rate as a fraction (0.1039): shown as a percent.
    column === 'InterestRate'
      ? fmt.fraction(row[column] as number | null)
      : answer(answerGroups[column] ?? null, row[column], column, country);
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {label(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={typeof row.ID === 'string' ? row.ID : index}>
              {columns.map((column) => (
                <td key={column}>{cell(row, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FinancesTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const roleLabel = useRoleLabel();
  const country = view.Application.Country;
  if (view.Applicants.length === 0) return <Empty>{t.applicants.none}</Empty>;
  const rules = view.LendingRules;
  return (
    <div className="stack">
      {view.Applicants.map((applicant, index) => (
        <section key={applicant.Person?.ID ?? index} className="card" aria-labelledby={`finances-${index}`}>
          <h3 id={`finances-${index}`}>{roleLabel(applicant, index)}</h3>
          <h4>{t.finances.income}</h4>
          {applicant.Income ? (
            <Facts
              record={applicant.Income}
              country={country}
              names={[
                'GrossYearlyIncome',
                'NetMonthlyIncome',
                'OtherIncomeMonthly',
                'HousingCostMonthly',
                'PartnerLivingCostMonthly',
              ]}
            />
          ) : (
            <p className="empty">{t.common.none}</p>
          )}
          <h4>{t.finances.debts}</h4>
          <FactTable
            caption={t.finances.debts}
            rows={applicant.Debts}
            country={country}
            columns={[
              'DebtType',
              'Creditor',
              'Balance',
              'MonthlyPayment',
              'InterestRate',
              'RemainingTermMonths',
              'IsRefinanced',
            ]}
          />
          <h4>{t.finances.expenses}</h4>
          <FactTable
            caption={t.finances.expenses}
            rows={applicant.Expenses}
            country={country}
            columns={['CategoryID', 'MonthlyAmount']}
          />
          <h4>{t.finances.children}</h4>
          <RecordView value={applicant.Children} country={country} />
          <h4>{t.finances.cars}</h4>
          <RecordView value={applicant.Cars} country={country} />
          <h4>{t.finances.realEstate}</h4>
          <RecordView value={applicant.RealEstate} country={country} />
        </section>
      ))}
      {rules ? (
        <section className="card" aria-labelledby="lending-rules-heading">
          <h3 id="lending-rules-heading">{t.finances.norwayRules}</h3>
          <dl className="fields">
            <div className="field">
              <dt>{t.finances.debtCeiling}</dt>
              <dd>{fmt.money(rules.DebtCeiling, country)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.totalDebt}</dt>
              <dd>{fmt.money(rules.TotalDebtAfterLoan, country)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.stressedRate}</dt>
              <dd>{fmt.percent(rules.StressedRate)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.stressedCost}</dt>
              <dd>{fmt.money(rules.StressedMonthlyCost, country)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.livingCost}</dt>
              <dd>{fmt.money(rules.LivingCostMonthly, country)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.surplusAfterStress}</dt>
              <dd>{fmt.money(rules.MonthlySurplusAfterStress, country)}</dd>
            </div>
            <div className="field">
              <dt>{t.finances.maxAmount}</dt>
              <dd>{fmt.money(rules.MaxAmountWithinRules, country)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </div>
  );
}

export function ConsentsTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const country = view.Application.Country;
  const checks = view.PersonChecks;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="checks-heading">
        <h3 id="checks-heading">{t.consents.checks}</h3>
        {checks.length === 0 ? (
          <p className="empty">{t.common.none}</p>
        ) : (
          <ul className="plain-list">
            {checks.map((check) => {
              const hits = (['PEP', 'RCA', 'Sanctioned'] as const).filter((kind) => check.Attributes[kind]);
              return (
                <li key={check.ID}>
                  <strong>{check.FullName}</strong> · {fmt.dateTime(check.CreatedAt)} ·{' '}
                  {hits.length > 0
                    ? hits.map((kind) => t.consents.hitKinds[kind]).join(', ')
                    : t.consents.noHit}
                  {check.Details ? <p className="details">{check.Details}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="contact-preferences-heading">
        <h3 id="contact-preferences-heading">{t.consents.preferences}</h3>
        {view.ContactPreferences ? (
          <ul data-testid="contact-preferences">
            <li>{t.consents.offersByEmail(view.ContactPreferences.Email)}</li>
            <li>{t.consents.offersBySms(view.ContactPreferences.Sms)}</li>
            <li>
              {view.ContactPreferences.NoSalesCalls ? t.consents.noSalesCalls : t.consents.salesCallsAllowed}
            </li>
          </ul>
        ) : (
          <Empty>{t.consents.noCustomer}</Empty>
        )}
      </section>
      <section className="card" aria-labelledby="consents-heading">
        <h3 id="consents-heading">{t.consents.consents}</h3>
        <RecordView value={view.Consents.map(({ Brand: _brand, ...rest }) => rest)} country={country} />
      </section>
      <section className="card" aria-labelledby="contact-log-heading">
        <h3 id="contact-log-heading">{t.consents.contactLog}</h3>
        <RecordView value={view.ContactLog} country={country} />
      </section>
      <section className="card" aria-labelledby="terms-heading">
        <h3 id="terms-heading">{t.consents.terms}</h3>
        <RecordView value={view.TermsAccepted.map(({ Brand: _brand, ...rest }) => rest)} country={country} />
      </section>
    </div>
  );
}

/** Who made a status change, in words: "customer:…", "system:…", "lender:…" or an agent. */
function useActorWords() {
  const { t } = useI18n();
  return (actor: string) => t.history.actors[actor.split(':')[0] ?? ''] ?? t.history.actors.staff;
}

export function HistoryTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const actorWords = useActorWords();
  const history = [...view.StatusHistory].reverse();
  return (
    <div className="stack">
      <section className="card" aria-labelledby="status-history-heading">
        <h3 id="status-history-heading">{t.history.statusHistory}</h3>
        {history.length === 0 ? (
          <p className="empty">{t.common.none}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t.history.when}</th>
                  <th scope="col">{t.history.from}</th>
                  <th scope="col">{t.history.to}</th>
                  <th scope="col">{t.history.by}</th>
                  <th scope="col">{t.history.why}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history is read-only and ordered by the server
                  <tr key={index}>
                    <td>{fmt.dateTime(entry.At)}</td>
                    <td>{statusWords(t, entry.From)}</td>
                    <td>{statusWords(t, entry.To)}</td>
                    <td>{actorWords(entry.Actor)}</td>
                    <td>{entry.Reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card" aria-labelledby="leads-heading">
        <h3 id="leads-heading">{t.history.leads}</h3>
        <RecordView value={view.Leads} country={view.Application.Country} />
      </section>
    </div>
  );
}

export function DocumentsTab({ view }: { view: Application360 }) {
  const { t, fmt } = useI18n();
  const label = useFieldLabel();
  const text = useValueText();
  if (view.Documents.length === 0) return <Empty>{t.documents.none}</Empty>;
  return (
    <table className="data-table">
      <caption>{t.documents.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label('Filename')}</th>
          <th scope="col">{label('Category')}</th>
          <th scope="col">{label('Owner')}</th>
          <th scope="col">{label('CreatedAt')}</th>
        </tr>
      </thead>
      <tbody>
        {view.Documents.map((document) => (
          <tr key={document.ID}>
            <td>{document.Filename}</td>
            <td>{text(document.Category)}</td>
            <td>{text(document.Owner)}</td>
            <td>{fmt.dateTime(document.CreatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
