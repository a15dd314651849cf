import { z } from 'zod';
import { realEstateOwnershipTypeSchema } from './backoffice-assets.ts';
import type { BrandConfig } from './brands/brand-config.schema.ts';
import { checkAmountAndDuration } from './brands/unsecured-bounds.ts';
import {
  type DocumentCategory,
  type DocumentOwner,
  type LookupStatus,
  lookupStatusSchema,
  propertyHousingTypeSchema,
} from './enums.ts';
import { EffectiveRateError, roundHalfUp } from './finance/loan-math.ts';
import { type RepresentativeExample, representativeExample } from './finance/representative-example.ts';

// Secured loans (issue 10, docs/decisions/0027): mortgage refinancing against the applicant's home, with a
// co-applicant where the home is shared. What the applicant tells about the property, how loan-to-value is
// computed, which documents the case needs, and the product's own representative example. Pure rules:
// the API stores and looks up, the web shows; both read these.

/** The largest property value we accept, in whole currency units (a typo guard, not a market view). */
export const MAX_PROPERTY_VALUE = 200_000_000;

const money = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max.toLocaleString('en').replace(/,/g, ' ')}`);

/** §5: a Norwegian postcode is four digits. */
const postcodeSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .regex(/^\d{4}$/, 'Postcode must be four digits');

/** What the applicant says about the property that secures the loan (PUT …/property). */
export const securedPropertyInputSchema = /* @__PURE__ */ z
  .strictObject({
    Street: z.string().trim().min(2, 'Street is required').max(120),
    /** House number with an optional letter, as on the letterbox: "12", "12B". */
    StreetNumber: z
      .string()
      .trim()
      .regex(/^\d{1,4}[A-Za-z]?$/, 'Street number must be digits with an optional letter'),
    Postcode: postcodeSchema,
    Municipality: z.string().trim().min(2, 'Municipality is required').max(80),
    PropertyType: propertyHousingTypeSchema,
    OwnershipType: realEstateOwnershipTypeSchema,
    /** The applicant's own estimate of the market value. */
    EstimatedValue: money('Estimated value', MAX_PROPERTY_VALUE).min(
      100_000,
      'Estimated value must be at least 100 000',
    ),
    /** What is left of the mortgage the new loan refinances (0 when the home is free of debt). */
    ExistingMortgage: money('Existing mortgage', MAX_PROPERTY_VALUE),
    /** A cooperative flat's share of the housing cooperative's common debt (0 for other ownership). */
    CooperativeCommonDebt: money('Common debt', MAX_PROPERTY_VALUE).default(0),
  })
  .superRefine((input, context) => {
    if (input.OwnershipType !== 'Cooperative' && input.CooperativeCommonDebt > 0) {
      context.addIssue({
        code: 'custom',
        path: ['CooperativeCommonDebt'],
        message: 'Common debt applies only to a cooperative flat',
      });
    }
    if (input.ExistingMortgage > input.EstimatedValue) {
      context.addIssue({
        code: 'custom',
        path: ['ExistingMortgage'],
        message: 'Existing mortgage cannot be more than the estimated value',
      });
    }
  });
export type SecuredPropertyInput = z.infer<typeof securedPropertyInputSchema>;

export const documentRequirementSchema = /* @__PURE__ */ z.object({
  Category: z.enum(['payslip', 'tax-return', 'property-value', 'other']),
  Owner: z.enum(['main-applicant', 'co-applicant']),
  /** Whether a document of this category and owner has been uploaded. */
  Received: z.boolean(),
});
export type DocumentRequirement = z.infer<typeof documentRequirementSchema>;

/** The property of a secured-loan application as the API answers it. */
export const securedPropertySchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  Street: z.string(),
  StreetNumber: z.string(),
  Postcode: z.string(),
  Municipality: z.string(),
  /** Null when staff or a valuation provider recorded a type outside the §3 housing types. */
  PropertyType: propertyHousingTypeSchema.nullable(),
  OwnershipType: realEstateOwnershipTypeSchema.nullable(),
  EstimatedValue: z.number().int(),
  ExistingMortgage: z.number().int(),
  CooperativeCommonDebt: z.number().int(),
  /** §3 lookup status of the property register. */
  LookupStatus: lookupStatusSchema,
  /** What the register could not tell (missing_data), or why it failed (error). */
  LookupMessage: z.string().nullable(),
  /** The register's market value estimate, when it had one. */
  RegisterValue: z.number().int().nullable(),
  /** The value loan-to-value is computed on (see valueForLoanToValue). */
  ValueUsed: z.number().int(),
  /** Percent, one decimal; null while the application has no amount. */
  LoanToValue: z.number().nullable(),
  MaxLoanToValue: z.number(),
  WithinLimit: z.boolean(),
  DocumentRequirements: z.array(documentRequirementSchema),
  UpdatedAt: z.string(),
});
export type SecuredProperty = z.infer<typeof securedPropertySchema>;

/**
 * The value lenders lend against: the register's estimate when it has one, but never more than the
 * applicant's own estimate (a careful lender takes the lower of two valuations); without a register value,
 * the applicant's estimate until a valuation report (category property-value) confirms it.
 */
export function valueForLoanToValue(registerValue: number | null, applicantEstimate: number): number {
  return registerValue === null ? applicantEstimate : Math.min(registerValue, applicantEstimate);
}

/**
 * Loan-to-value in percent, one decimal, rounded half up: everything secured on the home after the loan
 * (the new loan, which pays off the existing mortgage, plus a cooperative flat's share of common debt —
 * utlånsforskriften § 4 counts it) over its value.
 */
export function loanToValuePercent(input: {
  loanAmount: number;
  cooperativeCommonDebt: number;
  propertyValue: number;
}): number {
  if (input.propertyValue <= 0) return Number.POSITIVE_INFINITY;
  return roundHalfUp(((input.loanAmount + input.cooperativeCommonDebt) / input.propertyValue) * 100, 1);
}

/**
 * The §3 documents of a secured-loan case: a payslip and last year's tax return from each applicant
 * (income is what the lender tests affordability on), and a valuation (property-value) whenever the
 * register could not value the property. `other` is accepted but never required.
 */
export function securedLoanDocumentNeeds(input: {
  hasCoApplicant: boolean;
  lookupStatus: LookupStatus;
}): { Category: DocumentCategory; Owner: DocumentOwner }[] {
  const owners: DocumentOwner[] = input.hasCoApplicant
    ? ['main-applicant', 'co-applicant']
    : ['main-applicant'];
  const needs: { Category: DocumentCategory; Owner: DocumentOwner }[] = [];
  for (const owner of owners) {
    needs.push({ Category: 'payslip', Owner: owner }, { Category: 'tax-return', Owner: owner });
  }
  if (input.lookupStatus !== 'success') needs.push({ Category: 'property-value', Owner: 'main-applicant' });
  return needs;
}

/** Why a secured-loan application cannot be sent yet, in the §8 field-error shape; [] when it can. */
export function securedLoanProblems(input: {
  amount: number | null;
  property: Pick<SecuredProperty, 'ExistingMortgage' | 'LoanToValue' | 'MaxLoanToValue'> | null;
}): { Field: string; Message: string }[] {
  if (!input.property)
    return [{ Field: 'Property', Message: 'A secured loan needs the property it is secured on' }];
  const problems: { Field: string; Message: string }[] = [];
  if (input.amount !== null && input.amount < input.property.ExistingMortgage) {
    problems.push({
      Field: 'Amount',
      Message: 'Amount must at least pay off the existing mortgage',
    });
  }
  if (input.property.LoanToValue !== null && input.property.LoanToValue > input.property.MaxLoanToValue) {
    problems.push({
      Field: 'LoanToValue',
      Message: `Loan-to-value ${input.property.LoanToValue} % is above the limit of ${input.property.MaxLoanToValue} %`,
    });
  }
  return problems;
}

export type SecuredExample =
  | { kind: 'example'; example: RepresentativeExample; nominalRate: number }
  | { kind: 'unavailable'; reason: 'bounds' | 'no-rate' | 'not-sold' };

/**
 * The secured loan's representative example for given terms, from the brand's secured-loan rate and fees
 * (not the unsecured settings, and with no unsecured amount ceiling: a mortgage of 4 mill. kr has an example).
 */
export function securedLoanExample(
  brand: BrandConfig,
  amount: number,
  durationYears: number,
): SecuredExample {
  const settings = brand.securedLoan;
  if (!settings || !brand.products.includes('SecuredLoan'))
    return { kind: 'unavailable', reason: 'not-sold' };
  if (checkAmountAndDuration(brand, 'SecuredLoan', amount, durationYears).length > 0) {
    return { kind: 'unavailable', reason: 'bounds' };
  }
  try {
    const example = representativeExample({
      locale: brand.i18n.defaultLocale,
      currency: brand.currency,
      amount,
      durationYears,
      nominalRate: settings.exampleRate,
      startupFee: settings.fees.startup,
      monthlyFee: settings.fees.monthly,
      feeHandling: settings.feeHandling,
    });
    return { kind: 'example', example, nominalRate: settings.exampleRate };
  } catch (error) {
    if (error instanceof EffectiveRateError) return { kind: 'unavailable', reason: 'no-rate' };
    throw error;
  }
}
