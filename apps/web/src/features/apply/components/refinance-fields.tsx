import type { Country } from '@nordloan/domain/enums';
import type { FieldError } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from './fields.tsx';
import type { AnyForm } from './step-form.tsx';

// Issue 35 item 4 (ADR 0080): on a debt row of the economy step, "pay off with the new loan" and, once
// ticked, the debt's rate and the creditor's account and payment reference in the country's own format
// (the hints say which). Rows the applicant does not tick ask nothing more.

export function RefinanceFields({
  form,
  index,
  country,
}: {
  form: AnyForm;
  index: number;
  country: Country;
}) {
  const { t } = useTranslation();
  const name = (field: string) => `debts.${index}.${field}`;
  const ticked = useWatch({ control: form.control, name: name('refinance') }) === true;
  const errors = (form.formState.errors.debts as Record<string, Record<string, FieldError>> | undefined)?.[
    index
  ];
  return (
    <div className="apply-refinance" data-testid={`refinance-${index}`}>
      <CheckboxField
        name={name('refinance')}
        label={t('apply.refinance.payOff')}
        register={form.register}
        error={errors?.refinance}
      />
      {ticked && (
        <div className="apply-refinance__details">
          <p className="muted">{t('apply.refinance.lead')}</p>
          <TextField
            name={name('interestRate')}
            label={t('apply.refinance.interestRate')}
            hint={t('apply.refinance.interestRateHint')}
            inputMode="decimal"
            register={form.register}
            error={errors?.interestRate}
          />
          <TextField
            name={name('payoffAccount')}
            label={t(`apply.refinance.account.${country}`)}
            hint={t(`apply.refinance.accountHint.${country}`)}
            register={form.register}
            error={errors?.payoffAccount}
          />
          <TextField
            name={name('payoffReference')}
            label={t(`apply.refinance.reference.${country}`)}
            hint={t(`apply.refinance.referenceHint.${country}`)}
            register={form.register}
            error={errors?.payoffReference}
          />
        </div>
      )}
    </div>
  );
}
