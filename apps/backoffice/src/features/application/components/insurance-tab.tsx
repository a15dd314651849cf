import type { Application360 } from '@nordloan/domain/application-360';
import {
  type Country,
  currencyByCountry,
  type InsuranceTerminationReason,
  insuranceTerminationReasons,
} from '@nordloan/domain/enums';
import { type InsuranceRequestView, insuranceRules } from '@nordloan/domain/insurance';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fullName, mayDo } from '#src/features/application/api/get-application-360.ts';
import { useEndInsurancePolicy, usePersonInsurance } from '#src/features/application/api/person-insurance.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { formatDateTime, humanize } from '#src/shared/ui/format.ts';
import { roleLabel } from './application-tabs.tsx';

// The applicants' payment-protection insurance (ADR 0026): every request of each applicant — on this
// application or another of theirs — with the insurer's decision and the policy, and ending a policy for a
// reason the customer gave on the phone or one of the insurer's (staff holding application.update).

const reasonLabels: Record<InsuranceTerminationReason, string> = {
  'customer-withdrew': `Customer withdrew (within ${insuranceRules.withdrawalDays} days of the start)`,
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
            name: fullName(applicant.Person) || roleLabel(applicant, index),
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
  const [ended, setEnded] = useState<string | undefined>();
  const endedNotice = useRef<HTMLParagraphElement>(null);
  // After an ending the form is gone: the confirmation takes the focus (and is announced).
  useEffect(() => {
    if (ended) endedNotice.current?.focus();
  }, [ended]);
  const headingID = `insurance-${personID}`;
  const refused = insurance.error instanceof ApiError ? insurance.error.status : undefined;
  return (
    <section className="card" aria-labelledby={headingID}>
      <h3 id={headingID}>Insurance of {name}</h3>
      {insurance.isPending ? <Loading label="Loading insurance…" /> : null}
      {/* The server answers 404 for a person outside the caller's countries: said as such, not as an error. */}
      {refused === 403 || refused === 404 ? (
        <Notice>
          No insurance of this person in the countries you work with, or your role may not read it.
        </Notice>
      ) : insurance.isError ? (
        <ErrorMessage error={insurance.error} />
      ) : null}
      {ended ? (
        <p className="notice" role="status" tabIndex={-1} ref={endedNotice}>
          Policy {ended} ended.
        </p>
      ) : null}
      {insurance.data && insurance.data.length === 0 ? <Empty>No insurance requested.</Empty> : null}
      {insurance.data && insurance.data.length > 0 ? (
        <table className="data-table" data-testid={`insurance-${personID}`}>
          <caption>Insurance requests and policies of {name}</caption>
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
                  <PolicyCell request={item} personID={personID} mayEnd={mayEnd} onEnded={setEnded} />
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

/** Today as the server counts the withdrawal period: a calendar day in UTC. */
const today = () => new Date().toISOString().slice(0, 10);

function PolicyCell({
  request,
  personID,
  mayEnd,
  onEnded,
}: {
  request: InsuranceRequestView;
  personID: string;
  mayEnd: boolean;
  onEnded: (policyNumber: string) => void;
}) {
  const policy = request.Policy;
  if (!policy) return <>—</>;
  const numberID = `policy-${policy.ID}`;
  const withdrawalOver = policy.WithdrawalDeadline < today();
  return (
    <div className="stack">
      <span id={numberID}>
        {policy.PolicyNumber}, from {policy.StartsOn}
      </span>
      {policy.Status === 'terminated' ? (
        <span>
          Ended {formatDateTime(policy.TerminatedAt)}
          {policy.TerminationReason
            ? `: ${reasonLabels[policy.TerminationReason as InsuranceTerminationReason] ?? policy.TerminationReason}`
            : ''}
        </span>
      ) : withdrawalOver ? (
        <span>Active; the withdrawal period ended on {policy.WithdrawalDeadline}</span>
      ) : (
        <span>Active; the customer may withdraw until {policy.WithdrawalDeadline}</span>
      )}
      {policy.Status === 'active' && mayEnd ? (
        <EndPolicy
          policyID={policy.ID}
          policyNumber={policy.PolicyNumber}
          describedBy={numberID}
          personID={personID}
          withdrawalOver={withdrawalOver}
          onEnded={() => onEnded(policy.PolicyNumber)}
        />
      ) : null}
    </div>
  );
}

interface EndPolicyProps {
  policyID: string;
  policyNumber: string;
  personID: string;
  withdrawalOver: boolean;
  onEnded: () => void;
}

/**
 * Ending a policy cannot be undone: a press opens the form, then a reason and a second press. "Keep it" closes
 * the form (forgetting what was chosen) and gives the focus back to the button that opened it.
 */
function EndPolicy(props: EndPolicyProps & { describedBy: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const closedByKeepIt = useRef(false);
  useEffect(() => {
    if (!open && closedByKeepIt.current) {
      closedByKeepIt.current = false;
      opener.current?.focus();
    }
  }, [open]);
  if (!open) {
    return (
      <button
        type="button"
        className="danger"
        ref={opener}
        aria-describedby={props.describedBy}
        onClick={() => setOpen(true)}
      >
        End policy…
      </button>
    );
  }
  return (
    <EndPolicyForm
      {...props}
      onKeep={() => {
        closedByKeepIt.current = true;
        setOpen(false);
      }}
    />
  );
}

function EndPolicyForm({
  policyID,
  policyNumber,
  personID,
  withdrawalOver,
  onEnded,
  onKeep,
}: EndPolicyProps & { onKeep: () => void }) {
  const [reason, setReason] = useState<InsuranceTerminationReason | ''>('');
  const end = useEndInsurancePolicy(personID);
  const field = useRef<HTMLSelectElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason && !end.isPending) end.mutate({ policyID, reason }, { onSuccess: onEnded });
  };
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
            <option
              key={value}
              value={value}
              // The server refuses a withdrawal after its period (409): not offered then.
              disabled={value === 'customer-withdrew' && withdrawalOver}
            >
              {reasonLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="danger" disabled={!reason || end.isPending}>
        {end.isPending ? 'Ending…' : 'End policy for good'}
      </button>
      <button type="button" onClick={onKeep} disabled={end.isPending}>
        Keep it
      </button>
      {end.isError ? <ErrorMessage title="The policy could not be ended" error={end.error} /> : null}
    </form>
  );
}
