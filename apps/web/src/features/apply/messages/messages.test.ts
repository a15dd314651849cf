import { personalPageNames } from '@nordloan/domain/brands/personal-page-name';
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
import { offeredValues, synonymOptions } from '#src/features/apply/model/form-choices.ts';
import type { ErrorKey } from '#src/features/apply/model/form-fields.ts';
import { securedApplyStepIds } from '#src/features/apply/model/form-mapping.ts';
import { daDK as sharedDaDK } from '#src/i18n/locales/da-DK.ts';
import { fiFI as sharedFiFI } from '#src/i18n/locales/fi-FI.ts';
import { nbNO as sharedNbNO } from '#src/i18n/locales/nb-NO.ts';
import { svSE as sharedSvSE } from '#src/i18n/locales/sv-SE.ts';
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
      'negative',
      'decimals',
      'digitsOnly',
      'tooLarge',
      'childrenMax',
      'netAboveGross',
      'endBeforeStart',
      'dateInFuture',
      'date',
      'consentRequired',
      'sameAsMain',
    ];
    for (const key of keys) expect(nbNO.errors[key]).toBeTruthy();
  });

  it('one option per meaning (issue 38): no two options of a list the form offers read alike', () => {
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
    };
    for (const [locale, messages] of Object.entries(locales)) {
      for (const [group, values] of Object.entries(enums)) {
        const labels = messages.enums[group as keyof typeof messages.enums] as Record<string, string>;
        const offered = offeredValues(group, values).map((value) => labels[value]!.toLowerCase());
        expect(new Set(offered).size, `${locale} ${group}: ${offered.join(' | ')}`).toBe(offered.length);
      }
    }
    // The ones left out each mean an offered one, which the form shows instead (form-choices.ts).
    for (const [group, synonyms] of Object.entries(synonymOptions)) {
      const values = enums[group as keyof typeof enums] as readonly string[];
      for (const [stored, shown] of Object.entries(synonyms)) {
        expect(values, group).toContain(stored);
        expect(offeredValues(group, values), group).toContain(shown);
      }
    }
  });

  it("the personal page has one name per language, the site's and the e-mails' (issue 38)", () => {
    const shared = { 'nb-NO': sharedNbNO, 'sv-SE': sharedSvSE, 'fi-FI': sharedFiFI, 'da-DK': sharedDaDK };
    for (const [locale, messages] of Object.entries(shared)) {
      expect(messages.purposes.myPage).toBe(personalPageNames[locale as keyof typeof personalPageNames]);
    }
  });

  it('no Nordic page shows another language: the Swedish texts are not the Norwegian ones', () => {
    expect(svSE.errors.required).not.toBe(nbNO.errors.required);
    expect(daDK.errors.required).not.toBe(nbNO.errors.required);
  });
});
