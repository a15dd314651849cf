import { brands } from '@nordloan/domain/brands/registry';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { describe, expect, it } from 'vitest';
import { normalizePhone, normalizePostalCode, parseWholeNumber, readWholeNumber } from './form-fields.ts';
import {
  addressSchema,
  coApplicantIdentitySchema,
  consentSchema,
  contactSchema,
  economySchema,
  employmentSchema,
  householdSchema,
  identifySchema,
  incomeSchema,
  loanStepErrors,
} from './validation.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const flagsOf = (id: keyof typeof brands) => brands[id].unsecuredLoan.optionalFields;

describe('the loan step (§5/§9 bounds)', () => {
  it('accepts the brand defaults and asks the purpose of a loan', () => {
    const values = { product: 'UnsecuredLoan' as const, amount: 150_000, duration: 5, loanPurpose: '' };
    expect(loanStepErrors(brands['no-main'], values)).toEqual({ loanPurpose: 'required' });
    expect(loanStepErrors(brands['no-main'], { ...values, loanPurpose: 'Renovation' })).toEqual({});
  });

  it('flags an amount off the step grid or out of bounds, and a duration out of bounds', () => {
    const base = { product: 'UnsecuredLoan' as const, loanPurpose: 'Vehicle' };
    expect(loanStepErrors(brands['no-main'], { ...base, amount: 152_000, duration: 5 })).toEqual({
      amount: 'amountBounds',
    });
    expect(loanStepErrors(brands['no-main'], { ...base, amount: 900_000, duration: 21 })).toEqual({
      amount: 'amountBounds',
      duration: 'durationBounds',
    });
    expect(loanStepErrors(brands['fi-main'], { ...base, amount: 500, duration: 1 })).toEqual({});
    expect(loanStepErrors(brands['no-main'], { ...base, amount: Number.NaN, duration: 5 })).toEqual({
      amount: 'amountBounds',
    });
  });

  it('a credit card has a limit and no duration nor purpose', () => {
    const card = { product: 'CreditCard' as const, amount: 50_000, duration: null, loanPurpose: '' };
    expect(loanStepErrors(brands['no-main'], card)).toEqual({});
    expect(loanStepErrors(brands['no-main'], { ...card, amount: 200_000 })).toEqual({
      amount: 'amountBounds',
    });
  });
});

describe('identification and contact', () => {
  // Denmark has issued CPR numbers without the modulus-11 check since 2007: only the date is checked there.
  it.each([
    ['NO', '1985-04-12'],
    ['SE', '1990-06-15'],
    ['FI', '1978-01-31'],
  ] as const)('%s: a valid national id passes, a changed check digit does not', (country, birthDate) => {
    const schema = identifySchema(country);
    const id = makeTestNationalId(country, birthDate, 1);
    const contact = {
      email: 'kari@example.com',
      phone: { NO: '91234567', SE: '0701234567', FI: '0401234567', DK: '20123456' }[country],
    };
    expect(schema.safeParse({ nationalId: id, ...contact }).success).toBe(true);
    const broken = id.slice(0, -1) + String((Number(id.at(-1)) + 1) % 10);
    expect(issues(schema.safeParse({ nationalId: broken, ...contact }))).toMatchObject({
      nationalId: 'nationalId',
    });
  });

  it('DK: a CPR number with an impossible birth date is refused', () => {
    const contact = { email: 'kari@example.com', phone: '20123456' };
    expect(
      identifySchema('DK').safeParse({ nationalId: makeTestNationalId('DK', '1969-12-24', 1), ...contact })
        .success,
    ).toBe(true);
    expect(issues(identifySchema('DK').safeParse({ nationalId: '3213691234', ...contact }))).toEqual({
      nationalId: 'nationalId',
    });
  });

  it('asks every field and names the broken one', () => {
    expect(issues(identifySchema('NO').safeParse({ nationalId: '', email: 'x', phone: '123' }))).toEqual({
      nationalId: 'required',
      email: 'email',
      phone: 'phone',
    });
  });

  it('the identity step asks e-mail and phone only (the e-ID gives the national id)', () => {
    expect(issues(contactSchema('NO').safeParse({ email: 'x', phone: '123' }))).toEqual({
      email: 'email',
      phone: 'phone',
    });
    expect(contactSchema('SE').parse({ email: 'kari@example.se', phone: '070-123 45 67' })).toEqual({
      email: 'kari@example.se',
      phone: '+46701234567',
    });
  });

  it('phones follow the country numbering plan and come out in E.164', () => {
    expect(normalizePhone('NO', '912 34 567')).toBe('+4791234567');
    expect(normalizePhone('NO', '+47 912 34 567')).toBe('+4791234567');
    expect(normalizePhone('NO', '0047 912 34 567')).toBe('+4791234567');
    expect(normalizePhone('NO', '12345678')).toBeNull();
    expect(normalizePhone('SE', '070-123 45 67')).toBe('+46701234567');
    expect(normalizePhone('SE', '701234567')).toBeNull();
    expect(normalizePhone('FI', '040 123 4567')).toBe('+358401234567');
    expect(normalizePhone('DK', '20 12 34 56')).toBe('+4520123456');
    expect(normalizePhone('DK', '+47 912 34 567')).toBeNull();
  });

  it('postal codes: four digits in NO and DK, five in SE and FI', () => {
    expect(normalizePostalCode('NO', '0150')).toBe('0150');
    expect(normalizePostalCode('SE', '111 22')).toBe('11122');
    expect(normalizePostalCode('FI', '0010')).toBeNull();
    expect(
      issues(
        addressSchema('DK').safeParse({
          firstName: 'A',
          lastName: 'B',
          street: 'C 1',
          postalCode: '12',
          city: 'D',
        }),
      ),
    ).toEqual({
      postalCode: 'postalCode',
    });
  });

  it('the co-applicant cannot be the main applicant', () => {
    const id = makeTestNationalId('NO', '1985-04-12', 1);
    const result = coApplicantIdentitySchema('NO', id).safeParse({
      nationalId: id,
      firstName: 'Ola',
      lastName: 'N',
      email: 'ola@example.com',
      phone: '91234567',
    });
    expect(issues(result)).toEqual({ nationalId: 'sameAsMain' });
  });
});

describe('applicant details follow the brand flags (§3) and check/app', () => {
  const household = {
    maritalStatus: 'Married',
    education: 'High school',
    livingSituation: 'Rental',
    housingType: '',
    housingCostMonthly: '8 000',
    partnerLivingCostMonthly: '',
    childrenCount: '2',
  } as const;

  it('hasApartmentType and hasPartnerLivingCostMonthly add required fields', () => {
    expect(issues(householdSchema(flagsOf('se-main')).safeParse(household))).toEqual({
      housingType: 'required',
      partnerLivingCostMonthly: 'required',
    });
    const parsed = householdSchema(flagsOf('no-compare')).parse(household);
    expect(parsed).toMatchObject({
      housingCostMonthly: 8000,
      childrenCount: 2,
      partnerLivingCostMonthly: null,
    });
  });

  it('employment: an employed applicant names the employer and start; flags add industry, job level, bank, PEP', () => {
    const employment = {
      employmentType: 'Permanent',
      employerName: '',
      employmentStart: '',
      employmentEnd: '',
      industry: '',
      jobLevel: '',
      mainBank: '',
      isPoliticallyExposed: '',
    } as const;
    expect(issues(employmentSchema(flagsOf('fi-main')).safeParse(employment))).toEqual({
      employerName: 'required',
      employmentStart: 'required',
      industry: 'required',
      jobLevel: 'required',
      mainBank: 'required',
      isPoliticallyExposed: 'required',
    });
    // A pensioner has no employer; Sweden asks the start always (alwaysAskEmploymentStart).
    expect(
      issues(
        employmentSchema(flagsOf('no-compare')).safeParse({
          ...employment,
          employmentType: 'Pensioner',
          isPoliticallyExposed: 'no',
        }),
      ),
    ).toEqual({});
    expect(
      issues(
        employmentSchema(flagsOf('se-main')).safeParse({
          ...employment,
          employmentType: 'Pensioner',
          mainBank: 'X',
          isPoliticallyExposed: 'no',
        }),
      ),
    ).toEqual({
      employmentStart: 'required',
    });
  });

  it('a fixed-term job needs an end after the start; no start in the future', () => {
    const base = {
      employmentType: 'Temporary',
      employerName: 'Firma',
      employmentStart: '2024-05-01',
      employmentEnd: '2024-01-01',
      industry: '',
      jobLevel: '',
      mainBank: '',
      isPoliticallyExposed: 'no',
    } as const;
    expect(issues(employmentSchema(flagsOf('no-compare')).safeParse(base))).toEqual({
      employmentEnd: 'endBeforeStart',
    });
    expect(
      issues(
        employmentSchema(flagsOf('no-compare'), new Date('2024-03-01')).safeParse({
          ...base,
          employmentEnd: '2025-01-01',
        }),
      ),
    ).toEqual({ employmentStart: 'dateInFuture' });
  });

  it('income: net × 12 may not exceed gross (check/app); amounts typed with spaces', () => {
    expect(
      issues(
        incomeSchema.safeParse({
          grossYearlyIncome: '300 000',
          netMonthlyIncome: '30 000',
          otherIncomeMonthly: '',
        }),
      ),
    ).toEqual({
      netMonthlyIncome: 'netAboveGross',
    });
    expect(
      incomeSchema.parse({ grossYearlyIncome: '600 000', netMonthlyIncome: '36000', otherIncomeMonthly: '' }),
    ).toEqual({
      grossYearlyIncome: 600000,
      netMonthlyIncome: 36000,
      otherIncomeMonthly: null,
    });
    expect(parseWholeNumber('1.250')).toBe(1250);
    expect(parseWholeNumber('12,5')).toBeNull();
  });

  it('debts: the flags decide which must state a monthly payment or creditor', () => {
    const economy = {
      grossYearlyIncome: '600000',
      netMonthlyIncome: '35000',
      otherIncomeMonthly: '',
      debts: [
        { debtType: 'CreditCard', creditor: '', balance: '10000', monthlyPayment: '' },
        { debtType: 'Housing', creditor: '', balance: '2000000', monthlyPayment: '' },
        { debtType: '', creditor: '', balance: 'x', monthlyPayment: '' },
      ],
      expenses: { '1': '500', '2': '', '3': '', '4': '', '5': '', '6': '' },
    } as const;
    expect(issues(economySchema(flagsOf('no-main')).safeParse(economy))).toEqual({
      'debts.1.creditor': 'required',
      'debts.2.debtType': 'required',
      'debts.2.balance': 'digitsOnly',
    });
    expect(issues(economySchema(flagsOf('se-main')).safeParse(economy))).toMatchObject({
      'debts.0.monthlyPayment': 'required',
    });
  });

  it('consent: terms and credit check are required, marketing is optional', () => {
    expect(
      issues(
        consentSchema.safeParse({
          acceptTerms: false,
          creditCheck: false,
          marketingEmail: false,
          marketingSms: false,
          marketingPhone: false,
        }),
      ),
    ).toEqual({
      acceptTerms: 'consentRequired',
      creditCheck: 'consentRequired',
    });
    expect(
      consentSchema.safeParse({
        acceptTerms: true,
        creditCheck: true,
        marketingEmail: false,
        marketingSms: true,
        marketingPhone: false,
      }).success,
    ).toBe(true);
  });
});

describe('every number error is true for what was typed (issue 38)', () => {
  it('tells a negative number, decimals, letters and a number too long apart', () => {
    expect(readWholeNumber('-1')).toEqual({ problem: 'negative' });
    expect(readWholeNumber('\u2212 500')).toEqual({ problem: 'negative' });
    expect(readWholeNumber('12,5')).toEqual({ problem: 'decimals' });
    expect(readWholeNumber('12.5')).toEqual({ problem: 'decimals' });
    expect(readWholeNumber('to')).toEqual({ problem: 'digitsOnly' });
    expect(readWholeNumber('5 kr')).toEqual({ problem: 'digitsOnly' });
    expect(readWholeNumber('12345678901')).toEqual({ problem: 'tooLarge' });
    expect(readWholeNumber('150 000')).toEqual({ value: 150_000 });
    expect(readWholeNumber('1.250')).toEqual({ value: 1250 });
    expect(readWholeNumber('0')).toEqual({ value: 0 });
  });

  it('children: −1 "cannot be negative", not "whole number"; more than 20 names the range', () => {
    const household = (childrenCount: string) =>
      issues(
        householdSchema(flagsOf('no-main')).safeParse({
          maritalStatus: 'Single',
          education: 'Higher education',
          livingSituation: 'Rental',
          housingType: '',
          housingCostMonthly: '9000',
          partnerLivingCostMonthly: '',
          childrenCount,
        }),
      ).childrenCount;
    expect(household('-1')).toBe('negative');
    expect(household('1,5')).toBe('decimals');
    expect(household('21')).toBe('childrenMax');
    expect(household('to')).toBe('digitsOnly');
    expect(household('')).toBe('required');
    expect(household('3')).toBeUndefined();
  });

  it('money: a negative amount is named as one', () => {
    expect(
      issues(
        incomeSchema.safeParse({
          grossYearlyIncome: '-600000',
          netMonthlyIncome: '36 000,50',
          otherIncomeMonthly: '',
        }),
      ),
    ).toEqual({ grossYearlyIncome: 'negative', netMonthlyIncome: 'decimals' });
  });
});
