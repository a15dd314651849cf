import { z } from 'zod';
import type { Country } from './enums.ts';

// National identity numbers of the four markets, with their real check rules:
// NO fødselsnummer (Skatteetaten), SE personnummer (Skatteverket, SKV 704), FI henkilötunnus
// (DVV; century signs of the 2023 reform), DK CPR-nummer (CPR-kontoret). These numbers are personal
// data: never log them; use maskNationalId where one has to be shown.

export type NationalIdValidation =
  | { valid: true; normalized: string; birthDate: string /* YYYY-MM-DD */ }
  | { valid: false; message: string };

export interface NationalIdOptions {
  /** "Now" for the Swedish 10-digit century rule and the no-future-birth-date check. */
  today?: Date;
}

export const invalidNationalIdMessage = 'Invalid national identity number';

export const nationalIdFailures = {
  format: {
    NO: `${invalidNationalIdMessage}: expected 11 digits`,
    SE: `${invalidNationalIdMessage}: expected 10 or 12 digits (YYMMDD-NNNN or YYYYMMDDNNNN)`,
    FI: `${invalidNationalIdMessage}: expected DDMMYY, a century sign, three digits and a check character`,
    DK: `${invalidNationalIdMessage}: expected 10 digits (DDMMYY-SSSS)`,
  },
  birthDate: `${invalidNationalIdMessage}: impossible birth date`,
  individualNumber: `${invalidNationalIdMessage}: individual number not in use`,
  checksum: `${invalidNationalIdMessage}: check digit does not match`,
} as const;

export function validateNationalId(
  country: Country,
  raw: string,
  options: NationalIdOptions = {},
): NationalIdValidation {
  const today = isoDate(options.today ?? new Date());
  // Spaces are how people type these numbers in groups; they never carry meaning.
  const compact = raw.replace(/\s+/g, '');
  const parsed = parsers[country](compact, today);
  if (!parsed.valid) return parsed;
  if (parsed.birthDate > today) return { valid: false, message: nationalIdFailures.birthDate };
  return parsed;
}

/** zod schema: trims, validates and outputs the normalized number. */
export function nationalIdSchema(country: Country, options: NationalIdOptions = {}) {
  return z.string({ error: invalidNationalIdMessage }).transform((value, ctx) => {
    const result = validateNationalId(country, value, options);
    if (!result.valid) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.normalized;
  });
}

/**
 * For logs and responses: keeps the birth-date part (6 characters, or 8 for the Swedish 12-digit form)
 * and masks every other letter or digit: '010190-1234' → '010190-****'. Anything that does not start
 * with a date part is masked entirely.
 */
export function maskNationalId(id: string): string {
  const trimmed = id.trim();
  const keep = /^\d{8}(?:[-+]?\d{4})$/.test(trimmed) ? 8 : /^\d{6}/.test(trimmed) ? 6 : 0;
  return trimmed.slice(0, keep) + trimmed.slice(keep).replace(/[0-9A-Za-z]/g, '*');
}

/**
 * A valid number for the birth date (YYYY-MM-DD), for tests, the dev login and seed data. `serial` picks
 * the serial-th valid number for that date (0-based), so distinct serials give distinct numbers.
 * Output is the normalized form. Throws RangeError for an invalid or future date, or a serial past the
 * numbers the date allows (e.g. NO years outside 1854–2039).
 */
export function makeTestNationalId(country: Country, birthDate: string, serial = 0): string {
  const date = parseIsoDate(birthDate);
  if (!date) throw new RangeError(`Not a valid birth date: ${birthDate}`);
  if (!Number.isInteger(serial) || serial < 0) throw new RangeError(`Serial must be a non-negative integer`);
  if (birthDate > isoDate(new Date())) throw new RangeError(`Birth date in the future: ${birthDate}`);
  let index = 0;
  for (const candidate of candidates[country](date)) {
    // The candidates share the date digits; the century (NO individual number, DK 7th digit) must fit too.
    const result = validateNationalId(country, candidate);
    if (!result.valid || result.birthDate !== birthDate) continue;
    if (index === serial) return candidate;
    index++;
  }
  throw new RangeError(`No ${country} national identity number #${serial} for ${birthDate}`);
}

// ── Countries ─────────────────────────────────────────────────────────────────────────────────────

type Parser = (compact: string, today: string) => NationalIdValidation;
interface BirthDate {
  year: number;
  month: number;
  day: number;
}

const parsers: Record<Country, Parser> = {
  NO: parseNorwegian,
  SE: parseSwedish,
  FI: parseFinnish,
  DK: parseDanish,
};

const candidates: Record<Country, (date: BirthDate) => Iterable<string>> = {
  *NO({ year, month, day }) {
    const datePart = pad2(day) + pad2(month) + pad2(year % 100);
    for (let individual = 0; individual <= 999; individual++) {
      const nine = datePart + pad(individual, 3);
      const controls = norwegianControlDigits(nine);
      if (controls) yield nine + controls;
    }
  },
  *SE({ year, month, day }) {
    const datePart = pad2(year % 100) + pad2(month) + pad2(day);
    for (let birthNumber = 0; birthNumber <= 999; birthNumber++) {
      const nine = datePart + pad(birthNumber, 3);
      yield String(year).padStart(4, '0').slice(0, 2) + nine + luhnCheckDigit(nine);
    }
  },
  *FI({ year, month, day }) {
    const sign = year < 1900 ? '+' : year < 2000 ? '-' : 'A';
    const datePart = pad2(day) + pad2(month) + pad2(year % 100);
    for (let individual = 2; individual <= 999; individual++) {
      yield datePart + sign + pad(individual, 3) + finnishCheckCharacter(datePart + pad(individual, 3));
    }
  },
  *DK({ year, month, day }) {
    const datePart = pad2(day) + pad2(month) + pad2(year % 100);
    // The century check in validation keeps only sequence numbers whose first digit fits the year.
    for (let sequence = 0; sequence <= 9999; sequence++) yield datePart + pad(sequence, 4);
  },
};

// NO fødselsnummer DDMMYYIIIKK. D-numbers add 40 to the day. H-numbers (month + 40) and Tenor synthetic
// numbers (month + 80) are not identities an applicant can have, so they fail.
function parseNorwegian(compact: string): NationalIdValidation {
  if (!/^\d{11}$/.test(compact)) return { valid: false, message: nationalIdFailures.format.NO };
  const rawDay = Number(compact.slice(0, 2));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  const month = Number(compact.slice(2, 4));
  const yy = Number(compact.slice(4, 6));
  const individual = Number(compact.slice(6, 9));
  const year = norwegianBirthYear(yy, individual);
  if (year === undefined) return { valid: false, message: nationalIdFailures.individualNumber };
  const birthDate = isoDateOf({ year, month, day });
  if (!birthDate) return { valid: false, message: nationalIdFailures.birthDate };
  if (norwegianControlDigits(compact.slice(0, 9)) !== compact.slice(9)) {
    return { valid: false, message: nationalIdFailures.checksum };
  }
  return { valid: true, normalized: compact, birthDate };
}

// Century from the individual number (Skatteetaten): 000–499 → 1900–1999; 500–749 with YY ≥ 54 →
// 1854–1899; 500–999 with YY ≤ 39 → 2000–2039; 900–999 with YY ≥ 40 → 1940–1999; other pairs unused.
function norwegianBirthYear(yy: number, individual: number): number | undefined {
  if (individual <= 499) return 1900 + yy;
  if (individual <= 749 && yy >= 54) return 1800 + yy;
  if (yy <= 39) return 2000 + yy;
  if (individual >= 900 && yy >= 40) return 1900 + yy;
  return undefined;
}

/** The two mod-11 control digits for the first nine digits; undefined when a remainder gives 10. */
function norwegianControlDigits(nine: string): string | undefined {
  const k1 = mod11Control(nine, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
  if (k1 === undefined) return undefined;
  const k2 = mod11Control(nine + k1, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
  if (k2 === undefined) return undefined;
  return `${k1}${k2}`;
}

function mod11Control(digits: string, weights: readonly number[]): number | undefined {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const control = (11 - (sum % 11)) % 11;
  return control === 10 ? undefined : control;
}

// SE personnummer: YYMMDD-NNNC (the sign turns '+' in the year the holder turns 100) or YYYYMMDDNNNC.
// Luhn over the ten-digit form. Samordningsnummer (day + 60) are accepted: Skatteverket issues them to
// people without a Swedish registration, and lenders accept them. Normalized to 12 digits, as BankID uses.
function parseSwedish(compact: string, today: string): NationalIdValidation {
  const match = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+])?(\d{4})$/.exec(compact);
  if (!match) return { valid: false, message: nationalIdFailures.format.SE };
  const [, centuryDigits, yyText, mmText, ddText, sign, tail] = match as unknown as [
    string,
    string | undefined,
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  const yy = Number(yyText);
  const month = Number(mmText);
  const rawDay = Number(ddText);
  const day = rawDay > 60 ? rawDay - 60 : rawDay;
  let year: number;
  if (centuryDigits !== undefined) {
    year = Number(centuryDigits) * 100 + yy;
  } else {
    // The latest year ending in YY whose birthday is not after today; '+' means a hundred years earlier.
    const todayYear = Number(today.slice(0, 4));
    year = todayYear - (((todayYear % 100) - yy + 100) % 100);
    const candidate = isoDateOf({ year, month, day });
    if (candidate && candidate > today) year -= 100;
    if (sign === '+') year -= 100;
  }
  const birthDate = isoDateOf({ year, month, day });
  if (!birthDate) return { valid: false, message: nationalIdFailures.birthDate };
  const ten = yyText + mmText + ddText + tail;
  if (luhnCheckDigit(ten.slice(0, 9)) !== ten.slice(9))
    return { valid: false, message: nationalIdFailures.checksum };
  return { valid: true, normalized: pad(Math.floor(year / 100), 2) + ten, birthDate };
}

function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // Weights 2,1,2,1… from the left for a nine-digit body (i.e. from the right next to the check digit).
    const product = Number(digits[index]) * ((digits.length - index) % 2 === 1 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return String((10 - (sum % 10)) % 10);
}

// FI henkilötunnus DDMMYYCZZZQ. Century signs (laki väestötietojärjestelmästä, 2023 reform):
// '+' 1800s; '-', 'Y', 'X', 'W', 'V', 'U' 1900s; 'A'–'F' 2000s. ZZZ 002–899 permanent, 900–999
// temporary/test; 000 and 001 are not issued. Q = (DDMMYYZZZ mod 31) in the table below.
const finnishCenturyBySign: Readonly<Record<string, number>> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};
const finnishCheckCharacters = '0123456789ABCDEFHJKLMNPRSTUVWXY';

function parseFinnish(compact: string): NationalIdValidation {
  const upper = compact.toUpperCase();
  const match = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(upper);
  if (!match) return { valid: false, message: nationalIdFailures.format.FI };
  const [, ddText, mmText, yyText, sign, individualText, check] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const year = finnishCenturyBySign[sign]! + Number(yyText);
  const birthDate = isoDateOf({ year, month: Number(mmText), day: Number(ddText) });
  if (!birthDate) return { valid: false, message: nationalIdFailures.birthDate };
  if (Number(individualText) < 2) return { valid: false, message: nationalIdFailures.individualNumber };
  if (finnishCheckCharacter(ddText + mmText + yyText + individualText) !== check) {
    return { valid: false, message: nationalIdFailures.checksum };
  }
  return { valid: true, normalized: upper, birthDate };
}

function finnishCheckCharacter(nineDigits: string): string {
  return finnishCheckCharacters[Number(nineDigits) % 31]!;
}

// DK CPR DDMMYY-SSSS. No modulus-11 check: CPR has issued numbers that fail it since 2007. Century from
// the 7th digit (CPR-kontoret): 0–3 → 1900s; 4 and 9 → 2000–2036 if YY ≤ 36 else 1937–1999;
// 5–8 → 2000–2057 if YY ≤ 57 else 1858–1899. Normalized without the hyphen.
function parseDanish(compact: string): NationalIdValidation {
  const match = /^(\d{6})-?(\d{4})$/.exec(compact);
  if (!match) return { valid: false, message: nationalIdFailures.format.DK };
  const [, datePart, sequence] = match as unknown as [string, string, string];
  const yy = Number(datePart.slice(4, 6));
  const year = danishCentury(Number(sequence[0]), yy) + yy;
  const birthDate = isoDateOf({
    year,
    month: Number(datePart.slice(2, 4)),
    day: Number(datePart.slice(0, 2)),
  });
  if (!birthDate) return { valid: false, message: nationalIdFailures.birthDate };
  return { valid: true, normalized: datePart + sequence, birthDate };
}

function danishCentury(seventhDigit: number, yy: number): number {
  if (seventhDigit <= 3) return 1900;
  if (seventhDigit === 4 || seventhDigit === 9) return yy <= 36 ? 2000 : 1900;
  return yy <= 57 ? 2000 : 1800;
}

// ── Dates ─────────────────────────────────────────────────────────────────────────────────────────

function isoDateOf({ year, month, day }: BirthDate): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad2(month)}-${pad2(day)}`;
}

function parseIsoDate(text: string): BirthDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isoDateOf(date) ? date : undefined;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function pad2(value: number): string {
  return pad(value, 2);
}
