import { zodResolver } from '@hookform/resolvers/zod';
import { debtTypes, expenseCategories } from '@nordloan/domain/enums';
import { useMemo } from 'react';
import { type FieldError, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  type AddressInput,
  type AddressOutput,
  addressSchema,
  type ConsentInput,
  type ContactInput,
  type ContactOutput,
  consentSchema,
  contactSchema,
  type EconomyInput,
  type EconomyOutput,
  type EmploymentInput,
  type EmploymentOutput,
  economySchema,
  employmentSchema,
  type HouseholdInput,
  type HouseholdOutput,
  householdSchema,
} from '#src/features/apply/model/validation.ts';
import type { EidLoginError } from '#src/session/eid-login-outcome.ts';
import { BankDataSlot } from '#src/shared/bank-data/bank-data-slot.tsx';
import { DebtRegisterSlot } from '#src/shared/debt-register/debt-register-slot.tsx';
import { EmploymentFields, HouseholdFields, IncomeFields } from './detail-fields.tsx';
import { CheckboxField, SelectField, TextField, useEnumOptions } from './fields.tsx';
import { RefinanceFields } from './refinance-fields.tsx';
import { asAny, StepForm, type StepFormProps } from './step-form.tsx';

// One form per step. Each validates with its schema (errors beside the fields, focus on the first one)
// and hands its parsed values to the journey, which saves them.

// ── identify ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The identity step: the contact details, then the e-ID (ADR 0039). Before the e-ID the submit button
 * leaves for it (the journey keeps the answers); after it the applicant is identified and continues. A
 * login that came back without a token says why here, and the same button tries again.
 */
export function IdentifyStep({
  defaults,
  onSubmit,
  actions,
  loggedIn,
  eidError = null,
  resuming = false,
}: StepFormProps<ContactInput, ContactOutput> & {
  loggedIn: boolean;
  eidError?: EidLoginError | null;
  /** `?resume=`: signing in to continue a draft, not to start one. */
  resuming?: boolean;
}) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const schema = useMemo(() => contactSchema(brand.country), [brand.country]);
  const form = useForm<ContactInput, unknown, ContactOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  // Continuing a draft (`?resume=`): only the e-ID — its contact details are on file already.
  const signInOnly = resuming && !loggedIn;
  return (
    <StepForm
      testId="step-identify"
      onSubmit={signInOnly ? () => onSubmit({ email: '', phone: '' }) : form.handleSubmit(onSubmit)}
      actions={actions}
    >
      {loggedIn ? (
        <p className="notice" data-testid="identified">
          {t('apply.identify.identified')}
        </p>
      ) : (
        <>
          <p className="muted" data-testid="eid-lead">
            {resuming ? t('apply.identify.resumeLead') : t('apply.identify.lead')}
          </p>
          {eidError && (
            <p className="error-text" role="alert" data-testid="eid-error" data-eid-error={eidError}>
              {t(`apply.identify.eidError.${eidError}`)}
            </p>
          )}
        </>
      )}
      {!signInOnly && (
        <>
          <TextField
            name="email"
            type="email"
            autoComplete="email"
            label={t('apply.form.email')}
            register={form.register}
            error={errors.email}
          />
          <TextField
            name="phone"
            type="tel"
            autoComplete="tel"
            label={t('apply.form.phone')}
            hint={t(`apply.form.phoneHint.${brand.country}`)}
            register={form.register}
            error={errors.phone}
          />
        </>
      )}
    </StepForm>
  );
}

// ── address ────────────────────────────────────────────────────────────────────────────────────────

export function AddressStep({
  defaults,
  onSubmit,
  actions,
  birthDate = null,
  prefilled = { name: false, address: false },
}: StepFormProps<AddressInput, AddressOutput> & {
  /** From the e-ID (the national id's date): shown, not asked. */
  birthDate?: string | null;
  /** What was filled in from the e-ID and the population register, for the applicant to confirm (issue 38). */
  prefilled?: { name: boolean; address: boolean };
}) {
  const { t } = useTranslation();
  const { brand, format } = useBrand();
  const schema = useMemo(() => addressSchema(brand.country), [brand.country]);
  const form = useForm<AddressInput, unknown, AddressOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  return (
    <StepForm testId="step-address" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      {(prefilled.name || prefilled.address) && (
        <p className="notice" data-testid="prefilled-notice">
          {prefilled.address ? t('apply.address.prefilledWithAddress') : t('apply.address.prefilled')}
        </p>
      )}
      {birthDate && (
        <p className="muted" data-testid="birth-date">
          {t('apply.address.birthDate', { date: format.date(birthDate) })}
        </p>
      )}
      <TextField
        name="firstName"
        autoComplete="given-name"
        label={t('apply.form.firstName')}
        register={form.register}
        error={errors.firstName}
      />
      <TextField
        name="lastName"
        autoComplete="family-name"
        label={t('apply.form.lastName')}
        register={form.register}
        error={errors.lastName}
      />
      <TextField
        name="street"
        autoComplete="street-address"
        label={t('apply.form.street')}
        register={form.register}
        error={errors.street}
      />
      <TextField
        name="postalCode"
        autoComplete="postal-code"
        inputMode="numeric"
        label={t('apply.form.postalCode')}
        register={form.register}
        error={errors.postalCode}
      />
      <TextField
        name="city"
        autoComplete="address-level2"
        label={t('apply.form.city')}
        register={form.register}
        error={errors.city}
      />
    </StepForm>
  );
}

// ── household, employment ──────────────────────────────────────────────────────────────────────────

export function HouseholdStep({
  defaults,
  onSubmit,
  actions,
}: StepFormProps<HouseholdInput, HouseholdOutput>) {
  const { brand } = useBrand();
  const flags = brand.unsecuredLoan.optionalFields;
  const schema = useMemo(() => householdSchema(flags), [flags]);
  const form = useForm<HouseholdInput, unknown, HouseholdOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  return (
    <StepForm testId="step-household" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      <HouseholdFields form={asAny(form)} flags={flags} />
    </StepForm>
  );
}

export function EmploymentStep({
  defaults,
  onSubmit,
  actions,
}: StepFormProps<EmploymentInput, EmploymentOutput>) {
  const { brand } = useBrand();
  const flags = brand.unsecuredLoan.optionalFields;
  const schema = useMemo(() => employmentSchema(flags), [flags]);
  const form = useForm<EmploymentInput, unknown, EmploymentOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  return (
    <StepForm testId="step-employment" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      <EmploymentFields form={asAny(form)} flags={flags} />
    </StepForm>
  );
}

// ── economy: income, debts, expenses ───────────────────────────────────────────────────────────────

export function EconomyStep({
  defaults,
  onSubmit,
  actions,
  applicationId,
}: StepFormProps<EconomyInput, EconomyOutput> & { applicationId?: string }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const flags = brand.unsecuredLoan.optionalFields;
  const schema = useMemo(() => economySchema(flags, brand.country), [flags, brand.country]);
  const form = useForm<EconomyInput, unknown, EconomyOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const debts = useFieldArray({ control: form.control, name: 'debts' });
  const debtOptions = useEnumOptions('debtType', debtTypes);
  const expenseLabels = useEnumOptions(
    'expenseCategory',
    expenseCategories.map((category) => category.id),
  );
  const { errors } = form.formState;
  return (
    <StepForm testId="step-economy" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      <h3>{t('apply.economy.income')}</h3>
      {applicationId && (
        <BankDataSlot
          applicationId={applicationId}
          onApply={(found) => {
            // Issue 35 item 2 (ADR 0076): what the bank showed, as the applicant confirmed it.
            if (found.netMonthlyIncome !== null)
              form.setValue('netMonthlyIncome', String(found.netMonthlyIncome));
            for (const loan of found.loans) {
              debts.append({
                debtType: loan.debtType ?? '',
                creditor: loan.creditor,
                balance: loan.balance === undefined ? '' : String(loan.balance),
                monthlyPayment: String(loan.monthlyPayment),
              });
            }
          }}
        />
      )}
      <IncomeFields form={asAny(form)} />
      <h3>{t('apply.economy.debts')}</h3>
      <p className="muted">{t('apply.economy.debtsLead')}</p>
      {applicationId && (
        // Issue 35 item 3 (ADR 0079): NO and FI debts from the register; a corrected one joins the rows.
        <DebtRegisterSlot
          applicationId={applicationId}
          onCorrected={(row) => debts.append(row as EconomyInput['debts'][number])}
        />
      )}
      <ul className="apply-rows" data-testid="debt-rows">
        {debts.fields.map((field, index) => (
          <li key={field.id} className="apply-row" data-testid={`debt-row-${index}`}>
            <fieldset>
              <legend>{t('apply.economy.debtNumber', { number: index + 1 })}</legend>
              <SelectField
                name={`debts.${index}.debtType`}
                label={t('apply.economy.debtType')}
                register={form.register}
                error={errors.debts?.[index]?.debtType as FieldError | undefined}
                options={debtOptions}
              />
              <TextField
                name={`debts.${index}.creditor`}
                label={t('apply.economy.creditor')}
                register={form.register}
                error={errors.debts?.[index]?.creditor as FieldError | undefined}
              />
              <TextField
                name={`debts.${index}.balance`}
                inputMode="numeric"
                label={t('apply.economy.balance')}
                register={form.register}
                error={errors.debts?.[index]?.balance as FieldError | undefined}
              />
              <TextField
                name={`debts.${index}.monthlyPayment`}
                inputMode="numeric"
                label={t('apply.economy.monthlyPayment')}
                register={form.register}
                error={errors.debts?.[index]?.monthlyPayment as FieldError | undefined}
              />
              <RefinanceFields form={asAny(form)} index={index} country={brand.country} />
              <button type="button" className="button button--secondary" onClick={() => debts.remove(index)}>
                {t('apply.economy.removeDebt', { number: index + 1 })}
              </button>
            </fieldset>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--secondary"
        data-testid="add-debt"
        onClick={() => debts.append({ debtType: '', creditor: '', balance: '', monthlyPayment: '' })}
      >
        {t('apply.economy.addDebt')}
      </button>
      <h3>{t('apply.economy.expenses')}</h3>
      <p className="muted">{t('apply.economy.expensesLead')}</p>
      <div className="apply-grid">
        {expenseLabels.map((category) => (
          <TextField
            key={category.value}
            name={`expenses.${category.value}` as 'expenses.1'}
            inputMode="numeric"
            label={category.label}
            register={form.register}
            error={errors.expenses?.[category.value as '1'] as FieldError | undefined}
          />
        ))}
      </div>
    </StepForm>
  );
}

// ── consent ────────────────────────────────────────────────────────────────────────────────────────

export function ConsentStep({
  defaults,
  onSubmit,
  actions,
  terms,
}: StepFormProps<ConsentInput> & { terms: { title: string; body: string; publishedOn: string } | null }) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const form = useForm<ConsentInput>({ resolver: zodResolver(consentSchema), defaultValues: defaults });
  const { errors } = form.formState;
  return (
    <StepForm testId="step-consent" onSubmit={form.handleSubmit(onSubmit)} actions={actions}>
      {terms && (
        <details className="apply-terms">
          <summary>{terms.title}</summary>
          <p>{terms.body}</p>
          {/* By the date they apply from, never their internal version label (issue 38). */}
          <p className="muted">{t('apply.consent.version', { date: format.date(terms.publishedOn) })}</p>
        </details>
      )}
      <CheckboxField
        name="acceptTerms"
        label={t('apply.consent.acceptTerms')}
        register={form.register}
        error={errors.acceptTerms}
      />
      <CheckboxField
        name="creditCheck"
        label={t('apply.consent.creditCheck')}
        register={form.register}
        error={errors.creditCheck}
      />
      <fieldset className="apply-marketing" data-testid="marketing-consent">
        <legend>{t('apply.consent.marketingTitle')}</legend>
        <p className="muted">{t('apply.consent.marketingLead')}</p>
        <CheckboxField
          name="marketingEmail"
          label={t('apply.consent.channel.email')}
          register={form.register}
        />
        <CheckboxField name="marketingSms" label={t('apply.consent.channel.sms')} register={form.register} />
        <CheckboxField
          name="marketingPhone"
          label={t('apply.consent.channel.phone')}
          register={form.register}
        />
      </fieldset>
    </StepForm>
  );
}
