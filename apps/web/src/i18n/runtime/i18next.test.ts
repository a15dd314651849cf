import { describe, expect, it } from 'vitest';
import i18next from './i18next.ts';

// The small i18next (issue 40, ADR 0073) answers as i18next did for this app's options.
function instance() {
  return i18next.createInstance().init({
    lng: 'nb-NO',
    resources: {
      'nb-NO': {
        translation: {
          apply: {
            years_one: '{{count}} år',
            years_other: '{{count}} år totalt',
            hello: 'Hei, {{ name }}! {{missing}}Velkommen.',
            enums: { purpose: { Car: 'Bil', 'Other.x': 'Annet' } },
          },
          'dotted.key': 'Punktum',
        },
      },
    },
  });
}

describe('the small i18next', () => {
  it('keys, plurals, interpolation, a missing key and its default', () => {
    const i18n = instance();
    expect(i18n.t('apply.years', { count: 1 })).toBe('1 år');
    expect(i18n.t('apply.years', { count: 3 })).toBe('3 år totalt');
    expect(i18n.t('apply.hello', { name: 'Kari' })).toBe('Hei, Kari! Velkommen.');
    expect(i18n.t('apply.enums.purpose.Other.x')).toBe('Annet');
    expect(i18n.t('dotted.key')).toBe('Punktum');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('no.such.key', { defaultValue: 'Standard {{n}}', n: 2 })).toBe('Standard 2');
    expect(i18n.t('apply.enums.purpose', { returnObjects: true })).toEqual({
      Car: 'Bil',
      'Other.x': 'Annet',
    });
    expect(i18n.exists('apply.enums.purpose.Car')).toBe(true);
    expect(i18n.exists('apply.nothing')).toBe(false);
  });

  it('adds a bundle deeply without overwriting what is there', () => {
    const i18n = instance();
    i18n.addResourceBundle(
      'nb-NO',
      'translation',
      { apply: { hello: 'Nei', added: 'Ny' }, offers: { a: 'A' } },
      true,
      false,
    );
    expect(i18n.t('apply.added')).toBe('Ny');
    expect(i18n.t('apply.hello', { name: 'Ola' })).toBe('Hei, Ola! Velkommen.');
    expect(i18n.getResource('nb-NO', 'translation', 'offers')).toEqual({ a: 'A' });
  });
});
