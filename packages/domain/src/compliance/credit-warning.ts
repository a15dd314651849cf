import type { Country, Locale } from '../enum-values.ts';
import { type CreditWarningStatus, creditWarningDisplays } from './credit-warning-display.ts';
import type { SourceId } from './sources.ts';

export type { CreditWarningStatus } from './credit-warning-display.ts';

// Issue 34 item 2: the warning that borrowing money costs money, per country, as data: the exact lines a
// page that advertises credit must show, the form the rule sets, the law, and the sources it was taken from
// (docs/compliance/ccd2.md). CCD2 art. 8(1) asks for a clear and prominent warning "or an equivalent
// message"; where a national rule fixes the words, the national rule wins. A line is quoted from a source
// listed beside it, or — Finland, status 'equivalent-unverified' — our rendering of the directive's own
// words, or absent ('wording-not-found'). What a page shows (words, language, status, look) is in
// credit-warning-display.ts, which the web app imports; this adds the rule, sources and open points.

/** Member states apply their CCD2 measures from 20 November 2026 (sources 'ccd2-dates', 'ccd2-oj'). */
export const ccd2AppliesFrom = '2026-11-20';

export interface CreditWarningForm {
  /** A warning symbol the rule prescribes beside the text; null when none is prescribed. */
  symbol: { colour: 'red'; minHeightInTextLines: number } | null;
  /** Black text on a white background (dark mode may adapt the colours, per the SE guidance). */
  blackOnWhite: boolean;
  /** Where the rule wants it, in its own terms. */
  placement: readonly string[];
  /** In spoken marketing the symbol is replaced by this word; null when the rule says nothing. */
  oralReplacement: string | null;
}

export interface CreditWarning {
  country: Country;
  /** The language the lines are in (the rule's language, whatever the page's). */
  locale: Locale;
  status: CreditWarningStatus;
  /** The first line is the headline; the rest follow it, in this order, word for word. */
  lines: readonly string[];
  form: CreditWarningForm | null;
  /** The rule, in our words, with its reference. */
  rule: string;
  /** The day the rule binds us from (ISO date). */
  appliesFrom: string | null;
  sources: readonly SourceId[];
  /** What must still be checked in the primary text before this is final; null when nothing is open. */
  toVerify: string | null;
}

/**
 * Product rule for every country, whatever its law (issue 34 item 2): the warning is shown in the first
 * screen of a phone, before any figure or call to action that advertises the credit. The web app's layout
 * tests hold it at this viewport.
 */
export const warningViewport = { width: 360, height: 640 } as const;

export const creditWarnings = {
  SE: {
    country: 'SE',
    locale: 'sv-SE',
    status: 'prescribed',
    lines: creditWarningDisplays.SE.lines,
    form: {
      ...creditWarningDisplays.SE.look,
      placement: ['på en framträdande plats i marknadsföringen', 'i samtliga steg under ansökningsprocessen'],
      oralReplacement: 'observera',
    },
    rule: 'Konsumentverkets föreskrifter KOVFS 2025:1 (från 1 mars 2025, nästan alla konsumentkrediter): rubrik, riskinformation och hänvisning till budget- och skuldrådgivning, med röd varningssymbol minst tre textrader hög, svart text mot vit bakgrund.',
    appliesFrom: '2025-03-01',
    sources: ['se-kovfs-2025-1-kustom', 'se-kovfs-2019-1', 'se-konsumentverket-krediter'],
    toVerify:
      'The words and the symbol/colour rules are from a secondary summary of KOVFS 2025:1 (Kustom); the placement ("framträdande plats", "samtliga steg under ansökningsprocessen") is § 5 of its predecessor KOVFS 2019:1. Check both against the text of KOVFS 2025:1, and whether Sweden’s CCD2 act changes it (SOU 2024:69).',
  },
  DK: {
    country: 'DK',
    locale: 'da-DK',
    status: 'phrase-unverified',
    lines: creditWarningDisplays.DK.lines,
    // The form the Danish rule sets was not found here (CCD2 art. 8(1): a clear and visible warning).
    form: null,
    rule: 'L 19 (2025-26), gennemførelse af CCD2 art. 8(1): markedsføring af kreditaftaler skal indeholde en advarsel om, at det koster penge at låne penge (ny advarselspligt i markedsføringsloven).',
    appliesFrom: ccd2AppliesFrom,
    sources: ['dk-l19', 'dk-l19-hoeringsnotat', 'dk-jura360-l19', 'dk-mondaq-l19', 'ccd2-oj-da'],
    toVerify:
      'The line is the phrase of the Ministry of Justice’s consultation memo (L 19 Bilag 1, heading 2.2.6), not the statutory wording, which was not found here. Check the wording and the form in L 19 as adopted (markedsføringsloven) and in the Danish OJ text of CCD2 art. 8(1).',
  },
  FI: {
    country: 'FI',
    locale: 'fi-FI',
    status: 'equivalent-unverified',
    lines: creditWarningDisplays.FI.lines,
    form: null,
    rule: 'HE 120/2025 (kuluttajansuojalain 7 luku), CCD2 art. 8(1): luottojen mainonnassa annettavia tietoja täsmennetään; varoituksen sanamuotoa ei löytynyt.',
    appliesFrom: ccd2AppliesFrom,
    sources: ['fi-he-120-2025', 'fi-dittmar-he-120', 'ccd2-oj-fi', 'ccd2-summary', 'ccd2-art8-bg'],
    toVerify:
      'Source not found here: neither the Finnish wording in HE 120/2025 (proposed kuluttajansuojalaki 7 luku) nor the Finnish OJ text of CCD2 art. 8(1). The line is our Finnish rendering of the directive’s words, which art. 8(1) allows as "an equivalent wording"; a lawyer must replace it with the statutory wording and say whether a form is set.',
  },
  NO: {
    country: 'NO',
    locale: 'nb-NO',
    status: 'none-binding',
    lines: creditWarningDisplays.NO.lines,
    form: null,
    rule: 'Norway has not transposed CCD2. No rule found that requires a "borrowing costs money" warning; finansavtaleforskriften kap. 3 sets the representative example, and forbids stressing speed or ease (formerly forskrift om markedsføring av kreditt § 5).',
    appliesFrom: null,
    sources: ['no-forbrukertilsynet-kreditt', 'no-forskrift-markedsforing-kreditt'],
    toVerify:
      'Check finansavtaleforskriften §§ 3-1 to 3-5 in force today for any warning requirement (none was found here).',
  },
} as const satisfies Record<Country, CreditWarning>;

/** The warning a page of this country must show; `lines` is empty where there is nothing to show. */
export function creditWarningFor(country: Country): CreditWarning {
  return creditWarnings[country];
}

/** Countries whose pages do not yet show a wording taken from their law or the OJ (legal must supply it). */
export function countriesMissingWarningWording(): Country[] {
  return (Object.values(creditWarnings) as CreditWarning[])
    .filter((warning) => warning.status === 'wording-not-found' || warning.status === 'equivalent-unverified')
    .map((warning) => warning.country);
}
