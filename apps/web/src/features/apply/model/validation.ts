import {
  conditionalApplicantFields,
  isNetAboveGross,
  needsLoanPurpose,
} from '@nordloan/domain/application-check';
import { realEstateOwnershipTypeSchema } from '@nordloan/domain/backoffice-assets';
import type { BrandConfig } from '@nordloan/domain/brands/brand-config.schema';
import { checkAmountAndDuration } from '@nordloan/domain/brands/unsecured-bounds';
import {
  type Country,
  debtTypeSchema,
  educationLevelSchema,
  employmentTypeSchema,
  industrySchema,
  jobLevelSchema,
  livingSituationSchema,
  loanPurposeSchema,
  maritalStatusSchema,
  type Product,
  propertyHousingTypeSchema,
} from '@nordloan/domain/enums';
import { validateNationalId } from '@nordloan/domain/national-id';
import { z } from 'zod';
import {
  childrenField,
  choice,
  type ErrorKey,
  isoDate,
  moneyField,
  normalizePhone,
  normalizePostalCode,
  optionalChoice,
  optionalMoneyField,
  optionalText,
  required,
  requiredText,
} from './form-fields.ts';
import { refinanceRowShape, refineRefinanceRow } from './refinance-row.ts';

// The apply form's step schemas. Messages are keys of `apply.errors.*`, so a field's error is shown in the
// brand's language beside it. The rules are the API's own, from the domain: §5/§9 bounds
// (checkAmountAndDuration), the national id check of @nordloan/domain/national-id, and what
// POST /loan-application/check/app requires before an application can go to lenders
// (@nordloan/domain/application-check), so the applicant learns of a gap on the step where it can be fixed.

// ── Step: the loan ──────────────────────────────────────────────────────────────────────────────────

export interface LoanStepValues {
  product: Product;
  amount: number;
  duration: number | null;
  loanPurpose: string;
}

/** §5/§9 bounds as form errors (keys), plus the loan purpose the lenders need for a loan (check/app). */
export function loanStepErrors(
  brand: BrandConfig,
  values: LoanStepValues,
): Partial<Record<keyof LoanStepValues, ErrorKey>> {
  const errors: Partial<Record<keyof LoanStepValues, ErrorKey>> = {};
  const bounds = checkAmountAndDuration(
    brand,
    values.product,
    values.amount,
    values.product === 'CreditCard' ? undefined : (values.duration ?? Number.NaN),
  );
  for (const error of bounds) {
    if (error.Field === 'Amount') errors.amount = 'amountBounds';
    if (error.Field === 'Duration') errors.duration = 'durationBounds';
  }
  if (needsLoanPurpose(values.product) && !loanPurposeSchema.safeParse(values.loanPurpose).success)
    errors.loanPurpose = required;
  return errors;
}

// ── Step: identification and contact ────────────────────────────────────────────────────────────────

export function nationalIdField(country: Country, today?: Date) {
  return z
    .string()
    .trim()
    .min(1, required)
    .refine(
      (value) => value === '' || validateNationalId(country, value, { today }).valid,
      'nationalId' satisfies ErrorKey,
    );
}

export function emailField() {
  return z
    .string()
    .trim()
    .min(1, required)
    .pipe(z.email('email' satisfies ErrorKey));
}

export function phoneField(country: Country) {
  return z
    .string()
    .trim()
    .min(1, required)
    .transform((value, ctx) => {
      const phone = normalizePhone(country, value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: 'phone' satisfies ErrorKey });
        return z.NEVER;
      }
      return phone;
    });
}

export function identifySchema(country: Country, today?: Date) {
  return z.object({
    nationalId: nationalIdField(country, today),
    email: emailField(),
    phone: phoneField(country),
  });
}
export type IdentifyInput = z.input<ReturnType<typeof identifySchema>>;
export type IdentifyOutput = z.output<ReturnType<typeof identifySchema>>;

/**
 * The identity step's form: the contact details. The national id comes from the e-ID (ADR 0039), so
 * the applicant never types it; identifySchema stays for the national-id rules a form may still ask.
 */
export function contactSchema(country: Country) {
  return z.object({ email: emailField(), phone: phoneField(country) });
}
export type ContactInput = z.input<ReturnType<typeof contactSchema>>;
export type ContactOutput = z.output<ReturnType<typeof contactSchema>>;

// ── Step: name and address ──────────────────────────────────────────────────────────────────────────

export function addressSchema(country: Country) {
  return z.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    street: requiredText(200),
    postalCode: z.string().transform((value, ctx) => {
      if (value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      const code = normalizePostalCode(country, value);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: 'postalCode' satisfies ErrorKey });
        return z.NEVER;
      }
      return code;
    }),
    city: requiredText(100),
  });
}
export type AddressInput = z.input<ReturnType<typeof addressSchema>>;
export type AddressOutput = z.output<ReturnType<typeof addressSchema>>;

// ── Applicant details (main applicant and co-applicant alike) ───────────────────────────────────────

type Flags = BrandConfig['unsecuredLoan']['optionalFields'];

/** The brand's §3 optional-field flags (and the product: a secured loan always asks the housing type) decide
 * which of these are asked; the rule is check/app's. */
export function householdSchema(flags: Flags, product?: Product) {
  return z
    .object({
      maritalStatus: choice(maritalStatusSchema),
      education: choice(educationLevelSchema),
      livingSituation: choice(livingSituationSchema),
      housingType: optionalChoice(propertyHousingTypeSchema),
      housingCostMonthly: moneyField(),
      partnerLivingCostMonthly: optionalMoneyField(),
      childrenCount: childrenField(),
    })
    .superRefine((values, ctx) => {
      const asked = conditionalApplicantFields(flags, product, {
        employmentType: null,
        maritalStatus: values.maritalStatus,
      });
      if (asked.HousingType && !values.housingType) {
        ctx.addIssue({ code: 'custom', path: ['housingType'], message: required });
      }
      if (asked.PartnerLivingCostMonthly && values.partnerLivingCostMonthly === null) {
        ctx.addIssue({ code: 'custom', path: ['partnerLivingCostMonthly'], message: required });
      }
    });
}
export type HouseholdInput = z.input<ReturnType<typeof householdSchema>>;
export type HouseholdOutput = z.output<ReturnType<typeof householdSchema>>;

export function employmentSchema(flags: Flags, today: Date = new Date()) {
  const todayIso = today.toISOString().slice(0, 10);
  return z
    .object({
      employmentType: choice(employmentTypeSchema),
      employerName: optionalText(),
      employmentStart: z.string(),
      employmentEnd: z.string(),
      industry: optionalChoice(industrySchema),
      jobLevel: optionalChoice(jobLevelSchema),
      mainBank: optionalText(),
      isPoliticallyExposed: z.enum(['', 'yes', 'no']),
    })
    .superRefine((values, ctx) => {
      const need = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: required });
      const asked = conditionalApplicantFields(flags, undefined, {
        employmentType: values.employmentType,
        maritalStatus: null,
      });
      if (asked.EmployerName && !values.employerName) need('employerName');
      const asksStart = asked.EmploymentStart;
      for (const [field, isAsked] of [
        ['employmentStart', asksStart],
        ['employmentEnd', asked.EmploymentEnd],
      ] as const) {
        const value = values[field];
        if (!isAsked) continue;
        if (value === '') need(field);
        else if (!isoDate.safeParse(value).success) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'date' satisfies ErrorKey });
        }
      }
      if (asksStart && values.employmentStart > todayIso) {
        ctx.addIssue({
          code: 'custom',
          path: ['employmentStart'],
          message: 'dateInFuture' satisfies ErrorKey,
        });
      }
      if (
        asked.EmploymentEnd &&
        values.employmentStart &&
        values.employmentEnd &&
        values.employmentEnd < values.employmentStart
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['employmentEnd'],
          message: 'endBeforeStart' satisfies ErrorKey,
        });
      }
      if (asked.Industry && !values.industry) need('industry');
      if (asked.JobLevel && !values.jobLevel) need('jobLevel');
      if (asked.MainBank && !values.mainBank) need('mainBank');
      if (asked.IsPoliticallyExposed && values.isPoliticallyExposed === '') need('isPoliticallyExposed');
    });
}
export type EmploymentInput = z.input<ReturnType<typeof employmentSchema>>;
export type EmploymentOutput = z.output<ReturnType<typeof employmentSchema>>;

export const incomeSchema = z
  .object({
    grossYearlyIncome: moneyField(),
    netMonthlyIncome: moneyField(),
    otherIncomeMonthly: optionalMoneyField(),
  })
  .superRefine((values, ctx) => {
    // check/app: net monthly × 12 cannot be more than the gross yearly income.
    if (isNetAboveGross(values.grossYearlyIncome, values.netMonthlyIncome)) {
      ctx.addIssue({
        code: 'custom',
        path: ['netMonthlyIncome'],
        message: 'netAboveGross' satisfies ErrorKey,
      });
    }
  });
export type IncomeInput = z.input<typeof incomeSchema>;

// ── Step: the economy (income, debts, expenses) ─────────────────────────────────────────────────────

/** One debt row; the brand flags decide which debts must state a monthly payment or the creditor. */
export function debtRowSchema(flags: Flags, country?: Country) {
  return z
    .object({
      /** Set once the debt is stored (sub-record ID). */
      id: z.string().optional(),
      debtType: choice(debtTypeSchema),
      creditor: optionalText(),
      balance: moneyField(),
      monthlyPayment: optionalMoneyField(),
      ...refinanceRowShape,
    })
    .superRefine((debt, ctx) => {
      refineRefinanceRow(debt, ctx, country);
      // No register reports these payments in the brand's country (the flag notes in @nordloan/domain/brands/optional-fields).
      const asksPayment =
        (debt.debtType === 'Unspecified' && flags.hasUnspecifiedDebtMonthlyDebtPayment) ||
        (debt.debtType === 'CreditCard' && flags.hasCreditCardMonthlyDebtPayment);
      if (asksPayment && debt.monthlyPayment === null) {
        ctx.addIssue({ code: 'custom', path: ['monthlyPayment'], message: required });
      }
      if (debt.debtType === 'Housing' && flags.hasHousingDebtCreditor && !debt.creditor) {
        ctx.addIssue({ code: 'custom', path: ['creditor'], message: required });
      }
    });
}

/** §3 expense categories 1–6, each an optional monthly amount. */
export const expenseCategoryIdsInForm = ['1', '2', '3', '4', '5', '6'] as const;

export function economySchema(flags: Flags, country?: Country) {
  return incomeSchema.and(
    z.object({
      debts: z.array(debtRowSchema(flags, country)),
      expenses: z.object(
        Object.fromEntries(expenseCategoryIdsInForm.map((id) => [id, optionalMoneyField()])) as Record<
          (typeof expenseCategoryIdsInForm)[number],
          ReturnType<typeof optionalMoneyField>
        >,
      ),
    }),
  );
}
export type EconomyInput = z.input<ReturnType<typeof economySchema>>;
export type EconomyOutput = z.output<ReturnType<typeof economySchema>>;

// ── Step: the co-applicant ──────────────────────────────────────────────────────────────────────────

export function coApplicantIdentitySchema(country: Country, mainNationalId: string | null, today?: Date) {
  return z
    .object({
      nationalId: nationalIdField(country, today),
      firstName: requiredText(100),
      lastName: requiredText(100),
      email: emailField(),
      phone: phoneField(country),
    })
    .superRefine((values, ctx) => {
      if (!mainNationalId) return;
      const main = validateNationalId(country, mainNationalId, { today });
      const co = validateNationalId(country, values.nationalId, { today });
      if (main.valid && co.valid && main.normalized === co.normalized) {
        ctx.addIssue({ code: 'custom', path: ['nationalId'], message: 'sameAsMain' satisfies ErrorKey });
      }
    });
}

// ── Step: consent ───────────────────────────────────────────────────────────────────────────────────

export const consentSchema = z.object({
  acceptTerms: z.literal(true, { error: 'consentRequired' satisfies ErrorKey }),
  creditCheck: z.literal(true, { error: 'consentRequired' satisfies ErrorKey }),
  marketingEmail: z.boolean(),
  marketingSms: z.boolean(),
  marketingPhone: z.boolean(),
});
export type ConsentInput = z.input<typeof consentSchema>;

// ── Step: the property of a secured loan (ADR 0027) ──────────────────────────────────────────────────

/** The property step's form; the same rules as the API's securedPropertyInputSchema, in the form's words. */
export function propertySchema() {
  return z
    .object({
      street: requiredText(120),
      streetNumber: z
        .string()
        .trim()
        .min(1, required)
        .regex(/^\d{1,4}[A-Za-z]?$/, 'streetNumber' satisfies ErrorKey),
      postcode: z.string().transform((value, ctx) => {
        const code = normalizePostalCode('NO', value);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: value.trim() === '' ? required : 'postalCode' });
          return z.NEVER;
        }
        return code;
      }),
      municipality: requiredText(80),
      propertyType: choice(propertyHousingTypeSchema),
      ownershipType: choice(realEstateOwnershipTypeSchema),
      estimatedValue: moneyField().refine((value) => value >= 100_000, 'propertyValueMin' satisfies ErrorKey),
      existingMortgage: moneyField(),
      cooperativeCommonDebt: optionalMoneyField(),
    })
    .superRefine((values, ctx) => {
      if (values.existingMortgage > values.estimatedValue) {
        ctx.addIssue({ code: 'custom', path: ['existingMortgage'], message: 'mortgageAboveValue' });
      }
      if (values.ownershipType !== 'Cooperative' && (values.cooperativeCommonDebt ?? 0) > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['cooperativeCommonDebt'],
          message: 'commonDebtOnlyCooperative',
        });
      }
    });
}
export type PropertyInput = z.input<ReturnType<typeof propertySchema>>;
export type PropertyOutput = z.output<ReturnType<typeof propertySchema>>;
