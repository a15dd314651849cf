import type { StaffPermission } from '@nordloan/domain/access';
import type { Applicant360, Application360 } from '@nordloan/domain/application-360';
import type { Country } from '@nordloan/domain/enums';
import { debtRegisterCountries, useDebtRegister } from '#src/features/application/api/debt-register.ts';
import { fullName } from '#src/features/application/api/get-application-360.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { AnswerGroup } from '#src/shared/i18n/messages/answer-words.ts';
import { Empty } from '#src/shared/ui/feedback.tsx';
import { RecordView, useFieldLabel, useValueText } from '#src/shared/ui/record-view.tsx';
import { DebtRegisterInquirySection } from './debt-register-inquiry.tsx';

// The 360° view's tabs (which there are, who sees them) and the read-only applicants and finances tabs, in
// the staff member's language; consents, history and documents are in record-tabs.tsx. Internal ids are
// left out (the record details disclosure has them).

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
  // One read of the register inquiries for both applicants (audited by the server), where a register exists.
  const register = useDebtRegister(view.Application.ID, view.Applicants.length > 0 ? country : '');
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
          {debtRegisterCountries.includes(country) ? (
            <DebtRegisterInquirySection
              query={register}
              role={
                applicant.Role === 'CoApplicant' || (!applicant.Role && index > 0)
                  ? 'CoApplicant'
                  : 'MainApplicant'
              }
              country={country}
              headingID={`debt-register-${index}`}
            />
          ) : null}
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
