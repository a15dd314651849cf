import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  coApplicantIdentitySchema,
  employmentSchema,
  householdSchema,
  incomeSchema,
} from '#src/features/apply/model/validation.ts';
import { EmploymentFields, HouseholdFields, IncomeFields } from './detail-fields.tsx';
import { TextField } from './fields.tsx';
import { asAny, StepForm, type StepFormProps } from './step-form.tsx';

// The co-applicant step's form: who the co-applicant is (their number once, not shown again after), and
// their household, employment and income as the main applicant's.

export function coApplicantFormSchema(
  country: Parameters<typeof coApplicantIdentitySchema>[0],
  flags: Parameters<typeof householdSchema>[0],
  mainNationalId: string | null,
  alreadyLinked: boolean,
) {
  const identity = coApplicantIdentitySchema(country, mainNationalId);
  // Once the co-applicant is on the application, their number is not shown again (it is personal data);
  // it is asked again only to change who the co-applicant is.
  const identityPart = alreadyLinked
    ? z.object({
        nationalId: z
          .string()
          .refine(
            (value) => value.trim() === '' || identity.shape.nationalId.safeParse(value).success,
            'nationalId',
          ),
        firstName: identity.shape.firstName,
        lastName: identity.shape.lastName,
        email: identity.shape.email,
        phone: identity.shape.phone,
      })
    : identity;
  return z
    .object({ with: z.literal(true) })
    .and(identityPart)
    .and(householdSchema(flags))
    .and(employmentSchema(flags))
    .and(incomeSchema);
}
export type CoApplicantInput = z.input<ReturnType<typeof coApplicantFormSchema>>;
export type CoApplicantOutput = z.output<ReturnType<typeof coApplicantFormSchema>>;

export function CoApplicantDetailsForm({
  defaults,
  onSubmit,
  actions,
  mainNationalId,
  alreadyLinked,
}: StepFormProps<CoApplicantInput, CoApplicantOutput> & {
  mainNationalId: string | null;
  alreadyLinked: boolean;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const flags = brand.unsecuredLoan.optionalFields;
  const schema = useMemo(
    () => coApplicantFormSchema(brand.country, flags, mainNationalId, alreadyLinked),
    [brand.country, flags, mainNationalId, alreadyLinked],
  );
  const form = useForm<CoApplicantInput, unknown, CoApplicantOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  return (
    <StepForm testId="step-co-applicant" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      <h3>{t('apply.coApplicant.about')}</h3>
      <TextField
        name="nationalId"
        inputMode="numeric"
        label={t(`apply.identify.nationalId.${brand.country}`)}
        hint={alreadyLinked ? t('apply.coApplicant.nationalIdKept') : undefined}
        register={form.register}
        error={errors.nationalId}
        testId="co-field-nationalId"
      />
      <TextField
        name="firstName"
        label={t('apply.form.firstName')}
        register={form.register}
        error={errors.firstName}
      />
      <TextField
        name="lastName"
        label={t('apply.form.lastName')}
        register={form.register}
        error={errors.lastName}
      />
      <TextField
        name="email"
        type="email"
        label={t('apply.form.email')}
        register={form.register}
        error={errors.email}
      />
      <TextField
        name="phone"
        type="tel"
        label={t('apply.form.phone')}
        hint={t(`apply.form.phoneHint.${brand.country}`)}
        register={form.register}
        error={errors.phone}
      />
      <h3>{t('apply.stepTitles.household')}</h3>
      <HouseholdFields form={asAny(form)} flags={flags} />
      <h3>{t('apply.stepTitles.employment')}</h3>
      <EmploymentFields form={asAny(form)} flags={flags} />
      <h3>{t('apply.economy.income')}</h3>
      <IncomeFields form={asAny(form)} />
    </StepForm>
  );
}
