// §3 version labels of terms and consent texts — `user-terms_2_20260301_no-main`: type, version, publish date
// (YYYYMMDD) and a suffix (the brand). The label is the record's key, not words for a person (issue 38:
// "Vilkår: user-terms_2_20260301_no-main" on the personal page): a page says which terms by their kind and
// the date they apply from, read here. Plain code, no zod (the web's pages import it).

export interface TermsLabelParts {
  type: string;
  version: number;
  /** YYYY-MM-DD. */
  publishedOn: string;
  suffix: string;
}

const labelFormat = /^([a-z][a-z-]*)_(\d+)_(\d{4})(\d{2})(\d{2})_(.+)$/;

/** The parts of a version label, or null for anything else. */
export function parseTermsLabel(label: string | null | undefined): TermsLabelParts | null {
  const match = labelFormat.exec(label ?? '');
  if (!match) return null;
  const [, type, version, year, month, day, suffix] = match;
  const publishedOn = `${year}-${month}-${day}`;
  if (Number.isNaN(Date.parse(publishedOn))) return null;
  return { type: type!, version: Number(version), publishedOn, suffix: suffix! };
}
