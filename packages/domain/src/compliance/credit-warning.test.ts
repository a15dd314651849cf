import { describe, expect, it } from 'vitest';
import { countries } from '../enum-values.ts';
import {
  type CreditWarning,
  ccd2AppliesFrom,
  countriesMissingWarningWording,
  creditWarningFor,
  creditWarnings,
} from './credit-warning.ts';
import { creditWarningDisplays } from './credit-warning-display.ts';
import { sources } from './sources.ts';

const all = Object.values(creditWarnings) as CreditWarning[];

describe('the advertising warning per country (CCD2 art. 8(1), issue 34 item 2)', () => {
  it('has one entry per country, filed under it', () => {
    expect(Object.keys(creditWarnings).sort()).toEqual([...countries].sort());
    for (const country of countries) expect(creditWarningFor(country).country).toBe(country);
  });

  it('Sweden: the three lines of KOVFS 2025:1, word for word, in their order', () => {
    expect(creditWarnings.SE.status).toBe('prescribed');
    expect(creditWarnings.SE.lines).toEqual([
      'Att låna kostar pengar!',
      'Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya lån.',
      'För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
    ]);
  });

  it('Sweden: the form — a red symbol at least three lines high, black on white, "observera" when spoken', () => {
    expect(creditWarnings.SE.form).toEqual({
      symbol: { colour: 'red', minHeightInTextLines: 3 },
      blackOnWhite: true,
      placement: ['på en framträdande plats i marknadsföringen', 'i samtliga steg under ansökningsprocessen'],
      oralReplacement: 'observera',
    });
    expect(creditWarnings.SE.appliesFrom).toBe('2025-03-01');
  });

  it('Denmark: the line is quoted from a primary source it lists, not written by us', () => {
    expect(creditWarnings.DK.status).toBe('phrase-unverified');
    const quoted = creditWarnings.DK.sources.some(
      (id) =>
        sources[id].kind === 'primary' &&
        sources[id].title.includes(creditWarnings.DK.lines[0]!.replace(/\.$/, '').toLowerCase()),
    );
    expect(quoted).toBe(true);
    expect(creditWarnings.DK.appliesFrom).toBe(ccd2AppliesFrom);
  });

  it('Finland: no statutory wording found, so the directive’s words in Finnish, marked as ours and unverified', () => {
    expect(creditWarnings.FI.status).toBe('equivalent-unverified');
    expect(creditWarnings.FI.lines).toEqual(['Huomio! Rahan lainaaminen maksaa.']);
    // The words it renders are the directive's (EUR-Lex summary), which art. 8(1) allows in an equivalent form.
    expect(creditWarnings.FI.sources).toEqual(expect.arrayContaining(['ccd2-summary', 'ccd2-oj-fi']));
    expect(creditWarnings.FI.toVerify).toMatch(/our Finnish rendering/);
    expect(countriesMissingWarningWording()).toEqual(['FI']);
  });

  it('Norway: no rule binds (CCD2 not transposed), nothing to show', () => {
    expect(creditWarnings.NO.status).toBe('none-binding');
    expect(creditWarnings.NO.lines).toEqual([]);
    expect(creditWarnings.NO.appliesFrom).toBeNull();
  });

  it.each(all.map((warning) => [warning.country, warning] as const))(
    '%s: lines exactly when a wording was found, every source known, open points written down',
    (_, warning) => {
      const hasWording = warning.status !== 'wording-not-found' && warning.status !== 'none-binding';
      expect(warning.lines.length > 0).toBe(hasWording);
      expect(warning.lines.every((line) => line.trim() === line && line.length > 0)).toBe(true);
      expect(warning.sources.length).toBeGreaterThan(0);
      for (const id of warning.sources) expect(sources[id], id).toBeDefined();
      expect(warning.sources.some((id) => sources[id].kind !== 'secondary')).toBe(true);
      if (warning.status !== 'prescribed') expect(warning.toVerify).not.toBeNull();
    },
  );

  it('CCD2 measures apply from 20 November 2026', () => {
    expect(ccd2AppliesFrom).toBe('2026-11-20');
  });
});

describe('sources', () => {
  it.each(Object.entries(sources))('%s has a title and an https or http address', (_, source) => {
    expect(source.title.length).toBeGreaterThan(10);
    expect(source.url).toMatch(/^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
  });
});

describe('what a page shows (credit-warning-display.ts)', () => {
  it.each(all.map((warning) => [warning.country, warning] as const))(
    '%s: the same words, language, status and look as the full entry',
    (country, warning) => {
      const display = creditWarningDisplays[country];
      expect(display).toEqual({
        country: warning.country,
        locale: warning.locale,
        status: warning.status,
        lines: warning.lines,
        look: warning.form ? { symbol: warning.form.symbol, blackOnWhite: warning.form.blackOnWhite } : null,
      });
    },
  );
});
