import type { Locale } from '../enum-values.ts';
import type { SourceId } from './sources.ts';

// Issue 34 item 2: no applicant-facing text may stress how easy or fast credit is. Norway forbids it in so
// many words (forskrift om markedsføring av kreditt § 5, now finansavtaleforskriften: not stress how fast
// the credit is available, how fast an answer comes, a low threshold, an easy application, or easy access
// otherwise); Denmark's CCD2 bill forbids marketing that stresses speed and ease of taking credit (L 19
// draft, per dk-jura360-l19); Sweden and Finland reach the same through good lending practice (measured
// marketing; KKV: marketing that weakens the consumer's ability to consider the credit). We hold all 15
// brands to the strictest: a word list per language, tested over every message catalogue
// (apps/web/src/shared/compliance/, and brands/brand-copy.test.ts for the registry's own copy).

export const speedAndEaseSources: readonly SourceId[] = [
  'no-forskrift-markedsforing-kreditt',
  'no-forbrukertilsynet-kreditt',
  'dk-jura360-l19',
  'fi-kkv-linjaus',
  'se-konsumentverket-krediter',
];

/** Languages of our copy: the four of the brands, and English (brand names, any untranslated text). */
export type CopyLanguage = 'nb' | 'sv' | 'fi' | 'da' | 'en';

export function copyLanguageOf(locale: Locale): CopyLanguage {
  return locale.slice(0, 2) as CopyLanguage;
}

/**
 * Words and phrases that stress speed or ease, as regular-expression sources matched as whole words,
 * ignoring case (`\p{L}*` lets an inflected or compound form through: nopea → nopeasti, rask → raskt).
 */
export const speedAndEaseTerms: Readonly<Record<CopyLanguage, readonly string[]>> = {
  nb: [
    'rask\\p{L}*',
    'lynrask\\p{L}*',
    'kjapp\\p{L}*',
    'enkel\\p{L}*',
    'enkle\\p{L}*',
    'lett',
    'lettvint\\p{L}*',
    'umiddelbar\\p{L}*',
    'med en gang',
    'straks',
    'på (?:få |noen )?minutter',
    'på sekunder',
  ],
  sv: [
    'snabb\\p{L}*',
    'blixtsnabb\\p{L}*',
    'enkel\\p{L}*',
    'enkl\\p{L}*',
    'direkt',
    'omedelbar\\p{L}*',
    'genast',
    'lätt\\p{L}*',
    'smidig\\p{L}*',
    'på (?:några )?minuter',
    'på sekunder',
  ],
  fi: [
    'nopea\\p{L}*',
    'nopsa\\p{L}*',
    'helppo\\p{L}*',
    'helpo\\p{L}*',
    'heti',
    'välittömä\\p{L}*',
    'pika\\p{L}*',
    'vaivat\\p{L}*',
    'minuutissa',
    'minuuteissa',
    'sekunneissa',
  ],
  da: [
    'hurtig\\p{L}*',
    'lynhurtig\\p{L}*',
    'nem',
    'nemt',
    'nemme\\p{L}*',
    'let',
    'lettere',
    'med det samme',
    'straks',
    'omgående',
    'øjeblikkelig\\p{L}*',
    'på (?:få )?minutter',
  ],
  en: [
    'fast',
    'faster',
    'fastest',
    'quick\\p{L}*',
    'easy',
    'easi\\p{L}*',
    'instant\\p{L}*',
    'immediate\\p{L}*',
    'in (?:a few )?minutes',
    'hassle-free',
    'effortless\\p{L}*',
  ],
};

const patterns = new Map<CopyLanguage, RegExp>();
function patternFor(language: CopyLanguage): RegExp {
  let pattern = patterns.get(language);
  if (!pattern) {
    pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${speedAndEaseTerms[language].join('|')})(?![\\p{L}\\p{N}])`,
      'giu',
    );
    patterns.set(language, pattern);
  }
  return pattern;
}

/** The words of `text` that stress speed or ease in `language`, lower-cased, in order of appearance. */
export function findSpeedOrEaseClaims(text: string, language: CopyLanguage): string[] {
  return [...text.matchAll(patternFor(language))].map((match) => match[0].toLowerCase());
}
