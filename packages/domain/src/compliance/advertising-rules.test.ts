import { describe, expect, it } from 'vitest';
import { copyLanguageOf, findSpeedOrEaseClaims, speedAndEaseSources } from './advertising-rules.ts';
import { sources } from './sources.ts';

describe('words that stress speed or ease (issue 34 item 2)', () => {
  it.each([
    ['nb', 'Få svar raskt og enkelt', ['raskt', 'enkelt']],
    ['nb', 'Pengene på konto umiddelbart', ['umiddelbart']],
    ['nb', 'Svar på minutter — ja, med en gang', ['på minutter', 'med en gang']],
    ['sv', 'Snabbt besked direkt i mobilen', ['snabbt', 'direkt']],
    ['sv', 'En enkel ansökan, lätt att fylla i', ['enkel', 'lätt']],
    ['fi', 'Lainaa nopeasti ja helposti', ['nopeasti', 'helposti']],
    ['fi', 'Rahat tilille heti, päätös minuutissa', ['heti', 'minuutissa']],
    ['fi', 'Nopsa ja vaivaton laina, hakemisen helppous', ['nopsa', 'vaivaton', 'helppous']],
    ['da', 'Hurtigt og nemt lån — pengene med det samme', ['hurtigt', 'nemt', 'med det samme']],
    [
      'en',
      'Instant, easy and fast: a quick loan in minutes',
      ['instant', 'easy', 'fast', 'quick', 'in minutes'],
    ],
  ] as const)('%s: finds the claims in %j', (language, text, expected) => {
    expect(findSpeedOrEaseClaims(text, language)).toEqual(expected);
  });

  it.each([
    ['nb', 'Fast ansatt i offentlig sektor'],
    ['sv', 'Fastighetsregistret hittade bostaden. Verkställande direktör.'],
    ['sv', 'Bankerna svarar på Mina sidor.'],
    ['fi', 'Hetki, helmi ja nopeusrajoitus ovat eri sanoja kuin hetero'],
    ['da', 'Fastansat, direktion, letvægt og nemlig'],
    ['en', 'Breakfast, fasten and steady'],
  ] as const)('%s: leaves a word that only looks like one alone (%j)', (language, text) => {
    expect(findSpeedOrEaseClaims(text, language)).toEqual([]);
  });

  it('maps each brand locale to its copy language', () => {
    expect(['nb-NO', 'sv-SE', 'fi-FI', 'da-DK'].map((locale) => copyLanguageOf(locale as never))).toEqual([
      'nb',
      'sv',
      'fi',
      'da',
    ]);
  });

  it('names its sources, Norway’s regulation among them', () => {
    for (const id of speedAndEaseSources) expect(sources[id]).toBeDefined();
    expect(speedAndEaseSources).toContain('no-forskrift-markedsforing-kreditt');
  });
});
