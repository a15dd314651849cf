import type { Country } from '@nordloan/domain/enums';
import { z } from 'zod';

// The apply form's building blocks: the error keys (of `apply.errors.*`), the countries' phone and postal
// code formats, whole numbers as typed, and the field schemas every step of validation.ts is made of.

export type ErrorKey =
  | 'required'
  | 'nationalId'
  | 'email'
  | 'phone'
  | 'postalCode'
  | 'amountBounds'
  | 'durationBounds'
  | 'negative'
  | 'decimals'
  | 'digitsOnly'
  | 'tooLarge'
  | 'childrenMax'
  | 'netAboveGross'
  | 'endBeforeStart'
  | 'dateInFuture'
  | 'date'
  | 'consentRequired'
  | 'sameAsMain'
  | 'streetNumber'
  | 'propertyValueMin'
  | 'mortgageAboveValue'
  | 'commonDebtOnlyCooperative'
  | 'rate'
  | 'payoffAccount'
  | 'payoffReference';

export const required = 'required' satisfies ErrorKey;

// ── Country formats ─────────────────────────────────────────────────────────────────────────────────

/**
 * Phone numbers as people type them, per country numbering plan (Nkom, PTS, Traficom, Energistyrelsen):
 * NO and DK have 8-digit numbers without a trunk 0; SE and FI national numbers start with the trunk 0.
 * Returns the E.164 form, or null when the number does not fit the country.
 */
export function normalizePhone(country: Country, raw: string): string | null {
  const compact = raw.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  const plans: Record<Country, { code: string; national: RegExp }> = {
    NO: { code: '47', national: /^[2-9]\d{7}$/ },
    DK: { code: '45', national: /^[2-9]\d{7}$/ },
    SE: { code: '46', national: /^[1-9]\d{6,8}$/ },
    FI: { code: '358', national: /^[1-9]\d{4,9}$/ },
  };
  const plan = plans[country];
  let national: string;
  if (compact.startsWith(`+${plan.code}`)) national = compact.slice(plan.code.length + 1);
  else if (compact.startsWith('+')) return null;
  else if (country === 'SE' || country === 'FI') {
    if (!compact.startsWith('0')) return null;
    national = compact.slice(1);
  } else national = compact;
  return plan.national.test(national) ? `+${plan.code}${national}` : null;
}

/** Postal codes: NO and DK four digits, SE five (often written "123 45"), FI five. */
export function normalizePostalCode(country: Country, raw: string): string | null {
  const compact = raw.replace(/\s+/g, '');
  const digits = country === 'NO' || country === 'DK' ? 4 : 5;
  return new RegExp(`^\\d{${digits}}$`).test(compact) ? compact : null;
}

/** What is wrong with a number typed where a whole number is asked, in the words of the field's error. */
export type NumberProblem = 'negative' | 'decimals' | 'digitsOnly' | 'tooLarge';

/**
 * A whole number as people type it: with or without group separators ("150 000", "1.250"). Answers the
 * number, or what is wrong with the text — each error must be true for the input that caused it (issue 38:
 * "−1" children is a negative number, not a number with decimals).
 */
export function readWholeNumber(raw: string): { value: number } | { problem: NumberProblem } {
  const compact = raw.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^[-\u2212\u2013]\d/.test(compact)) return { problem: 'negative' };
  // Dots between groups of three are thousands ("1.250"); a comma or a dot before other digits is a decimal.
  const grouped = /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replaceAll('.', '') : compact;
  if (/^\d+[.,]\d+$/.test(grouped)) return { problem: 'decimals' };
  if (!/^\d+$/.test(grouped)) return { problem: 'digitsOnly' };
  if (grouped.length > 10) return { problem: 'tooLarge' };
  return { value: Number(grouped) };
}

/** Whole currency units typed with or without group separators ("150 000"); null when not one. */
export function parseWholeNumber(raw: string): number | null {
  const read = readWholeNumber(raw);
  return 'value' in read ? read.value : null;
}

export const requiredText = (max = 200) => z.string().trim().min(1, required).max(max, required);
export const optionalText = (max = 200) => z.string().trim().max(max, required);

/** A money field: required unless `optional`; output is a whole number (or null when optional and empty). */
export function moneyField() {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const read = readWholeNumber(value);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem satisfies ErrorKey });
      return z.NEVER;
    }
    return read.value;
  });
}

export function optionalMoneyField() {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') return null;
    const read = readWholeNumber(value);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', message: read.problem satisfies ErrorKey });
      return z.NEVER;
    }
    return read.value;
  });
}

/** Children under 18 the applicant supports: 0 to 20 (the domain's bound), each error true to what was typed. */
export const maxChildren = 20;
export function childrenField() {
  return z.string().transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const read = readWholeNumber(value);
    if ('problem' in read || read.value > maxChildren) {
      ctx.addIssue({ code: 'custom', message: 'problem' in read ? read.problem : 'childrenMax' });
      return z.NEVER;
    }
    return read.value;
  });
}

/** A select bound to a domain enum: '' is "not chosen". */
export function choice<T extends z.ZodType<string>>(schema: T) {
  return z.union([schema, z.literal('')]).refine((value) => value !== '', required);
}
export function optionalChoice<T extends z.ZodType<string>>(schema: T) {
  return z.union([schema, z.literal('')]);
}

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date' satisfies ErrorKey)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'date' satisfies ErrorKey);
