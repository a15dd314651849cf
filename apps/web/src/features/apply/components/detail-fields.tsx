import { isEmployed, isFixedTerm } from '@nordloan/domain/application-check';
import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import {
  educationLevels,
  employmentTypes,
  industries,
  jobLevels,
  livingSituations,
  maritalStatuses,
  propertyHousingTypes,
} from '@nordloan/domain/enums';
import type { FieldError, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField, SelectField, TextField, useEnumOptions } from './fields.tsx';

// The applicant details asked of the main applicant and, the same way, of a co-applicant: household,
// employment and income. Which optional ones appear is the brand's §3 optional-field flags.

type Flags = BrandConfig['unsecuredLoan']['optionalFields'];
// The groups are shared by forms of different shapes; each form's schema checks its own values.
type AnyForm = UseFormReturn<FieldValues>;

const errorOf = (form: AnyForm, name: string) => form.formState.errors[name] as FieldError | undefined;

export function HouseholdFields({ form, flags }: { form: AnyForm; flags: Flags }) {
  const { t } = useTranslation();
  const marital = useEnumOptions('maritalStatus', maritalStatuses);
  const education = useEnumOptions('education', educationLevels);
  const living = useEnumOptions('livingSituation', livingSituations);
  const housing = useEnumOptions('housingType', propertyHousingTypes);
  const maritalStatus = form.watch('maritalStatus') as string;
  const { register } = form;
  return (
    <>
      <SelectField
        name="maritalStatus"
        label={t('apply.form.maritalStatus')}
        register={register}
        error={errorOf(form, 'maritalStatus')}
        options={marital}
      />
      <SelectField
        name="education"
        label={t('apply.form.education')}
        register={register}
        error={errorOf(form, 'education')}
        options={education}
      />
      <SelectField
        name="livingSituation"
        label={t('apply.form.livingSituation')}
        register={register}
        error={errorOf(form, 'livingSituation')}
        options={living}
      />
      {flags.hasApartmentType && (
        <SelectField
          name="housingType"
          label={t('apply.form.housingType')}
          register={register}
          error={errorOf(form, 'housingType')}
          options={housing}
        />
      )}
      <TextField
        name="housingCostMonthly"
        label={t('apply.form.housingCostMonthly')}
        hint={t('apply.form.perMonth')}
        inputMode="numeric"
        register={register}
        error={errorOf(form, 'housingCostMonthly')}
      />
      {flags.hasPartnerLivingCostMonthly && ['Married', 'Cohabiting'].includes(maritalStatus) && (
        <TextField
          name="partnerLivingCostMonthly"
          label={t('apply.form.partnerLivingCostMonthly')}
          hint={t('apply.form.perMonth')}
          inputMode="numeric"
          register={register}
          error={errorOf(form, 'partnerLivingCostMonthly')}
        />
      )}
      <TextField
        name="childrenCount"
        label={t('apply.form.childrenCount')}
        hint={t('apply.form.childrenHint')}
        inputMode="numeric"
        register={register}
        error={errorOf(form, 'childrenCount')}
      />
    </>
  );
}

export function EmploymentFields({ form, flags }: { form: AnyForm; flags: Flags }) {
  const { t } = useTranslation();
  const types = useEnumOptions('employmentType', employmentTypes);
  const industryOptions = useEnumOptions('industry', industries);
  const jobLevelOptions = useEnumOptions('jobLevel', jobLevels);
  const type = (form.watch('employmentType') as string) ?? '';
  const employed = isEmployed(type);
  const asksStart = employed || (flags.alwaysAskEmploymentStart && type !== '');
  const { register } = form;
  return (
    <>
      <SelectField
        name="employmentType"
        label={t('apply.form.employmentType')}
        register={register}
        error={errorOf(form, 'employmentType')}
        options={types}
      />
      {employed && (
        <TextField
          name="employerName"
          label={t('apply.form.employerName')}
          autoComplete="organization"
          register={register}
          error={errorOf(form, 'employerName')}
        />
      )}
      {asksStart && (
        <TextField
          name="employmentStart"
          type="date"
          label={t('apply.form.employmentStart')}
          register={register}
          error={errorOf(form, 'employmentStart')}
        />
      )}
      {isFixedTerm(type) && (
        <TextField
          name="employmentEnd"
          type="date"
          label={t('apply.form.employmentEnd')}
          register={register}
          error={errorOf(form, 'employmentEnd')}
        />
      )}
      {employed && flags.hasEmployerIndustry && (
        <SelectField
          name="industry"
          label={t('apply.form.industry')}
          register={register}
          error={errorOf(form, 'industry')}
          options={industryOptions}
        />
      )}
      {employed && flags.hasJobPosition && (
        <SelectField
          name="jobLevel"
          label={t('apply.form.jobLevel')}
          register={register}
          error={errorOf(form, 'jobLevel')}
          options={jobLevelOptions}
        />
      )}
      {flags.hasMainBank && (
        <TextField
          name="mainBank"
          label={t('apply.form.mainBank')}
          register={register}
          error={errorOf(form, 'mainBank')}
        />
      )}
      {flags.hasPoliticallyInfluential && (
        <RadioGroupField
          name="isPoliticallyExposed"
          label={t('apply.form.isPoliticallyExposed')}
          register={register}
          error={errorOf(form, 'isPoliticallyExposed')}
          options={[
            { value: 'no', label: t('apply.form.no') },
            { value: 'yes', label: t('apply.form.yes') },
          ]}
        />
      )}
    </>
  );
}

export function IncomeFields({ form }: { form: AnyForm }) {
  const { t } = useTranslation();
  const { register } = form;
  return (
    <>
      <TextField
        name="grossYearlyIncome"
        label={t('apply.form.grossYearlyIncome')}
        hint={t('apply.form.perYearBeforeTax')}
        inputMode="numeric"
        register={register}
        error={errorOf(form, 'grossYearlyIncome')}
      />
      <TextField
        name="netMonthlyIncome"
        label={t('apply.form.netMonthlyIncome')}
        hint={t('apply.form.perMonthAfterTax')}
        inputMode="numeric"
        register={register}
        error={errorOf(form, 'netMonthlyIncome')}
      />
      <TextField
        name="otherIncomeMonthly"
        label={t('apply.form.otherIncomeMonthly')}
        hint={t('apply.form.optional')}
        inputMode="numeric"
        register={register}
        error={errorOf(form, 'otherIncomeMonthly')}
      />
    </>
  );
}
