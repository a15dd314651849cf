import type { Country } from '../enum-values.ts';
import type { SourceId } from './sources.ts';

// Issue 34 item 6 (CCD2 arts. 37–38; Norway: låneformidlingsloven): the authority each country's credit
// intermediaries are licensed or registered with, and its register. The brand registry's companies name
// one of these (brand-config.schema.ts checks it is their country's); every brand page shows it.
// Zod-free: the brand registry, which the web app's first script reads, imports it (ADR 0043).

export interface IntermediaryAuthority {
  /** The competent authority, by its own name. */
  authority: string;
  /** The register our entry is in: the authority's name for it where a source gives one, else a plain
   * description of it (toVerify says which). */
  register: string;
  /** The authority's register (or, where the register's own address was not found, its licensing page). */
  registerUrl: string;
  /** True when `registerUrl` is a register search page found in the sources; false: it must be replaced. */
  registerUrlIsRegister: boolean;
  /** The law the licence or registration rests on. */
  legalBasis: string;
  sources: readonly SourceId[];
  toVerify: string | null;
}

export const intermediaryAuthorities = {
  NO: {
    authority: 'Finanstilsynet',
    register: 'Låneformidlingsforetak med tillatelse fra Finanstilsynet',
    registerUrl: 'https://finanstilsynet.no/tema/laneformidling',
    registerUrlIsRegister: false,
    legalBasis:
      'Låneformidlingsloven (lov 16. desember 2022 nr. 91) § 2-2: tillatelse som finansmeglerforetak (formidler lån som uavhengig mellomledd)',
    sources: ['no-laneformidlingsloven', 'no-finanstilsynet-laneformidling'],
    toVerify:
      'The register’s name and search address were not found here; the link is Finanstilsynet’s page on loan intermediation.',
  },
  SE: {
    authority: 'Finansinspektionen',
    register: 'Företagsregistret',
    registerUrl: 'https://www.fi.se/sv/vara-register/foretagsregistret/',
    registerUrlIsRegister: true,
    legalBasis:
      'Lag (2014:275) om viss verksamhet med konsumentkrediter: tillstånd att förmedla krediter till konsumenter',
    sources: ['se-lag-2014-275', 'se-fi-register', 'se-sou-2024-69'],
    toVerify: 'Check whether Sweden’s CCD2 act changes the licensing of credit intermediaries (SOU 2024:69).',
  },
  FI: {
    authority: 'Finanssivalvonta',
    register: 'Finanssivalvonnan rekisteri, luotonvälittäjät (HE 120/2025)',
    registerUrl:
      'https://www.finanssivalvonta.fi/finanssisektorin-toimijalle/pankki/kuluttajaluottojen-myontajat-ja-vertaislainavalittajat/',
    registerUrlIsRegister: false,
    legalBasis:
      'Laki eräiden luotonantajien ja luotonvälittäjien rekisteröinnistä (186/2023); uusi laki eräiden kuluttajaluottojen välittäjistä (HE 120/2025)',
    sources: ['fi-fiva-register', 'fi-he-120-2025', 'fi-dittmar-he-120'],
    toVerify:
      'HE 120/2025 creates a new act on consumer-credit intermediaries; which register and authority it names was not found here (Finanssivalvonta keeps the creditors’ register since 1.7.2023).',
  },
  DK: {
    authority: 'Finanstilsynet',
    register: 'Finanstilsynet, registrerede kreditformidlere (L 19)',
    registerUrl:
      'https://www.finanstilsynet.dk/ansoeg-og-indberet/soeg-om-tilladelse-mv/ansoeg/forbrugslaansvirksomheder-ny-lov',
    registerUrlIsRegister: false,
    legalBasis:
      'Lov om forbrugslånsvirksomheder og registrering af kreditformidlere (L 19, 2025-26: registrering af kreditformidlere)',
    sources: ['dk-l19', 'dk-mondaq-l19', 'dk-finanstilsynet-forbrugslaan'],
    toVerify:
      'The act’s new name and the registration of credit intermediaries are from a secondary summary of the L 19 draft; the register’s name and address were not found here.',
  },
} as const satisfies Record<Country, IntermediaryAuthority>;
