import type { CapsConfig } from './caps.ts';
import { capsConfigAt, parseRegulatoryFigureTable } from './regulatory-figures.ts';

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
    figure: 'priceBaseAmount',
    value: 58_800,
    validFrom: '2025-01-01',
    validTo: '2025-12-31',
    // 1 % = 588 SEK, the startup-fee cap of regulation.md (marked there as a secondary source).
    source:
      'Prisbasbelopp 2025, 58 800 kr (socialförsäkringsbalken 2 kap. 6–7 §§; regeringen on SCB:s proposal); regulation.md: 1 % = 588 SEK',
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
