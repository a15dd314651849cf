import type { LoanApplication } from '@nordloan/domain/loan-application';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { employmentDefaults, householdDefaults } from '#src/features/apply/model/form-mapping.ts';
import { CoApplicantDetailsForm, type CoApplicantOutput } from './co-applicant-details-form.tsx';

// The co-applicant step: a choice (with or without), then the co-applicant's details or a confirmation
// that none is (or no longer is) on the application.

export function CoApplicantStep({
  application,
  mainNationalId,
  busy,
  actions,
  onRemove,
  onSave,
}: {
  application: LoanApplication;
  mainNationalId: string | null;
  busy: boolean;
  actions: ReactNode;
  onRemove: () => void;
  onSave: (values: CoApplicantOutput) => void;
}) {
  const { t } = useTranslation();
  const linked = !!application.CoApplicantPersonID;
  const [withCo, setWithCo] = useState(linked);
  const contact = (application.Data.CoApplicantContact ?? {}) as Record<string, string | undefined>;
  const co = application.CoApplicant;
  return (
    <>
      <div className="panel apply-co-choice">
        <fieldset className="choice-group" data-testid="co-applicant-choice">
          <legend>{t('apply.coApplicant.question')}</legend>
          <label className="choice">
            <input
              type="radio"
              name="with-co"
              checked={!withCo}
              onChange={() => setWithCo(false)}
              data-testid="co-applicant-no"
            />
            {t('apply.coApplicant.no')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="with-co"
              checked={withCo}
              onChange={() => setWithCo(true)}
              data-testid="co-applicant-yes"
            />
            {t('apply.coApplicant.yes')}
          </label>
        </fieldset>
        <p className="muted">{t('apply.coApplicant.lead')}</p>
      </div>
      {withCo ? (
        <CoApplicantDetailsForm
          mainNationalId={mainNationalId}
          alreadyLinked={linked}
          busy={busy}
          actions={actions}
          onSubmit={onSave}
          defaults={{
            with: true,
            nationalId: '',
            firstName: contact.FirstName ?? '',
            lastName: contact.LastName ?? '',
            email: contact.Email ?? '',
            phone: contact.Phone ?? '',
            ...householdDefaults(co),
            ...employmentDefaults(co),
            grossYearlyIncome: co?.GrossYearlyIncome?.toString() ?? '',
            netMonthlyIncome: co?.NetMonthlyIncome?.toString() ?? '',
            otherIncomeMonthly: co?.OtherIncomeMonthly?.toString() ?? '',
          }}
        />
      ) : (
        <form
          className="panel apply-step"
          noValidate
          aria-labelledby="apply-step-title"
          data-testid="step-co-applicant"
          onSubmit={(event) => {
            event.preventDefault();
            onRemove();
          }}
        >
          <p>{linked ? t('apply.coApplicant.willRemove') : t('apply.coApplicant.none')}</p>
          <div className="apply-actions">{actions}</div>
        </form>
      )}
    </>
  );
}
