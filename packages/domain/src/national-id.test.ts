import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Country, countries } from './enums.ts';
import {
  invalidNationalIdMessage,
  makeTestNationalId,
  maskNationalId,
  nationalIdFailures,
  nationalIdSchema,
  validateNationalId,
} from './national-id.ts';

const today = new Date('2026-06-01T12:00:00Z');
const validate = (country: Country, raw: string) => validateNationalId(country, raw, { today });
const expectValid = (country: Country, raw: string, birthDate: string, normalized?: string) => {
  const result = validate(country, raw);
  expect(result, `${country} ${raw}`).toEqual({ valid: true, birthDate, normalized: normalized ?? raw });
};
const expectInvalid = (country: Country, raw: string, message: string) => {
  expect(validate(country, raw), `${country} ${raw}`).toEqual({ valid: false, message });
};

/** Change the last character so the check digit/character no longer matches. */
const breakCheck = (id: string) => {
  const last = id.at(-1)!;
  const replacement = /\d/.test(last) ? String((Number(last) + 1) % 10) : last === 'A' ? 'B' : 'A';
  return id.slice(0, -1) + replacement;
};

// Independent re-implementations, written from the published rules, to check the generator against.
const norwegianControls = (nine: string) => {
  const w1 = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  const w2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const k1 = 11 - (w1.reduce((s, w, i) => s + w * Number(nine[i]), 0) % 11);
  const c1 = k1 === 11 ? 0 : k1;
  const ten = nine + c1;
  const k2 = 11 - (w2.reduce((s, w, i) => s + w * Number(ten[i]), 0) % 11);
  const c2 = k2 === 11 ? 0 : k2;
  return c1 === 10 || c2 === 10 ? undefined : `${c1}${c2}`;
};
const luhnValid = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 === 1 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

describe('fixed published numbers', () => {
  it('NO', () => {
    expectValid('NO', '15076500565', '1965-07-15');
    expectValid('NO', '13097248022', '1972-09-13');
    expectValid('NO', '150765 00565', '1965-07-15', '15076500565');
  });
  it('SE (Skatteverket examples, including the test person Tolvan Tolvansson)', () => {
    expectValid('SE', '811218-9876', '1981-12-18', '198112189876');
    expectValid('SE', '8112189876', '1981-12-18', '198112189876');
    expectValid('SE', '19811218-9876', '1981-12-18', '198112189876');
    expectValid('SE', '191212121212', '1912-12-12');
    expectValid('SE', '121212+1212', '1912-12-12', '191212121212');
    // The same ten digits with '-' belong to someone under 100: born 2012.
    expectValid('SE', '121212-1212', '2012-12-12', '201212121212');
  });
  it('FI (DVV example)', () => {
    expectValid('FI', '131052-308T', '1952-10-13');
    expectValid('FI', '131052-308t', '1952-10-13', '131052-308T');
  });
  it('DK (CPR example)', () => {
    expectValid('DK', '070761-4285', '1961-07-07', '0707614285');
    expectValid('DK', '0707614285', '1961-07-07');
  });
});

describe('century rules', () => {
  it('NO individual number ranges', () => {
    const no = (date: string, individual: string) => {
      const [y, m, d] = date.split('-');
      const nine = d! + m! + y!.slice(2) + individual;
      return nine + norwegianControls(nine);
    };
    // find an individual number with valid controls in each range
    const pick = (from: number, to: number, date: string) => {
      for (let i = from; i <= to; i++) {
        const [y, m, d] = date.split('-');
        if (norwegianControls(d! + m! + y!.slice(2) + String(i).padStart(3, '0')))
          return String(i).padStart(3, '0');
      }
      throw new Error('none');
    };
    expect(validate('NO', no('1899-05-17', pick(500, 749, '1899-05-17')))).toMatchObject({
      birthDate: '1899-05-17',
    });
    expect(validate('NO', no('1999-05-17', pick(900, 999, '1999-05-17')))).toMatchObject({
      birthDate: '1999-05-17',
    });
    expect(validate('NO', no('2005-05-17', pick(500, 999, '2005-05-17')))).toMatchObject({
      birthDate: '2005-05-17',
    });
    // 750–899 with YY ≥ 40 is not issued.
    expectInvalid('NO', no('1999-05-17', pick(750, 899, '1999-05-17')), nationalIdFailures.individualNumber);
  });
  it('NO D-numbers add 40 to the day', () => {
    const nine = `${41 + 14}0765005`; // day 15 + 40
    expectValid('NO', nine + norwegianControls(nine), '1965-07-15');
  });
  it('SE samordningsnummer add 60 to the day', () => {
    const nine = '811278987';
    const id = `${nine}${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((c) => luhnValid(nine + c))}`;
    expectValid('SE', id, '1981-12-18', `19${id}`);
  });
  it('FI century signs of the 2023 reform', () => {
    const check = (nine: string) => '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(nine) % 31];
    for (const sign of ['-', 'Y', 'X', 'W', 'V', 'U']) expectValid('FI', `131052${sign}308T`, '1952-10-13');
    for (const sign of ['A', 'B', 'C', 'D', 'E', 'F']) {
      expectValid('FI', `010203${sign}456${check('010203456')}`, '2003-02-01');
    }
    expectValid('FI', `010199+456${check('010199456')}`, '1899-01-01');
    expectInvalid('FI', '131052G308T', nationalIdFailures.format.FI);
  });
  it('DK century from the 7th digit', () => {
    expect(validate('DK', '0101363000')).toMatchObject({ birthDate: '1936-01-01' });
    expect(validate('DK', '0101104000')).toMatchObject({ birthDate: '2010-01-01' });
    expect(validate('DK', '0101504000')).toMatchObject({ birthDate: '1950-01-01' });
    expect(validate('DK', '0101105000')).toMatchObject({ birthDate: '2010-01-01' });
    expect(validate('DK', '0101705000')).toMatchObject({ birthDate: '1870-01-01' });
    expect(validate('DK', '0101509000')).toMatchObject({ birthDate: '1950-01-01' });
  });
  it('DK needs no modulus 11 (numbers issued since 2007 fail it)', () => {
    expectValid('DK', '0101904001', '1990-01-01'); // weighted sum not divisible by 11
  });
});

describe('invalid numbers', () => {
  it('wrong checksum', () => {
    expectInvalid('NO', breakCheck('15076500565'), nationalIdFailures.checksum);
    expectInvalid('SE', '811218-9875', nationalIdFailures.checksum);
    expectInvalid('FI', '131052-308U', nationalIdFailures.checksum);
  });
  it('impossible dates', () => {
    expectInvalid('DK', '3002901234', nationalIdFailures.birthDate);
    expectInvalid('DK', '0113901234', nationalIdFailures.birthDate);
    expectInvalid('SE', '19810230-1234', nationalIdFailures.birthDate);
    expectInvalid('FI', '320152-308T', nationalIdFailures.birthDate);
    expectInvalid('NO', '32076500565', nationalIdFailures.birthDate);
    // 29 February only in leap years
    expect(validate('DK', '2902004234').valid).toBe(true); // 2000
    expectInvalid('DK', '2902001234', nationalIdFailures.birthDate); // 1900 was no leap year
    expectInvalid('DK', '2902011234', nationalIdFailures.birthDate);
  });
  it('birth dates in the future', () => {
    expectInvalid('DK', '0101304000', nationalIdFailures.birthDate); // 2030
    const body = '300101000';
    const check = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].find((c) => luhnValid(body + c));
    expectInvalid('SE', `20${body}${check}`, nationalIdFailures.birthDate);
  });
  it('wrong length and letters', () => {
    expectInvalid('NO', '1507650056', nationalIdFailures.format.NO);
    expectInvalid('NO', '150765005651', nationalIdFailures.format.NO);
    expectInvalid('NO', '1507650056A', nationalIdFailures.format.NO);
    expectInvalid('SE', '81121898761', nationalIdFailures.format.SE);
    expectInvalid('SE', '811218-987X', nationalIdFailures.format.SE);
    expectInvalid('FI', '131052308T', nationalIdFailures.format.FI);
    expectInvalid('DK', '070761428', nationalIdFailures.format.DK);
    expectInvalid('DK', '070761/4285', nationalIdFailures.format.DK);
    for (const country of countries) expect(validate(country, '').valid).toBe(false);
  });
  it('FI individual numbers 000 and 001 are not issued', () => {
    const check = (nine: string) => '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(nine) % 31];
    expectInvalid('FI', `131052-001${check('131052001')}`, nationalIdFailures.individualNumber);
  });
  it('every failure message starts with the generic message', () => {
    for (const message of [
      ...Object.values(nationalIdFailures.format),
      nationalIdFailures.birthDate,
      nationalIdFailures.checksum,
      nationalIdFailures.individualNumber,
    ]) {
      expect(message.startsWith(invalidNationalIdMessage)).toBe(true);
    }
  });
});

describe('makeTestNationalId', () => {
  const dates = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2025-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10));

  it('makes valid numbers with the requested birth date, for every country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        dates,
        fc.integer({ min: 0, max: 40 }),
        (country, birthDate, serial) => {
          const id = makeTestNationalId(country, birthDate, serial);
          const result = validateNationalId(country, id);
          expect(result).toEqual({ valid: true, normalized: id, birthDate });
          expect(validateNationalId(country, breakCheck(id)).valid).toBe(country === 'DK');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with independent implementations of the check rules', () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 40 }), (birthDate, serial) => {
        const no = makeTestNationalId('NO', birthDate, serial);
        expect(norwegianControls(no.slice(0, 9))).toBe(no.slice(9));
        const se = makeTestNationalId('SE', birthDate, serial);
        expect(luhnValid(se.slice(2))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives distinct numbers for distinct serials', () => {
    for (const country of countries) {
      const ids = Array.from({ length: 20 }, (_, serial) =>
        makeTestNationalId(country, '1990-04-01', serial),
      );
      expect(new Set(ids).size, country).toBe(20);
    }
  });

  it('rejects impossible requests', () => {
    expect(() => makeTestNationalId('NO', '1990-02-30')).toThrow(RangeError);
    expect(() => makeTestNationalId('NO', '1990-2-3')).toThrow(RangeError);
    expect(() => makeTestNationalId('NO', '1850-01-01')).toThrow(RangeError);
    expect(() => makeTestNationalId('SE', '1990-01-01', 1000)).toThrow(RangeError);
    expect(() => makeTestNationalId('SE', '1990-01-01', -1)).toThrow(RangeError);
    expect(() => makeTestNationalId('DK', '2999-01-01')).toThrow(RangeError);
  });
});

describe('nationalIdSchema', () => {
  it('outputs the normalized number', () => {
    expect(nationalIdSchema('SE', { today }).parse(' 811218-9876 ')).toBe('198112189876');
    expect(nationalIdSchema('DK').parse('070761-4285')).toBe('0707614285');
  });
  it('fails with a clear message', () => {
    const result = nationalIdSchema('NO').safeParse('12345678901');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/^Invalid national identity number/);
    const notString = nationalIdSchema('NO').safeParse(12345678901);
    expect(notString.error!.issues[0]!.message).toBe(invalidNationalIdMessage);
  });
});

describe('maskNationalId', () => {
  it.each([
    ['15076500565', '150765*****'],
    ['811218-9876', '811218-****'],
    ['198112189876', '19811218****'],
    ['19811218-9876', '19811218-****'],
    ['131052-308T', '131052-****'],
    ['010203A456B', '010203*****'],
    ['070761-4285', '070761-****'],
    ['0707614285', '070761****'],
    ['abc123', '******'],
    ['', ''],
  ])('%s → %s', (id, masked) => {
    expect(maskNationalId(id)).toBe(masked);
  });
});
