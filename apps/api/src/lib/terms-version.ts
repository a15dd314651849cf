import type { Country } from '@nordloan/domain/enums';
import { errorMessages } from '@nordloan/domain/errors';
import { AppError } from './app-error.ts';

/**
 * §3 version label: "built from type, version, publish date (year, month, day) and the brand; versions are
 * tagged type, version, publish date YYYYMMDD and a suffix" — `user-terms_2_20260301_no-main`. The suffix
 * is the brand (or the consent brand, for consent texts). A term without a publish date has no label:
 * §8 'No publish date found on term' (the content is broken, so it is a server error).
 */
export function versionLabel(entry: {
  type: string;
  version: number;
  publishOn: string | null | undefined;
  suffix: string;
}): string {
  if (!entry.publishOn) throw new AppError(500, errorMessages.noPublishDateOnTerm());
  return `${entry.type}_${entry.version}_${entry.publishOn.replaceAll('-', '')}_${entry.suffix}`;
}

// Publish dates are calendar dates of the market: a text "published on 1 March" is live from midnight in
// Oslo, Stockholm, Helsinki or Copenhagen, not from midnight UTC.
const timeZones: Record<Country, string> = {
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  FI: 'Europe/Helsinki',
  DK: 'Europe/Copenhagen',
};

/** Today's date (YYYY-MM-DD) in the country's time zone. */
export function localDate(now: Date, country: Country): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZones[country],
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Fills `{{name}}` placeholders; unknown names are left as they are, so a review sees them. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
