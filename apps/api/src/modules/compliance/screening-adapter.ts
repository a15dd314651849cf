import type { Country } from '@nordloan/domain/enums';

// The PEP/sanctions screening provider (docs/decisions/0022-calls-and-screening.md). A real provider (a
// PEP/RCA database and the EU/UN/national sanctions lists) plugs in behind this interface; the product
// ships a local list (./local-screening-list.ts) and nothing here calls the internet.

export interface ScreeningSubject {
  /** Our reference, echoed in the result (the person's id). */
  reference: string;
  /** The name as registered (first and last name). */
  fullName: string;
  /** YYYY-MM-DD when known. */
  birthDate: string | null;
  /** The market (nationality lists differ). */
  country: Country;
}

export interface ScreeningResult {
  reference: string;
  /** Politically exposed person (hvitvaskingsloven § 2 bokstav j, penningtvättslagen 1 kap. 8 §). */
  pep: boolean;
  /** Relative or close associate of a PEP. */
  rca: boolean;
  /** On a sanctions list. */
  sanctioned: boolean;
  /** The provider's explanation of a hit (which list, which entry, why); null when clean. */
  details: string | null;
}

export interface ScreeningAdapter {
  /** Screens every subject; one result per subject, in any order. */
  screen(subjects: readonly ScreeningSubject[]): Promise<ScreeningResult[]>;
}
