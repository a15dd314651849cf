import { describe, expect, it } from 'vitest';
import { createLocalScreeningList, entryMatches, namesMatch, normaliseName } from './local-screening-list.ts';

describe('local screening list: matching', () => {
  it('normalises case, accents, Nordic letters, punctuation and word order', () => {
    expect(normaliseName('Åsmund Ølberg-Kråkenes')).toBe('asmund krakenes olberg');
    expect(normaliseName('  ØLBERG-KRÅKENES,  åsmund ')).toBe('asmund krakenes olberg');
    expect(normaliseName('Päivikki Äijälä-Törmänen')).toBe('aijala paivikki tormanen');
    expect(normaliseName('Oddvar Þórsson Kvæstad')).toBe('kvaestad oddvar thorsson');
  });

  it('catches case, accents, order and one slip in a long name; not a different person', () => {
    expect(namesMatch('Åsmund Ølberg-Kråkenes', 'ASMUND OLBERG KRAKENES')).toBe(true);
    expect(namesMatch('Åsmund Ølberg-Kråkenes', 'Olberg Krakenes Asmund')).toBe(true);
    expect(namesMatch('Åsmund Ølberg-Kråkenes', 'Asmund Olberg-Krakenis')).toBe(true);
    expect(namesMatch('Åsmund Ølberg-Kråkenes', 'Asmund Olberg')).toBe(false);
    expect(namesMatch('Åsmund Ølberg-Kråkenes', 'Ingrid Ølberg-Kråkenes')).toBe(false);
    // Short names get no slip: "Ola Dal" is not "Ola Bal".
    expect(namesMatch('Ola Dal', 'Ola Bal')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });

  it('a birth date on the entry must agree when the subject has one', () => {
    const entry = {
      kind: 'PEP' as const,
      name: 'Åsmund Ølberg-Kråkenes',
      birthDate: '1961-03-14',
      source: 'test',
    };
    const subject = { reference: 'p', fullName: 'Asmund Olberg Krakenes', country: 'NO' as const };
    expect(entryMatches(entry, { ...subject, birthDate: '1961-03-14' })).toBe(true);
    expect(entryMatches(entry, { ...subject, birthDate: null })).toBe(true);
    expect(entryMatches(entry, { ...subject, birthDate: '1985-04-12' })).toBe(false);
  });

  it('answers one result per subject with the kinds hit and the entries in Details', async () => {
    const results = await createLocalScreeningList().screen([
      { reference: 'pep', fullName: 'Asmund Olberg Krakenes', birthDate: '1961-03-14', country: 'NO' },
      { reference: 'rca', fullName: 'bjork maehlum dalsrud', birthDate: '1990-01-01', country: 'DK' },
      { reference: 'sanctioned', fullName: 'Oddvar Thorsson Kvaestad', birthDate: null, country: 'SE' },
      { reference: 'clean', fullName: 'Kari Nordmann', birthDate: '1985-04-12', country: 'NO' },
      { reference: 'mayor', fullName: 'TORBJORN KVALVAG HESTHAMMER', birthDate: '1985-04-12', country: 'NO' },
    ]);
    const byReference = Object.fromEntries(results.map((result) => [result.reference, result]));
    expect(byReference.pep).toMatchObject({ pep: true, rca: false, sanctioned: false });
    expect(byReference.pep?.details).toContain('PEP: Åsmund Ølberg-Kråkenes (born 1961-03-14)');
    expect(byReference.rca).toMatchObject({ pep: false, rca: true, sanctioned: false });
    expect(byReference.sanctioned).toMatchObject({ pep: false, rca: false, sanctioned: true });
    expect(byReference.mayor).toMatchObject({ pep: true, rca: false, sanctioned: false });
    expect(byReference.clean).toEqual({
      reference: 'clean',
      pep: false,
      rca: false,
      sanctioned: false,
      details: null,
    });
  });
});
