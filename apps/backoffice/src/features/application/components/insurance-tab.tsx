import {
  type Country,
  currencyByCountry,
  type InsuranceTerminationReason,
  insuranceTerminationReasons,
} from '@nordloan/domain/enums';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Application360, mayDo } from '#src/features/application/api/get-application-360.ts';
import {
  type InsuranceRequest,
  useEndInsurancePolicy,
  usePersonInsurance,
} from '#src/features/application/api/person-insurance.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime, humanize } from '#src/shared/ui/format.ts';

// The applicants' payment-protection insurance (ADR 0026): every request of each applicant — on this
// application or another of theirs — with the insurer's decision and the policy, and ending a policy for a
// reason the customer gave on the phone or one of the insurer's (staff holding application.update).

const reasonLabels: Record<InsuranceTerminationReason, string> = {
  'customer-withdrew': 'Customer withdrew (within 30 days of the start)',
  'customer-terminated': 'Customer ended the policy',
  age: 'Age limit reached',
  death: 'Death of the insured',
  insolvency: 'Insolvency',
  'multiple-policies': 'Holds another policy',
  screening: 'PEP/sanctions screening',
  'max-compensation': 'Maximum compensation paid',
  emigration: 'Emigration',
};

function money(amount: number, country: string): string {
  const currency = currencyByCountry[country as Country];
  return currency
    ? new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount)
    : amount.toLocaleString('en-GB');
}

export function InsuranceTab({ view }: { view: Application360 }) {
  const people = view.Applicants.flatMap((applicant, index) =>
    applicant.Person
      ? [
          {
            personID: applicant.Person.ID,
            name:
              [applicant.Person.FirstName, applicant.Person.LastName].filter(Boolean).join(' ') ||
              (index === 0 ? 'Main applicant' : 'Co-applicant'),
          },
        ]
      : [],
  );
  if (people.length === 0) return <Empty>No applicants recorded.</Empty>;
  const mayEnd = mayDo(view, '/termination');
  return (
    <div className="stack">
      {people.map((person) => (
        <ApplicantInsurance
          key={person.personID}
          {...person}
          applicationID={view.Application.ID}
          mayEnd={mayEnd}
        />
      ))}
    </div>
  );
}

function ApplicantInsurance({
  personID,
  name,
  applicationID,
  mayEnd,
}: {
  personID: string;
  name: string;
  applicationID: string;
  mayEnd: boolean;
}) {
  const insurance = usePersonInsurance(personID);
  const headingID = `insurance-${personID}`;
  return (
    <section className="card" aria-labelledby={headingID}>
      <h3 id={headingID}>Insurance of {name}</h3>
      {insurance.isPending ? <Loading label="Loading insurance…" /> : null}
      {insurance.isError && insurance.error instanceof ApiError && insurance.error.status === 403 ? (
        <Notice>Your role does not include reading insurance.</Notice>
      ) : insurance.isError ? (
        <ErrorMessage error={insurance.error} />
      ) : null}
      {insurance.data && insurance.data.length === 0 ? <Empty>No insurance requested.</Empty> : null}
      {insurance.data && insurance.data.length > 0 ? (
        <table className="data-table" data-testid={`insurance-${personID}`}>
          <caption>Insurance requests and policies</caption>
          <thead>
            <tr>
              <th scope="col">Requested</th>
              <th scope="col">Insurer</th>
              <th scope="col">Cover / month</th>
              <th scope="col">Premium / month</th>
              <th scope="col">Decision</th>
              <th scope="col">Policy</th>
              <th scope="col">For</th>
            </tr>
          </thead>
          <tbody>
            {insurance.data.map((item) => (
              <tr key={item.ID}>
                <td>{formatDateTime(item.CreatedAt)}</td>
                <td>{item.Insurer}</td>
                <td>{money(item.InsuredMonthlyAmount, item.Country)}</td>
                <td>{money(item.MonthlyPremium, item.Country)}</td>
                <td>{humanize(item.Decision)}</td>
                <td>
                  <PolicyCell request={item} personID={personID} mayEnd={mayEnd} />
                </td>
                <td>
                  {item.LoanApplicationID === applicationID
                    ? 'This application'
                    : item.LoanApplicationID
                      ? 'Another application'
                      : 'No application'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function PolicyCell({
  request,
  personID,
  mayEnd,
}: {
  request: InsuranceRequest;
  personID: string;
  mayEnd: boolean;
}) {
  const policy = request.Policy;
  if (!policy) return <>—</>;
  return (
    <div className="stack">
      <span>
        {policy.PolicyNumber}, from {policy.StartsOn}
      </span>
      {policy.Status === 'terminated' ? (
        <span>
          Ended {formatDateTime(policy.TerminatedAt)}
          {policy.TerminationReason
            ? `: ${reasonLabels[policy.TerminationReason as InsuranceTerminationReason] ?? policy.TerminationReason}`
            : ''}
        </span>
      ) : (
        <span>Active; the customer may withdraw until {policy.WithdrawalDeadline}</span>
      )}
      {policy.Status === 'active' && mayEnd ? (
        <EndPolicyForm policyID={policy.ID} policyNumber={policy.PolicyNumber} personID={personID} />
      ) : null}
    </div>
  );
}

function EndPolicyForm({
  policyID,
  policyNumber,
  personID,
}: {
  policyID: string;
  policyNumber: string;
  personID: string;
}) {
  // Ending a policy cannot be undone: it takes a press to open the form, a reason and a second press.
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<InsuranceTerminationReason | ''>('');
  const end = useEndInsurancePolicy(personID);
  const field = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason && !end.isPending) end.mutate({ policyID, reason });
  };
  if (!open) {
    return (
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        End policy…
      </button>
    );
  }
  return (
    <form className="inline-form danger-zone" onSubmit={submit} aria-label={`End policy ${policyNumber}`}>
      <label>
        Reason for ending policy {policyNumber}
        <select
          ref={field}
          value={reason}
          required
          onChange={(event) => setReason(event.target.value as InsuranceTerminationReason | '')}
        >
          <option value="">Choose a reason…</option>
          {insuranceTerminationReasons.map((value) => (
            <option key={value} value={value}>
              {reasonLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="danger" disabled={!reason || end.isPending}>
        {end.isPending ? 'Ending…' : 'End policy for good'}
      </button>
      <button type="button" onClick={() => setOpen(false)} disabled={end.isPending}>
        Keep it
      </button>
      {end.isError ? <ErrorMessage title="The policy could not be ended" error={end.error} /> : null}
    </form>
  );
}
