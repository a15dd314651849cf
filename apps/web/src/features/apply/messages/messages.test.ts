import {
  debtTypes,
  educationLevels,
  employmentTypes,
  expenseCategoryIds,
  industries,
  jobLevels,
  livingSituations,
  loanPurposes,
  maritalStatuses,
  propertyHousingTypes,
} from '@nordloan/domain/enums';
import { describe, expect, it } from 'vitest';
import { securedApplyStepIds } from '#src/features/apply/model/form-mapping.ts';
import type { ErrorKey } from '#src/features/apply/model/validation.ts';
import { messages as daDK } from './da-DK.ts';
import { messages as fiFI } from './fi-FI.ts';
import { messages as nbNO } from './nb-NO.ts';
import { messages as svSE } from './sv-SE.ts';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

const locales = { 'nb-NO': nbNO, 'sv-SE': svSE, 'fi-FI': fiFI, 'da-DK': daDK };

describe('apply texts in all four languages', () => {
  it.each(Object.entries(locales))('%s has exactly the keys of nb-NO, none empty', (_, messages) => {
    expect(keyPaths(messages).sort()).toEqual(keyPaths(nbNO).sort());
    for (const path of keyPaths(messages)) {
      const text = path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], messages);
      expect(typeof text === 'string' && text.trim().length > 0, path).toBe(true);
    }
  });

  it('every value of every enum the form asks has a label, and every step a title', () => {
    const enums = {
      maritalStatus: maritalStatuses,
      education: educationLevels,
      livingSituation: livingSituations,
      housingType: propertyHousingTypes,
      employmentType: employmentTypes,
      industry: industries,
      jobLevel: jobLevels,
      loanPurpose: loanPurposes,
      debtType: debtTypes,
      expenseCategory: expenseCategoryIds.map(String),
    };
    for (const [group, values] of Object.entries(enums)) {
      expect(Object.keys(nbNO.enums[group as keyof typeof nbNO.enums]).sort(), group).toEqual(
        [...values].map(String).sort(),
      );
    }
    expect(Object.keys(nbNO.stepTitles).sort()).toEqual([...securedApplyStepIds].sort());
  });

  it('every error key of the validation has a text', () => {
    const keys: ErrorKey[] = [
      'required',
      'nationalId',
      'email',
      'phone',
      'postalCode',
      'amountBounds',
      'durationBounds',
      'wholeNumber',
      'netAboveGross',
      'endBeforeStart',
      'dateInFuture',
      'date',
      'consentRequired',
      'sameAsMain',
    ];
    for (const key of keys) expect(nbNO.errors[key]).toBeTruthy();
  });

  it('no Nordic page shows another language: the Swedish texts are not the Norwegian ones', () => {
    expect(svSE.errors.required).not.toBe(nbNO.errors.required);
    expect(daDK.errors.required).not.toBe(nbNO.errors.required);
  });
});
