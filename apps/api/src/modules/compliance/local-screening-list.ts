import type { Country } from '@nordloan/domain/enums';
import type { ScreeningAdapter, ScreeningResult, ScreeningSubject } from './screening-adapter.ts';

// A local stand-in for the screening provider: a short list of FICTIONAL entries (no real person is named)
// and the matching rule a provider applies, kept simple and documented (ADR 0022):
// - names are compared after normalising: lower case, accents removed (é → e, ö → o, å → a), the Nordic
//   letters that do not decompose spelled out (ø → o, æ → ae, ß → ss, ð → d, þ → th), punctuation and
//   hyphens as spaces, and the words in any order ("Ølberg, Åsmund" matches "Asmund Olberg");
// - one typing slip is forgiven in a name of 10 or more letters (edit distance 1 over the sorted words);
// - a birth date on the entry must equal the subject's when the subject's is known; an entry without a
//   birth date matches on the name alone (more hits to review, never fewer).

export type ScreeningListKind = 'PEP' | 'RCA' | 'Sanctioned';

export interface ScreeningListEntry {
  kind: ScreeningListKind;
  name: string;
  birthDate: string | null;
  /** Where a real provider would have it from, in words for the reviewer. */
  source: string;
  countries?: readonly Country[];
}

export const localScreeningList: readonly ScreeningListEntry[] = [
  {
    kind: 'PEP',
    name: 'Åsmund Ølberg-Kråkenes',
    birthDate: '1961-03-14',
    source: 'Fictional national PEP register: member of parliament (NO)',
  },
  {
    kind: 'PEP',
    name: 'Sölve Ekström Vidarsson',
    birthDate: '1958-11-02',
    source: 'Fictional national PEP register: state secretary (SE)',
  },
  {
    kind: 'PEP',
    name: 'Torbjørn Kvalvåg Hesthammer',
    birthDate: null,
    source: 'Fictional national PEP register: county mayor (NO)',
  },
  {
    kind: 'PEP',
    name: 'Päivikki Äijälä-Törmänen',
    birthDate: null,
    source: 'Fictional national PEP register: central bank board (FI)',
  },
  {
    kind: 'RCA',
    name: 'Ingrid Ølberg-Kråkenes',
    birthDate: '1964-07-30',
    source: 'Fictional PEP register: spouse of a member of parliament (NO)',
  },
  {
    kind: 'RCA',
    name: 'Bjørk Mæhlum Dalsrud',
    birthDate: null,
    source: 'Fictional PEP register: close business associate of a minister (DK)',
  },
  {
    kind: 'Sanctioned',
    name: 'Vilhelm Grå Nattmyr',
    birthDate: '1970-01-21',
    source: 'Fictional consolidated sanctions list: asset freeze',
  },
  {
    kind: 'Sanctioned',
    name: 'Oddvar Þórsson Kvæstad',
    birthDate: null,
    source: 'Fictional consolidated sanctions list: travel ban and asset freeze',
  },
];

const spelledOut: Record<string, string> = { ø: 'o', æ: 'ae', ß: 'ss', ð: 'd', þ: 'th', ł: 'l', đ: 'd' };

/** The comparable form of a name: see the rule at the top of this file. */
export function normaliseName(name: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[øæßðþłđ]/g, (letter) => spelledOut[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return plain.split(/\s+/).filter(Boolean).sort().join(' ');
}

/** Levenshtein distance, stopping early once it exceeds `limit`. */
function withinDistance(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return false;
    previous = current;
  }
  return previous[b.length]! <= limit;
}

export function namesMatch(a: string, b: string): boolean {
  const left = normaliseName(a);
  const right = normaliseName(b);
  if (left === right) return left.length > 0;
  const letters = Math.min(left.replace(/ /g, '').length, right.replace(/ /g, '').length);
  return letters >= 10 && withinDistance(left, right, 1);
}

export function entryMatches(entry: ScreeningListEntry, subject: ScreeningSubject): boolean {
  if (entry.countries && !entry.countries.includes(subject.country)) return false;
  if (entry.birthDate && subject.birthDate && entry.birthDate !== subject.birthDate) return false;
  return namesMatch(entry.name, subject.fullName);
}

export function createLocalScreeningList(
  list: readonly ScreeningListEntry[] = localScreeningList,
): ScreeningAdapter {
  return {
    async screen(subjects) {
      return subjects.map((subject): ScreeningResult => {
        const hits = list.filter((entry) => entryMatches(entry, subject));
        return {
          reference: subject.reference,
          pep: hits.some((hit) => hit.kind === 'PEP'),
          rca: hits.some((hit) => hit.kind === 'RCA'),
          sanctioned: hits.some((hit) => hit.kind === 'Sanctioned'),
          details:
            hits.length === 0
              ? null
              : hits
                  .map(
                    (hit) =>
                      `${hit.kind}: ${hit.name}${hit.birthDate ? ` (born ${hit.birthDate})` : ''} — ${hit.source}`,
                  )
                  .join('\n'),
        };
      });
    },
  };
}
