import { brandIds, brands } from '@nordloan/domain/brands/registry';
import { type CopyLanguage, findSpeedOrEaseClaims } from '@nordloan/domain/compliance/advertising-rules';
import { describe, expect, it } from 'vitest';

// Issue 34 item 2: no applicant-facing text stresses how easy or fast credit is (Norway: forskrift om
// markedsføring av kreditt § 5, now finansavtaleforskriften; Denmark: the CCD2 bill L 19; Sweden and
// Finland: good lending practice — sources in @nordloan/domain/compliance/advertising-rules). This reads
// every message catalogue of the web app — each feature's messages/, i18n/locales/ and this folder's messages/ — and checks every
// text of all 15 brands (the brand's name put in for {{name}}) against the word list of its language.
//
// A word on the list that is not about credit (how data flows, when a page updates) is allowed below, one
// entry per text, with the reason; an entry that no longer matches anything fails, so none outlives its text.

const catalogueModules = import.meta.glob<Record<string, unknown>>(
  [
    '../../features/*/messages/*.ts',
    '!../../features/*/messages/*.test.ts',
    '../../i18n/locales/*.ts',
    './messages/*.ts',
  ],
  { eager: true },
);

interface Text {
  /** e.g. features/insurance/messages/sv-SE.ts */
  file: string;
  /** dotted key path inside the file's exported catalogue */
  path: string;
  language: CopyLanguage;
  text: string;
}

function leaves(value: unknown, path: string): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
}

const texts: Text[] = Object.entries(catalogueModules).flatMap(([modulePath, exports]) => {
  const file = modulePath.replace(/^\.\.\/\.\.\//, '');
  const locale = /([a-z]{2})-[A-Z]{2}\.ts$/.exec(file)?.[1];
  if (!locale) throw new Error(`${file}: not a <locale>.ts catalogue`);
  return Object.values(exports).flatMap((catalogue) =>
    leaves(catalogue, '').map((leaf) => ({ file, ...leaf, language: locale as CopyLanguage })),
  );
});

interface AllowedUse {
  file: string;
  path: string;
  word: string;
  reason: string;
}

const allowed: AllowedUse[] = [
  {
    file: 'features/insurance/messages/sv-SE.ts',
    path: 'payment.cardNote',
    word: 'direkt',
    reason:
      'The card number goes straight to the payment provider: where the data goes, for an insurance premium — not how fast or easy credit is.',
  },
];

const isAllowed = (text: Text, word: string) =>
  allowed.some((use) => use.file === text.file && use.path === text.path && use.word === word);

describe('applicant-facing copy of the web app (issue 34 item 2)', () => {
  it('reads every catalogue: each feature’s and the app’s own texts, in four languages', () => {
    const files = new Set(texts.map((text) => text.file));
    // apply, insurance, my-page and i18n/locales today, four locales each; a new feature adds its four.
    expect(files.size).toBeGreaterThanOrEqual(16);
    expect(files.size % 4).toBe(0);
    expect(new Set(texts.map((text) => text.language))).toEqual(new Set(['nb', 'sv', 'fi', 'da']));
    expect(texts.length).toBeGreaterThan(1000);
  });

  it.each(brandIds)('%s: no text stresses how easy or fast credit is', (id) => {
    const brand = brands[id];
    const language = brand.i18n.defaultLocale.slice(0, 2) as CopyLanguage;
    const found = texts
      .filter((text) => text.language === language)
      .flatMap((text) =>
        findSpeedOrEaseClaims(text.text.replaceAll('{{name}}', brand.name), language)
          .filter((word) => !isAllowed(text, word))
          .map((word) => `${text.file} ${text.path}: "${word}" in "${text.text}"`),
      );
    expect(found).toEqual([]);
  });

  it.each(allowed.map((use) => [`${use.file} ${use.path}`, use] as const))(
    'the allowed use %s still exists and still needs allowing',
    (_, use) => {
      const text = texts.find((candidate) => candidate.file === use.file && candidate.path === use.path);
      expect(text, 'the text is gone: delete its entry').toBeDefined();
      expect(findSpeedOrEaseClaims(text!.text, text!.language)).toContain(use.word);
      expect(use.reason.length).toBeGreaterThan(30);
    },
  );

  it('would catch a claim (the check can fail)', () => {
    expect(
      findSpeedOrEaseClaims('Svar på noen spørsmål, så ser du med en gang om du får lån.', 'nb'),
    ).toEqual(['med en gang']);
  });
});
