import { zodResolver } from '@hookform/resolvers/zod';
import { realEstateOwnershipTypes } from '@nordloan/domain/backoffice-assets';
import { propertyHousingTypes } from '@nordloan/domain/enums';
import type { SecuredProperty } from '@nordloan/domain/secured-loan';
import { type ReactNode, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBrand } from '#src/brands/brand-context.tsx';
import {
  type PropertyInput,
  type PropertyOutput,
  propertySchema,
} from '#src/features/apply/model/validation.ts';
import { SelectField, TextField, useEnumOptions } from './fields.tsx';

// The secured loan's property step (ADR 0027): the home the loan is secured on. "Look up" saves the
// answers and asks the property register; the answer — register value, the value lent against and the
// loan-to-value against the brand's ceiling — is shown before the applicant continues. A loan-to-value
// above the ceiling, or a loan that does not pay off the mortgage, cannot continue (the API refuses it too).

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function propertyDefaults(property: SecuredProperty | null): PropertyInput {
  return {
    street: property?.Street ?? '',
    streetNumber: property?.StreetNumber ?? '',
    postcode: property?.Postcode ?? '',
    municipality: property?.Municipality ?? '',
    propertyType: property?.PropertyType ?? '',
    ownershipType: property?.OwnershipType ?? '',
    estimatedValue: text(property?.EstimatedValue),
    existingMortgage: text(property?.ExistingMortgage),
    cooperativeCommonDebt: property?.CooperativeCommonDebt ? String(property.CooperativeCommonDebt) : '',
  };
}

export function PropertyStep({
  property,
  amount,
  busy,
  onLookUp,
  onContinue,
  back,
}: {
  property: SecuredProperty | null;
  amount: number | null;
  busy: boolean;
  onLookUp: (values: PropertyOutput) => void;
  onContinue: () => void;
  back: ReactNode;
}) {
  const { t } = useTranslation();
  const { format } = useBrand();
  const schema = useMemo(() => propertySchema(), []);
  const form = useForm<PropertyInput, unknown, PropertyOutput>({
    resolver: zodResolver(schema),
    defaultValues: propertyDefaults(property),
  });
  const { errors } = form.formState;
  const typeOptions = useEnumOptions('housingType', propertyHousingTypes);
  const ownershipLabels = t('apply.ownershipType', { returnObjects: true }) as Record<string, string>;
  const ownershipOptions = realEstateOwnershipTypes.map((value) => ({
    value,
    label: ownershipLabels[value] ?? value,
  }));
  const isCooperative = form.watch('ownershipType') === 'Cooperative';
  const belowMortgage = !!property && amount !== null && amount < property.ExistingMortgage;
  const canContinue = !!property && property.WithinLimit && !belowMortgage;

  return (
    <>
      <form
        className="panel apply-step"
        noValidate
        aria-labelledby="apply-step-title"
        data-testid="step-property"
        onSubmit={form.handleSubmit(onLookUp)}
      >
        <p className="muted">{t('apply.property.lead')}</p>
        <TextField
          name="street"
          autoComplete="address-line1"
          label={t('apply.property.street')}
          register={form.register}
          error={errors.street}
        />
        <TextField
          name="streetNumber"
          label={t('apply.property.streetNumber')}
          register={form.register}
          error={errors.streetNumber}
        />
        <TextField
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          label={t('apply.property.postcode')}
          register={form.register}
          error={errors.postcode}
        />
        <TextField
          name="municipality"
          label={t('apply.property.municipality')}
          register={form.register}
          error={errors.municipality}
        />
        <SelectField
          name="propertyType"
          label={t('apply.property.propertyType')}
          register={form.register}
          error={errors.propertyType}
          options={typeOptions}
        />
        <SelectField
          name="ownershipType"
          label={t('apply.property.ownershipType')}
          register={form.register}
          error={errors.ownershipType}
          options={ownershipOptions}
        />
        <TextField
          name="estimatedValue"
          inputMode="numeric"
          label={t('apply.property.estimatedValue')}
          hint={t('apply.property.kroner')}
          register={form.register}
          error={errors.estimatedValue}
        />
        <TextField
          name="existingMortgage"
          inputMode="numeric"
          label={t('apply.property.existingMortgage')}
          hint={t('apply.property.kroner')}
          register={form.register}
          error={errors.existingMortgage}
        />
        {isCooperative && (
          <TextField
            name="cooperativeCommonDebt"
            inputMode="numeric"
            label={t('apply.property.cooperativeCommonDebt')}
            hint={t('apply.property.kroner')}
            register={form.register}
            error={errors.cooperativeCommonDebt}
          />
        )}
        <div className="apply-actions">
          <button
            type="submit"
            className="button button--secondary"
            disabled={busy}
            data-testid="property-lookup"
          >
            {busy ? t('apply.property.lookingUp') : t('apply.property.lookUp')}
          </button>
        </div>
      </form>
      {property && (
        <section
          className="panel apply-property-result"
          aria-labelledby="property-result-title"
          data-testid="property-result"
          data-lookup-status={property.LookupStatus}
          data-within-limit={String(property.WithinLimit)}
        >
          <h3 id="property-result-title">{t('apply.property.resultTitle')}</h3>
          <p role="status" aria-live="polite">
            {t(`apply.property.status_${property.LookupStatus}`)}
          </p>
          <dl className="apply-facts">
            {property.RegisterValue !== null && (
              <div>
                <dt>{t('apply.property.registerValue')}</dt>
                <dd>{format.currency(property.RegisterValue)}</dd>
              </div>
            )}
            <div>
              <dt>{t('apply.property.valueUsed')}</dt>
              <dd data-testid="property-value-used">{format.currency(property.ValueUsed)}</dd>
            </div>
            <div>
              <dt>{t('apply.property.loanToValue')}</dt>
              <dd data-testid="property-ltv">
                {property.LoanToValue === null ? '–' : `${format.number(property.LoanToValue)} %`}
              </dd>
            </div>
          </dl>
          <p className="muted">
            {t('apply.property.maxLoanToValue', { max: format.number(property.MaxLoanToValue) })}
          </p>
          {!property.WithinLimit && property.LoanToValue !== null && (
            <p className="error-text" role="alert">
              {t('apply.property.overLimit', { max: format.number(property.MaxLoanToValue) })}
            </p>
          )}
          {belowMortgage && (
            <p className="error-text" role="alert">
              {t('apply.property.belowMortgage')}
            </p>
          )}
          <h4>{t('apply.property.documentsTitle')}</h4>
          <ul data-testid="property-document-needs">
            {property.DocumentRequirements.map((need) => (
              <li key={`${need.Category}-${need.Owner}`}>
                {t(`offers.documents.categories.${need.Category}`)} (
                {t(`offers.documents.owners.${need.Owner}`)})
              </li>
            ))}
          </ul>
          <p className="muted">{t('apply.property.documentsLead')}</p>
        </section>
      )}
      <div className="apply-actions">
        {back}
        <button
          type="button"
          className="button"
          disabled={busy || !canContinue}
          onClick={onContinue}
          data-testid="step-submit"
        >
          {t('common.continue')}
        </button>
      </div>
    </>
  );
}
