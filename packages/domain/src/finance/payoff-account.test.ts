import { describe, expect, it } from 'vitest';
import {
  checkPayoffInstruction,
  finnishIbanValid,
  finnishReferenceValid,
  kidValid,
  luhnValid,
  norwegianAccountValid,
  payoffMessages,
  rfReferenceValid,
} from './payoff-account.ts';

const problemOf = (result: ReturnType<typeof checkPayoffInstruction>) => (result.ok ? null : result.problem);

describe('check digits', () => {
  it('MOD10 (Luhn)', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('12a4')).toBe(false);
  });

  it('Norwegian account numbers: 11 digits, MOD11', () => {
    expect(norwegianAccountValid('86011117947')).toBe(true);
    expect(norwegianAccountValid('86011117946')).toBe(false);
    expect(norwegianAccountValid('8601111794')).toBe(false);
  });

  it('KID: MOD10 or MOD11, 2–25 digits', () => {
    expect(kidValid('79927398713')).toBe(true); // MOD10
    expect(kidValid('12345678903')).toBe(true); // MOD11: 1234567890 → 3
    expect(kidValid('12345678904')).toBe(false);
    expect(kidValid('1')).toBe(false);
    expect(kidValid('1'.repeat(26))).toBe(false);
  });

  it('Finnish IBAN, RF and national references', () => {
    expect(finnishIbanValid('FI2112345600000785')).toBe(true);
    expect(finnishIbanValid('FI2112345600000786')).toBe(false);
    expect(finnishIbanValid('SE4550000000058398257466')).toBe(false);
    expect(rfReferenceValid('RF18539007547034')).toBe(true);
    expect(rfReferenceValid('RF19539007547034')).toBe(false);
    expect(finnishReferenceValid('1232')).toBe(true);
    expect(finnishReferenceValid('1233')).toBe(false);
  });
});

describe('checkPayoffInstruction', () => {
  it('both fields are required', () => {
    expect(problemOf(checkPayoffInstruction('NO', null, '79927398713'))).toEqual({
      field: 'PayoffAccount',
      message: payoffMessages.accountMissing,
    });
    expect(problemOf(checkPayoffInstruction('NO', '86011117947', ' '))).toEqual({
      field: 'PayoffReference',
      message: payoffMessages.referenceMissing,
    });
  });

  it('NO: account with spaces and dots normalised, KID checked', () => {
    expect(checkPayoffInstruction('NO', '8601.11.17947', '7992 7398 713')).toEqual({
      ok: true,
      instruction: { account: '86011117947', accountKind: 'no-account', reference: '79927398713' },
    });
    expect(problemOf(checkPayoffInstruction('NO', '86011117946', '79927398713'))?.message).toBe(
      payoffMessages.accountNO,
    );
    expect(problemOf(checkPayoffInstruction('NO', '86011117947', '79927398710'))?.message).toBe(
      payoffMessages.referenceNO,
    );
  });

  it('SE: bankgiro or plusgiro, OCR', () => {
    const bankgiro = checkPayoffInstruction('SE', '5050-1055', '79927398713');
    expect(bankgiro.ok && bankgiro.instruction.accountKind).toBe('bankgiro');
    const plusgiro = checkPayoffInstruction('SE', '4-2', '79927398713');
    expect(plusgiro.ok && plusgiro.instruction).toMatchObject({ account: '42', accountKind: 'plusgiro' });
    expect(problemOf(checkPayoffInstruction('SE', '5050-1056', '79927398713'))?.field).toBe('PayoffAccount');
    expect(problemOf(checkPayoffInstruction('SE', '5050-1055', 'ABC'))?.message).toBe(
      payoffMessages.referenceSE,
    );
  });

  it('FI: IBAN with RF or national reference', () => {
    expect(checkPayoffInstruction('FI', 'fi21 1234 5600 0007 85', 'rf18 5390 0754 7034')).toEqual({
      ok: true,
      instruction: { account: 'FI2112345600000785', accountKind: 'iban', reference: 'RF18539007547034' },
    });
    expect(checkPayoffInstruction('FI', 'FI2112345600000785', '1232').ok).toBe(true);
    expect(problemOf(checkPayoffInstruction('FI', '86011117947', '1232'))?.message).toBe(
      payoffMessages.accountFI,
    );
  });

  it('DK: bank account with a message, or FIK creditor number with a payment line', () => {
    expect(checkPayoffInstruction('DK', '1234 1234567890', 'Lån 55')).toEqual({
      ok: true,
      instruction: { account: '12341234567890', accountKind: 'dk-account', reference: 'Lån 55' },
    });
    expect(checkPayoffInstruction('DK', '+12345678', '+71<000000000000000')).toEqual({
      ok: true,
      instruction: { account: '12345678', accountKind: 'fik', reference: '71000000000000000' },
    });
    expect(problemOf(checkPayoffInstruction('DK', '+12345678', '71000000000000001'))?.message).toBe(
      payoffMessages.referenceDK,
    );
    expect(problemOf(checkPayoffInstruction('DK', '1234 1234567890', 'x'.repeat(36)))?.message).toBe(
      payoffMessages.messageDK,
    );
    expect(problemOf(checkPayoffInstruction('DK', '12', 'x'))?.message).toBe(payoffMessages.accountDK);
  });
});
