import { z } from 'zod';
import type { Country } from '../enums.ts';

// Where the new loan pays a refinanced debt off (issue 35 item 4, docs/decisions/0080): the old creditor's
// account and the payment reference that lets the creditor match the payment to the debt. Each country
// pays bills its own way, so each has its own account and reference formats and check digits. A wrong digit
// sends money to the wrong place or leaves it unmatched at the creditor, so the check digits are checked here
// before anything is sent to a lender.
//
//  - NO: an 11-digit bank account number (MOD11, weights 5,4,3,2,7,6,5,4,3,2) and a KID (2–25 digits,
//    its last digit a MOD10 or MOD11 check digit; MOD11's 10 is written '-'), as on every Norwegian giro.
//  - SE: a bankgiro number (7–8 digits, written NNN-NNNN / NNNN-NNNN) or a plusgiro number (2–8 digits,
//    written with a dash before the check digit), both MOD10 (Luhn); the reference an OCR number (2–25
//    digits, MOD10). Digits only, 7–8 of them, are read as a bankgiro number.
//  - FI: a Finnish IBAN (FI + 16 digits, ISO 13616 MOD97) and an RF creditor reference (ISO 11649, MOD97)
//    or a Finnish national reference (4–20 digits, check digit by weights 7,3,1).
//  - DK: either a bank account (4-digit reg. no. + 6–10 digit account no.; no common check digit across
//    banks) with a message of 1–35 characters, or a FIK creditor number (+ and 8 digits) with a FIK payment
//    line "71" + 15 digits or "75" + 16 digits (MOD10), as printed on a Danish payment slip.

/** The debt's payoff fields as written (loan-application.ts debt): required once IsRefinanced is true. */
export const debtPayoffInputSchema = /* @__PURE__ */ z.object({
  PayoffAccount: z.string().trim().max(40).nullable().optional(),
  PayoffReference: z.string().trim().max(40).nullable().optional(),
});

/** As answered, with the lender's confirmation; optional so clients' older fixtures stay valid. */
export const debtPayoffSchema = /* @__PURE__ */ z.object({
  PayoffAccount: z.string().nullable().optional(),
  PayoffReference: z.string().nullable().optional(),
  PayoffConfirmedAmount: z.number().nullable().optional(),
  PayoffConfirmedAt: z.string().nullable().optional(),
});

export type PayoffAccountKind = 'no-account' | 'bankgiro' | 'plusgiro' | 'iban' | 'dk-account' | 'fik';

export interface PayoffInstruction {
  /** The account as it is sent to the lender: digits (and the IBAN's letters), no spaces or dashes. */
  account: string;
  accountKind: PayoffAccountKind;
  /** The payment reference as it is sent to the lender, spaces removed (a DK message kept as written). */
  reference: string;
}

export interface PayoffProblem {
  field: 'PayoffAccount' | 'PayoffReference';
  message: string;
}

export const payoffMessages = {
  accountMissing: 'The creditor account is required when the debt is refinanced',
  referenceMissing: 'The payment reference is required when the debt is refinanced',
  accountNO: 'Not a Norwegian account number (11 digits with a valid check digit)',
  referenceNO: 'Not a valid KID (2–25 digits with a valid check digit)',
  accountSE:
    'Not a bankgiro number (NNN-NNNN or NNNN-NNNN) or plusgiro number (NNNNNNN-N) with a valid check digit',
  referenceSE: 'Not a valid OCR number (2–25 digits with a valid check digit)',
  accountFI: 'Not a Finnish IBAN (FI and 16 digits with valid check digits)',
  referenceFI: 'Not a valid RF creditor reference or Finnish reference number',
  accountDK:
    'Not a Danish account (4-digit reg. no. and 6–10 digit account no.) or FIK creditor number (+ and 8 digits)',
  referenceDK: 'Not a FIK payment line (71 and 15 digits, or 75 and 16 digits, with a valid check digit)',
  messageDK: 'The message to the creditor must be 1–35 characters',
} as const;

const digitsOf = (text: string) => [...text].map(Number);

/** MOD10 (Luhn) over all digits, the last being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  digitsOf(digits)
    .reverse()
    .forEach((digit, index) => {
      const value = index % 2 === 1 ? digit * 2 : digit;
      sum += value > 9 ? value - 9 : value;
    });
  return sum % 10 === 0;
}

/** MOD11 with weights 2,3,4,5,6,7 repeating from the right (Norwegian KID and account); 10 is '-'. */
function mod11CheckDigit(body: string): string | null {
  let sum = 0;
  digitsOf(body)
    .reverse()
    .forEach((digit, index) => {
      sum += digit * ((index % 6) + 2);
    });
  const rest = sum % 11;
  if (rest === 0) return '0';
  return rest === 1 ? '-' : String(11 - rest);
}

export function norwegianAccountValid(account: string): boolean {
  if (!/^\d{11}$/.test(account)) return false;
  const check = mod11CheckDigit(account.slice(0, 10));
  return check !== '-' && check === account[10];
}

export function kidValid(kid: string): boolean {
  if (!/^\d{1,24}[\d-]$/.test(kid) || kid.length < 2 || kid.length > 25) return false;
  if (luhnValid(kid)) return true;
  return mod11CheckDigit(kid.slice(0, -1)) === kid.at(-1);
}

/** ISO 7064 MOD97-10 over a string of digits and letters (A = 10 … Z = 35). */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

export function finnishIbanValid(iban: string): boolean {
  if (!/^FI\d{16}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** ISO 11649 creditor reference: RF, two check digits, 1–21 letters or digits. */
export function rfReferenceValid(reference: string): boolean {
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(reference)) return false;
  return mod97(reference.slice(4) + reference.slice(0, 4)) === 1;
}

/** The Finnish national reference (viitenumero): 4–20 digits, the last by weights 7,3,1 from the right. */
export function finnishReferenceValid(reference: string): boolean {
  if (!/^\d{4,20}$/.test(reference)) return false;
  const weights = [7, 3, 1];
  const sum = digitsOf(reference.slice(0, -1))
    .reverse()
    .reduce((total, digit, index) => total + digit * (weights[index % 3] ?? 1), 0);
  return (10 - (sum % 10)) % 10 === Number(reference.at(-1));
}

const compact = (text: string) => text.replace(/[\s.]/g, '');

function swedishAccount(raw: string): { account: string; kind: 'bankgiro' | 'plusgiro' } | null {
  const text = compact(raw);
  let kind: 'bankgiro' | 'plusgiro';
  if (/^\d{3,4}-\d{4}$/.test(text) || /^\d{7,8}$/.test(text)) kind = 'bankgiro';
  else if (/^\d{1,7}-\d$/.test(text)) kind = 'plusgiro';
  else return null;
  const account = text.replace('-', '');
  return luhnValid(account) ? { account, kind } : null;
}

function danishAccount(raw: string): { account: string; kind: 'dk-account' | 'fik' } | null {
  const text = raw.trim();
  if (/^\+\s*\d{8}$/.test(text)) return { account: text.replace(/\D/g, ''), kind: 'fik' };
  const match = /^(\d{4})[\s-]*(\d{6,10})$/.exec(text);
  return match ? { account: `${match[1]}${match[2]}`, kind: 'dk-account' } : null;
}

/** FIK payment line: card type 71 (15-digit payment id) or 75 (16 digits), the id's last digit MOD10. */
function fikReference(raw: string): string | null {
  const text = raw.replace(/[\s+<]/g, '');
  const match = /^(71\d{15}|75\d{16})$/.exec(text);
  return match && luhnValid(text.slice(2)) ? text : null;
}

/**
 * The payoff instruction of a refinanced debt in `country`, normalised, or the first thing wrong with it
 * (the field and the message the API answers with 400).
 */
export function checkPayoffInstruction(
  country: Country,
  account: string | null | undefined,
  reference: string | null | undefined,
): { ok: true; instruction: PayoffInstruction } | { ok: false; problem: PayoffProblem } {
  const fail = (field: PayoffProblem['field'], message: string) =>
    ({ ok: false, problem: { field, message } }) as const;
  if (!account?.trim()) return fail('PayoffAccount', payoffMessages.accountMissing);
  if (!reference?.trim()) return fail('PayoffReference', payoffMessages.referenceMissing);
  const ref = compact(reference);
  switch (country) {
    case 'NO': {
      const digits = compact(account);
      if (!norwegianAccountValid(digits)) return fail('PayoffAccount', payoffMessages.accountNO);
      if (!kidValid(ref)) return fail('PayoffReference', payoffMessages.referenceNO);
      return { ok: true, instruction: { account: digits, accountKind: 'no-account', reference: ref } };
    }
    case 'SE': {
      const giro = swedishAccount(account);
      if (!giro) return fail('PayoffAccount', payoffMessages.accountSE);
      if (!/^\d{2,25}$/.test(ref) || !luhnValid(ref))
        return fail('PayoffReference', payoffMessages.referenceSE);
      return { ok: true, instruction: { account: giro.account, accountKind: giro.kind, reference: ref } };
    }
    case 'FI': {
      const iban = compact(account).toUpperCase();
      if (!finnishIbanValid(iban)) return fail('PayoffAccount', payoffMessages.accountFI);
      const upper = ref.toUpperCase();
      if (!rfReferenceValid(upper) && !finnishReferenceValid(upper))
        return fail('PayoffReference', payoffMessages.referenceFI);
      return { ok: true, instruction: { account: iban, accountKind: 'iban', reference: upper } };
    }
    case 'DK': {
      const target = danishAccount(account);
      if (!target) return fail('PayoffAccount', payoffMessages.accountDK);
      if (target.kind === 'fik') {
        const line = fikReference(reference);
        if (!line) return fail('PayoffReference', payoffMessages.referenceDK);
        return { ok: true, instruction: { account: target.account, accountKind: 'fik', reference: line } };
      }
      const message = reference.trim();
      if (message.length > 35) return fail('PayoffReference', payoffMessages.messageDK);
      return {
        ok: true,
        instruction: { account: target.account, accountKind: 'dk-account', reference: message },
      };
    }
  }
}
