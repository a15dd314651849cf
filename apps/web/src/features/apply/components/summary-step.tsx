import type { LoanApplication } from '@nordloan/domain/loan-application';
import type { Person } from '@nordloan/domain/person';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';

// The last look before submitting: what is applied for and by whom. Submit = application-complete.
export function SummaryStep({
  application,
  person,
  busy,
  back,
  onSubmit,
}: {
  application: LoanApplication;
  person: Person | null;
  busy: boolean;
  back: ReactNode;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const purposes = t('apply.enums.loanPurpose', { returnObjects: true }) as Record<string, string>;
  const rows: [string, string][] = [
    [t('apply.summary.product'), t(`products.${application.Product}`)],
    [
      application.Product === 'CreditCard' ? t('apply.creditLimit') : t('apply.amount'),
      application.Amount === null ? '–' : format.currency(application.Amount),
    ],
  ];
  if (application.Duration !== null)
    rows.push([t('apply.duration'), t('apply.years', { count: application.Duration })]);
  if (application.LoanPurpose)
    rows.push([t('apply.form.loanPurpose'), purposes[application.LoanPurpose] ?? application.LoanPurpose]);
  if (person)
    rows.push([t('apply.summary.applicant'), [person.FirstName, person.LastName].filter(Boolean).join(' ')]);
  const contact = application.Data.CoApplicantContact as
    | { FirstName?: string; LastName?: string }
    | undefined;
  rows.push([
    t('apply.summary.coApplicant'),
    application.CoApplicantPersonID && contact
      ? `${contact.FirstName ?? ''} ${contact.LastName ?? ''}`.trim()
      : t('apply.summary.none'),
  ]);
  return (
    <form
      className="panel apply-step"
      noValidate
      aria-labelledby="apply-step-title"
      data-testid="step-summary"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <dl className="apply-facts apply-facts--list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('apply.summary.lead')}</p>
      <div className="apply-actions">
        {back}
        <button type="submit" className="button" disabled={busy} data-testid="submit-application">
          {busy ? t('apply.form.saving') : t('apply.summary.submit')}
        </button>
      </div>
    </form>
  );
}
