import { describe, expect, it } from 'vitest';
import * as enums from './enums.ts';
import {
  countries,
  countrySchema,
  currencyByCountry,
  debtSourceSchema,
  documentCategories,
  employmentTypes,
  expenseCategories,
  expenseCategoryId,
  expenseCategoryIdSchema,
  expenseCategoryIds,
  expenseCategoryName,
  expenseCategoryNames,
  industries,
  loanPurposes,
  localeByCountry,
  maritalStatuses,
  maritalStatusSchema,
  nationalDebtRegisterDebtSource,
  productFromSlug,
  productSlugByProduct,
  productSlugs,
  products,
  providerSchema,
  securedLoanDocumentCategories,
} from './enums.ts';

describe('enums', () => {
  it('every exported as-const list has unique values and a matching schema that accepts them all', () => {
    const exported = enums as Record<string, unknown>;
    let checked = 0;
    for (const [name, value] of Object.entries(exported)) {
      if (!Array.isArray(value) || name === 'expenseCategories') continue;
      expect(new Set(value).size, name).toBe(value.length);
      // Plural list name → singular schema name: 'industries' → 'industrySchema', 'statuses' → 'statusSchema'.
      const schemaName = [
        `${name.slice(0, -3)}ySchema`,
        `${name.slice(0, -2)}Schema`,
        `${name.slice(0, -1)}Schema`,
      ].find((candidate) => candidate in exported);
      const schema = (schemaName ? exported[schemaName] : undefined) as
        | { safeParse(v: unknown): { success: boolean } }
        | undefined;
      expect(schema, `${name} → ${schemaName}`).toBeDefined();
      for (const item of value) expect(schema!.safeParse(item).success, `${name}: ${item}`).toBe(true);
      expect(schema!.safeParse('not-a-value').success).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('keeps the spec spelling', () => {
    expect(maritalStatuses).toContain('Seperated');
    expect(maritalStatusSchema.safeParse('Separated').success).toBe(false);
    expect(employmentTypes).toContain('Maternity leave');
    expect(employmentTypes).toContain('Sick Pensioner');
  });

  it('countries, with one currency and locale each', () => {
    expect(countries).toEqual(['FI', 'DK', 'NO', 'SE']);
    expect(countrySchema.safeParse('GB').success).toBe(false);
    expect(currencyByCountry).toEqual({ FI: 'EUR', DK: 'DKK', NO: 'NOK', SE: 'SEK' });
    expect(localeByCountry.NO).toBe('nb-NO');
  });

  it('industries: 27 from Agriculture to Unknown', () => {
    expect(industries).toHaveLength(27);
    expect(industries[0]).toBe('Agriculture');
    expect(industries.at(-1)).toBe('Unknown');
  });

  it('loan purposes: 22 including the eight the spec names', () => {
    expect(loanPurposes).toHaveLength(22);
    for (const named of [
      'Refinancing loan',
      'Renovation',
      'Vehicle',
      'Holiday',
      'Wedding',
      'Studies',
      'Dentist',
      'Housing',
    ] as const) {
      expect(loanPurposes).toContain(named);
    }
  });

  it('expense categories keep their numeric ids', () => {
    expect(expenseCategories.map((c) => c.id)).toEqual([...expenseCategoryIds]);
    expect(expenseCategories.map((c) => c.name)).toEqual([...expenseCategoryNames]);
    expect(expenseCategoryName(1)).toBe('TVPhoneInternet');
    expect(expenseCategoryName(6)).toBe('Insurance');
    for (const { id, name } of expenseCategories) {
      expect(expenseCategoryName(id)).toBe(name);
      expect(expenseCategoryId(name)).toBe(id);
    }
    expect(expenseCategoryIdSchema.safeParse(3).success).toBe(true);
    expect(expenseCategoryIdSchema.safeParse(7).success).toBe(false);
    expect(expenseCategoryIdSchema.safeParse('3').success).toBe(false);
  });

  it('debt sources and providers are numeric', () => {
    expect(debtSourceSchema.safeParse(2).success).toBe(true);
    expect(debtSourceSchema.safeParse(3).success).toBe(false);
    expect(nationalDebtRegisterDebtSource).toBe(2);
    expect(providerSchema.safeParse(0).success).toBe(true);
    expect(providerSchema.safeParse(2).success).toBe(false);
  });

  it('product slugs map one-to-one', () => {
    expect(products.map((p) => productSlugByProduct[p])).toEqual([...productSlugs]);
    for (const product of products) expect(productFromSlug(productSlugByProduct[product])).toBe(product);
  });

  it('secured-loan document categories are a subset of the categories', () => {
    for (const category of securedLoanDocumentCategories) expect(documentCategories).toContain(category);
  });
});
