import type { InsuranceOffer } from '@nordloan/domain/insurance';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EligibilityAnswers } from '../api/check-eligibility.ts';

const employmentStatuses: EligibilityAnswers['EmploymentStatus'][] = [
  'permanent',
  'temporary',
  'self-employed',
  'retired',
  'student',
  'unemployed',
];

/** Step 1: the questions the rules need (ADR 0026). Nothing is pre-filled but the neutral defaults. */
export function EligibilityStep({
  offer,
  initial,
  onNext,
}: {
  offer: InsuranceOffer;
  initial: EligibilityAnswers | null;
  onNext: (answers: EligibilityAnswers) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<EligibilityAnswers['EmploymentStatus'] | ''>(
    initial?.EmploymentStatus ?? '',
  );
  const [months, setMonths] = useState(initial ? String(initial.EmployedMonths) : '');
  const [hours, setHours] = useState(initial ? String(initial.HoursPerWeek) : '');
  const [resident, setResident] = useState(initial?.ResidentInCountry ?? false);
  const [fit, setFit] = useState(initial?.FitForWork ?? false);
  const [submitted, setSubmitted] = useState(false);
  const monthsValue = Number(months);
  const hoursValue = Number(hours.replace(',', '.'));
  const monthsValid =
    months.trim() !== '' && Number.isInteger(monthsValue) && monthsValue >= 0 && monthsValue <= 720;
  const hoursValid =
    hours.trim() !== '' && Number.isFinite(hoursValue) && hoursValue >= 0 && hoursValue <= 100;
  const rules = offer.Rules;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!status || !monthsValid || !hoursValid) return;
    onNext({
      EmploymentStatus: status,
      EmployedMonths: monthsValue,
      HoursPerWeek: hoursValue,
      ResidentInCountry: resident,
      FitForWork: fit,
    });
  };
  const error = (show: boolean, errorId: string) =>
    submitted && show ? (
      <p id={errorId} className="error-text" role="alert">
        {t('insuranceJourney.eligibility.required')}
      </p>
    ) : null;

  return (
    <form
      className="panel"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="insurance-eligibility"
    >
      <h2 id={`${id}-title`}>{t('insuranceJourney.eligibility.heading')}</h2>
      <p>
        {t('insuranceJourney.eligibility.lead', {
          minAge: rules.MinAge,
          maxAge: rules.MaxEntryAge,
          months: rules.MinEmployedMonths,
          hours: rules.MinHoursPerWeek,
        })}
      </p>
      {offer.Reasons.length > 0 && (
        <ul className="error-text" data-testid="insurance-known-reasons">
          {offer.Reasons.map((reason) => (
            <li key={reason}>{t(`insuranceJourney.reasons.${reason}`, { defaultValue: reason })}</li>
          ))}
        </ul>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          {t('insuranceJourney.eligibility.employmentStatus')}
        </label>
        <select
          id={`${id}-status`}
          className="text-input"
          value={status}
          onChange={(event) => setStatus(event.target.value as EligibilityAnswers['EmploymentStatus'])}
          aria-invalid={submitted && !status ? true : undefined}
          aria-describedby={submitted && !status ? `${id}-status-error` : undefined}
          data-testid="insurance-employment"
        >
          <option value="" />
          {employmentStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`insuranceJourney.eligibility.employment.${value}`)}
            </option>
          ))}
        </select>
        {error(!status, `${id}-status-error`)}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-months`}>
          {t('insuranceJourney.eligibility.employedMonths')}
        </label>
        <input
          id={`${id}-months`}
          className="text-input"
          inputMode="numeric"
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          aria-invalid={submitted && !monthsValid ? true : undefined}
          aria-describedby={submitted && !monthsValid ? `${id}-months-error` : undefined}
          data-testid="insurance-months"
        />
        {error(!monthsValid, `${id}-months-error`)}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-hours`}>
          {t('insuranceJourney.eligibility.hoursPerWeek')}
        </label>
        <input
          id={`${id}-hours`}
          className="text-input"
          inputMode="decimal"
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          aria-invalid={submitted && !hoursValid ? true : undefined}
          aria-describedby={submitted && !hoursValid ? `${id}-hours-error` : undefined}
          data-testid="insurance-hours"
        />
        {error(!hoursValid, `${id}-hours-error`)}
      </div>
      <label className="choice">
        <input
          type="checkbox"
          checked={resident}
          onChange={(event) => setResident(event.target.checked)}
          data-testid="insurance-resident"
        />
        {t('insuranceJourney.eligibility.resident')}
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={fit}
          onChange={(event) => setFit(event.target.checked)}
          data-testid="insurance-fit"
        />
        {t('insuranceJourney.eligibility.fitForWork')}
      </label>
      <button type="submit" className="button" data-testid="insurance-eligibility-next">
        {t('common.continue')}
      </button>
    </form>
  );
}
