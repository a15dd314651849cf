import type { Country } from '@nordloan/domain/enums';

// The laws that oblige us to keep a person's records after they asked for erasure (GDPR art. 17(3)(b):
// a legal obligation; (e): legal claims), per country, as each country's law names them. ADR 0069.

/**
 * Anti-money-laundering record keeping: the customer's identity, the applications and the documents
 * used to know the customer, five years after the relationship ended (retention-rules.ts counts it).
 */
export const antiMoneyLaunderingLaw: Record<Country, string> = {
  NO: 'hvitvaskingsloven § 30',
  SE: 'penningtvättslagen (2017:630) 5 kap. 3 §',
  FI: 'laki rahanpesun ja terrorismin rahoittamisen estämisestä (444/2017) 3 luku 3 §',
  DK: 'hvidvaskloven § 30',
};

/**
 * Bookkeeping: a paid-out loan earned us a commission, and the application's figures (amount, lender,
 * commission) are the voucher behind it. Kept until the end of the calendar year (our financial year)
 * this many years after the year it was booked in.
 */
export const bookkeepingLaw: Record<Country, { law: string; years: number }> = {
  NO: { law: 'bokføringsloven § 13', years: 5 },
  SE: { law: 'bokföringslagen (1999:1078) 7 kap. 2 §', years: 7 },
  FI: { law: 'kirjanpitolaki (1336/1997) 2 luku 10 §', years: 6 },
  DK: { law: 'bogføringsloven § 12', years: 5 },
};

/** Proof of what was consented to (GDPR art. 7(1)) and of who read the person's data (art. 5(2)). */
export const accountabilityLaw = {
  consents: 'GDPR art. 7(1)',
  audit: 'GDPR art. 5(2)',
} as const;

/** The last day a voucher booked on `bookedAt` must be kept: 31 December of the year plus the law's years. */
export function bookkeepingUntil(country: Country, bookedAt: Date): string {
  const year = bookedAt.getUTCFullYear() + bookkeepingLaw[country].years;
  return `${year}-12-31`;
}

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
