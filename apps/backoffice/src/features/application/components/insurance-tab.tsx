import type { Application360 } from '@nordloan/domain/application-360';
import { type InsuranceTerminationReason, insuranceTerminationReasons } from '@nordloan/domain/enums';
import { type InsuranceRequestView, insuranceRules } from '@nordloan/domain/insurance';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fullName, mayDo } from '#src/features/application/api/get-application-360.ts';
import { useEndInsurancePolicy, usePersonInsurance } from '#src/features/application/api/person-insurance.ts';
import { ApiError } from '#src/shared/api/http.ts';
import { useI18n } from '#src/shared/i18n/i18n.tsx';
import type { Messages } from '#src/shared/i18n/messages.ts';
import { Empty, ErrorMessage, Loading, Notice } from '#src/shared/ui/feedback.tsx';
import { useRoleLabel } from './application-tabs.tsx';

// The applicants' payment-protection insurance (ADR 0026): every request of each applicant — on this
// application or another of theirs — with the insurer's decision and the policy, and ending a policy for a
// reason the customer gave on the phone or one of the insurer's (staff holding application.update).

function reasonLabel(t: Messages, reason: InsuranceTerminationReason): string {
  const label = t.insurance.reasons[reason];
  return typeof label === 'function' ? label(insuranceRules.withdrawalDays) : label;
}

export function InsuranceTab({ view }: { view: Application360 }) {
  const { t } = useI18n();
  const roleLabel = useRoleLabel();
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
  if (people.length === 0) return <Empty>{t.applicants.none}</Empty>;
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
  const { t, fmt } = useI18n();
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
      <h3 id={headingID}>{t.insurance.of(name)}</h3>
      {insurance.isPending ? <Loading label={t.insurance.loading} /> : null}
      {/* The server answers 404 for a person outside the caller's countries: said as such, not as an error. */}
      {refused === 403 || refused === 404 ? (
        <Notice>{t.insurance.notReadable}</Notice>
      ) : insurance.isError ? (
        <ErrorMessage error={insurance.error} />
      ) : null}
      {ended ? (
        <p className="notice" role="status" tabIndex={-1} ref={endedNotice}>
          {t.insurance.ended(ended)}
        </p>
      ) : null}
      {insurance.data && insurance.data.length === 0 ? <Empty>{t.insurance.none}</Empty> : null}
      {insurance.data && insurance.data.length > 0 ? (
        <table className="data-table" data-testid={`insurance-${personID}`}>
          <caption>{t.insurance.caption(name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.insurance.requested}</th>
              <th scope="col">{t.insurance.insurer}</th>
              <th scope="col">{t.insurance.cover}</th>
              <th scope="col">{t.insurance.premium}</th>
              <th scope="col">{t.insurance.decision}</th>
              <th scope="col">{t.insurance.policy}</th>
              <th scope="col">{t.insurance.for}</th>
            </tr>
          </thead>
          <tbody>
            {insurance.data.map((item) => (
              <tr key={item.ID}>
                <td>{fmt.dateTime(item.CreatedAt)}</td>
                <td>{item.Insurer}</td>
                <td>{fmt.money(item.InsuredMonthlyAmount, item.Country)}</td>
                <td>{fmt.money(item.MonthlyPremium, item.Country)}</td>
                <td>{t.insurance.decisions[item.Decision] ?? item.Decision}</td>
                <td>
                  <PolicyCell request={item} personID={personID} mayEnd={mayEnd} onEnded={setEnded} />
                </td>
                <td>
                  {item.LoanApplicationID === applicationID
                    ? t.insurance.thisApplication
                    : item.LoanApplicationID
                      ? t.insurance.anotherApplication
                      : t.insurance.noApplication}
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
  const { t, fmt } = useI18n();
  const policy = request.Policy;
  if (!policy) return <>{t.common.nothing}</>;
  const numberID = `policy-${policy.ID}`;
  const withdrawalOver = policy.WithdrawalDeadline < today();
  return (
    <div className="stack">
      <span id={numberID}>{t.insurance.policyFrom(policy.PolicyNumber, fmt.date(policy.StartsOn))}</span>
      {policy.Status === 'terminated' ? (
        <span>
          {t.insurance.endedAt(fmt.dateTime(policy.TerminatedAt))}
          {policy.TerminationReason
            ? `: ${
                (insuranceTerminationReasons as readonly string[]).includes(policy.TerminationReason)
                  ? reasonLabel(t, policy.TerminationReason as InsuranceTerminationReason)
                  : policy.TerminationReason
              }`
            : ''}
        </span>
      ) : withdrawalOver ? (
        <span>{t.insurance.withdrawalOver(fmt.date(policy.WithdrawalDeadline))}</span>
      ) : (
        <span>{t.insurance.mayWithdraw(fmt.date(policy.WithdrawalDeadline))}</span>
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
  const { t } = useI18n();
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
        {t.insurance.endPolicy}
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
  const { t } = useI18n();
  const [reason, setReason] = useState<InsuranceTerminationReason | ''>('');
  const end = useEndInsurancePolicy(personID);
  const field = useRef<HTMLSelectElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason && !end.isPending) end.mutate({ policyID, reason }, { onSuccess: onEnded });
  };
  return (
    <form
      className="inline-form danger-zone"
      onSubmit={submit}
      aria-label={t.insurance.endPolicyNamed(policyNumber)}
    >
      <label>
        {t.insurance.reasonFor(policyNumber)}
        <select
          ref={field}
          value={reason}
          required
          onChange={(event) => setReason(event.target.value as InsuranceTerminationReason | '')}
        >
          <option value="">{t.insurance.chooseReason}</option>
          {insuranceTerminationReasons.map((value) => (
            <option
              key={value}
              value={value}
              // The server refuses a withdrawal after its period (409): not offered then.
              disabled={value === 'customer-withdrew' && withdrawalOver}
            >
              {reasonLabel(t, value)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="danger" disabled={!reason || end.isPending}>
        {end.isPending ? t.insurance.ending : t.insurance.endForGood}
      </button>
      <button type="button" onClick={onKeep} disabled={end.isPending}>
        {t.insurance.keep}
      </button>
      {end.isError ? <ErrorMessage title={t.insurance.notEnded} error={end.error} /> : null}
    </form>
  );
}
