import type { CapsConfig } from './caps.ts';
import { capsConfigAt, parseRegulatoryFigureTable, type UnsourcedPeriod } from './regulatory-figures.ts';

// The published regulatory figures, one row per country, figure and statutory period
// (docs/regulatory-figures.md says how each is set and how to add the next one). Only figures an
// authority has published go in, each naming its notice: a period nobody knows here is LEFT OUT, and the
// caps then apply the strict bound of regulatory-figures.ts and the server warns. Never a guess.
// Periods published after a release are added by a country's Manager through
// POST /backoffice/regulatory-figures (kept in the database); copy them here at the next release.
// Parsed with zod when the module loads: a bad row stops the start.

const rows: unknown[] = [
  // ── Sweden ──
  {
    country: 'SE',
    figure: 'referenceRate',
    value: 3,
    validFrom: '2025-01-01',
    validTo: '2025-06-30',
    // The figure caps.ts carried before issue 17; its source there is secondary.
    source:
      'Riksbankens referensränta 1 jan – 30 jun 2025 (räntelagen 9 §), 3,00 %; as cited by fairlo.se/nyaregler (secondary source)',
  },
  {
    country: 'SE',
    figure: 'referenceRate',
    value: 2,
    validFrom: '2026-01-01',
    validTo: '2026-06-30',
    // Issue 39: Riksbanken's notice was not reachable from here; two public documents citing riksbank.se agree.
    source:
      'Riksbankens referensränta 1 jan – 30 jun 2026 (räntelagen 9 §), 2,00 %; secondary sources citing Riksbanken: a Swedish bookkeeping register of regulatory anchors ("Referensränta 2026-01-01–2026-06-30 | 2,00 % | Riksbanken", verified 2026-03-29) and an invoicing terms page ("För perioden 1 januari–30 juni 2026 är referensräntan 2,00 %")',
  },
  {
    country: 'SE',
    figure: 'referenceRate',
    value: 2,
    validFrom: '2026-07-01',
    validTo: '2026-12-31',
    // Issue 39: as above, secondary; confirm at riksbank.se/sv/statistik/rantor-och-valutakurser/referensranta/.
    source:
      'Riksbankens referensränta 1 jul – 31 dec 2026 (räntelagen 9 §), 2,00 %; secondary sources citing riksbank.se: a Swedish bookkeeping rule register ("2,00 % från 2026-07-01", verified 2026-09-04) and an invoicing project\'s interest notes ("referensränta för 1 juli–31 december 2026 är 2,00 procent", verified 2026-09-18)',
  },
  {
    country: 'SE',
    figure: 'priceBaseAmount',
    value: 58_800,
    validFrom: '2025-01-01',
    validTo: '2025-12-31',
    // 1 % = 588 SEK, the startup-fee cap of regulation.md (marked there as a secondary source).
    source:
      'Prisbasbelopp 2025, 58 800 kr (socialförsäkringsbalken 2 kap. 6–7 §§; regeringen on SCB:s proposal); regulation.md: 1 % = 588 SEK',
  },
  {
    country: 'SE',
    figure: 'priceBaseAmount',
    value: 59_200,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    // 1 % = 592 SEK. The government's own decision, as published in SFS (Riksdagens öppna data).
    source:
      'Förordning (2025:872) om prisbasbelopp och förhöjt prisbasbelopp för år 2026 (Socialdepartementet, 18 Sep 2025), 1 §: 59 200 kronor (socialförsäkringsbalken 2 kap. 6–8 §§)',
  },
  // ── Finland ──
  {
    country: 'FI',
    figure: 'referenceRate',
    value: 4.5,
    validFrom: '2024-01-01',
    validTo: '2024-06-30',
    source:
      'Suomen Pankki, viitekorko ja viivästyskorot (korkolaki 12 §), 1 Jan – 30 Jun 2024: 4.50 %; reports.suomenpankki.fi, table "Reference rate and penalty interest rates"',
  },
  {
    country: 'FI',
    figure: 'referenceRate',
    value: 4.5,
    validFrom: '2024-07-01',
    validTo: '2024-12-31',
    source:
      'Suomen Pankki, viitekorko ja viivästyskorot (korkolaki 12 §), 1 Jul – 31 Dec 2024: 4.50 %; reports.suomenpankki.fi, table "Reference rate and penalty interest rates"',
  },
  {
    country: 'FI',
    figure: 'referenceRate',
    value: 3.5,
    validFrom: '2025-01-01',
    validTo: '2025-06-30',
    source:
      'Suomen Pankki release "Reference rate and penalty interest rates for 1 January – 30 June 2025" (sttinfo.fi/tiedote/70785866): 3.5 % (korkolaki 12 §)',
  },
  // 1 Jul – 31 Dec 2025 and 1 Jul – 31 Dec 2026: Suomen Pankki's releases could not be found from here
  // (issue 39); left out, see unsourcedPeriods below.
  {
    country: 'FI',
    figure: 'referenceRate',
    value: 2.5,
    validFrom: '2026-01-01',
    validTo: '2026-06-30',
    source:
      'Suomen Pankki release "Korkolain mukainen viitekorko ja viivästyskorot 1.1.–30.6.2026" (sttinfo.fi/tiedote/71709487): 2,5 % (korkolaki 12 §)',
  },
];

/**
 * Published periods that are not in the table because their notice could not be sourced (issue 39): gaps
 * on purpose, each saying what was looked for. The table test allows exactly these gaps. A period that is
 * still running can be added by a Manager (POST /backoffice/regulatory-figures); one that has ended stays
 * a gap, its days' quotes having been checked against the strict bound. Remove the entry when its row
 * comes in.
 */
export const unsourcedPeriods: readonly UnsourcedPeriod[] = [
  {
    country: 'SE',
    figure: 'referenceRate',
    validFrom: '2025-07-01',
    validTo: '2025-12-31',
    note: "Riksbankens referensränta 1 Jul – 31 Dec 2025: neither the Riksbank's notice nor its SFS tillkännagivande nor a secondary source stating the figure was found (issue 39).",
  },
  {
    country: 'FI',
    figure: 'referenceRate',
    validFrom: '2025-07-01',
    validTo: '2025-12-31',
    note: 'Suomen Pankki, viitekorko 1.7.–31.12.2025: the release "Korkolain mukainen viitekorko ja viivästyskorot 1.7.–31.12.2025" was not found, nor a source stating the figure (issue 39).',
  },
];

/** The published periods, validated. */
export const publishedRegulatoryFigures = /* @__PURE__ */ parseRegulatoryFigureTable(
  rows,
  'regulatory-figures.data.ts',
);

/**
 * The caps of every country at `instant` from the published periods alone: what code without the
 * database uses (the apply page's live example, the simulated lenders). The API adds its stored periods.
 */
export function publishedCapsConfigAt(instant: Date): CapsConfig {
  return capsConfigAt(publishedRegulatoryFigures, instant);
}
