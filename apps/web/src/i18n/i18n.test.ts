import { type Locale, locales } from '@nordloan/domain/enums';
import { describe, expect, it } from 'vitest';
import { createFormatters } from '#src/i18n/format.ts';
import { createI18n, messagesByLocale } from '#src/i18n/i18n.ts';

function leaves(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value as Record<string, unknown>).map(([key, child]) =>
      leaves(child, prefix ? `${prefix}.${key}` : key),
    ),
  );
}

const keysOf = (locale: Locale) => Object.keys(leaves(messagesByLocale[locale])).sort();

describe('four languages, every string translated', () => {
  it('has the four locales of §9', () => {
    expect(Object.keys(messagesByLocale).sort()).toEqual([...locales].sort());
  });

  for (const locale of locales) {
    it(`${locale} has exactly the keys of nb-NO, none empty`, () => {
      expect(keysOf(locale)).toEqual(keysOf('nb-NO'));
      for (const [key, text] of Object.entries(leaves(messagesByLocale[locale]))) {
        expect(text.trim(), key).not.toBe('');
      }
    });
  }

  it('no Nordic text is left in English (common English words do not appear)', () => {
    const english = /\b(the|and|your|loan|apply|page|error|please|sign in|log in|offers?)\b/i;
    for (const locale of locales) {
      for (const [key, text] of Object.entries(leaves(messagesByLocale[locale]))) {
        expect(english.test(text), `${locale} ${key}: ${text}`).toBe(false);
      }
    }
  });

  it('the Swedish and Finnish sentences are not copies of the Norwegian ones', () => {
    const norwegian = leaves(messagesByLocale['nb-NO']);
    for (const locale of ['sv-SE', 'fi-FI'] as const) {
      const own = leaves(messagesByLocale[locale]);
      // Danish shares many phrases with bokmål ("Til forsiden"), and short words coincide everywhere.
      const copied = Object.keys(own).filter(
        (key) => own[key]!.length > 15 && !own[key]!.includes('{{') && own[key] === norwegian[key],
      );
      expect(copied, locale).toEqual([]);
    }
  });

  it('translates with plurals in the brand locale, and shows no English fallback', () => {
    const fi = createI18n('fi-FI');
    expect(fi.t('apply.years', { count: 1 })).toBe('1 vuosi');
    expect(fi.t('apply.years', { count: 5 })).toBe('5 vuotta');
    expect(createI18n('nb-NO').t('purposes.myPage')).toBe('Min side');
    expect(createI18n('da-DK').t('no.such.key')).toBe('no.such.key');
  });
});

describe('Intl formatting in the brand locale', () => {
  const nbsp = /[\u00a0\u202f]/g;
  it('Norwegian kroner', () => {
    expect(createFormatters('nb-NO', 'NOK').currency(150000).replace(nbsp, ' ')).toBe('150 000 kr');
  });
  it('Swedish kronor', () => {
    expect(createFormatters('sv-SE', 'SEK').currency(500000).replace(nbsp, ' ')).toBe('500 000 kr');
  });
  it('euro in Finland', () => {
    expect(createFormatters('fi-FI', 'EUR').currency(40000).replace(nbsp, ' ')).toBe('40 000 €');
  });
  it('Danish kroner', () => {
    expect(createFormatters('da-DK', 'DKK').currency(75000).replace(nbsp, ' ')).toBe('75.000 kr.');
  });
  it('dates', () => {
    expect(createFormatters('nb-NO', 'NOK').date('2026-03-05T12:00:00Z')).toBe('5. mars 2026');
    expect(createFormatters('fi-FI', 'EUR').date('2026-03-05T12:00:00Z')).toBe('5. maaliskuuta 2026');
  });
});
