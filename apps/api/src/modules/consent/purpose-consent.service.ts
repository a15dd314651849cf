import type { Executor } from '#src/db/client.ts';
import { type ConsentRecordRow, findCurrentConsents, insertConsentRecords } from './consent.repository.ts';

// Consents of their own purpose, beside §3's marketing and transactional (docs/decisions/0081): the rate
// watch after a loan is asked for on its own panel, never pre-ticked, and no other marketing rides on it.
// Kept in the same append-only history (consent_record: who, when, which text, which channel), so the
// customer's copy of their data and the audit of consents have one place; the §7 consent calls, whose
// purposes are §3's, neither show nor change them.

export const ownConsentPurposes = ['rate-watch'] as const;
export type OwnConsentPurpose = (typeof ownConsentPurposes)[number];

export interface PurposeConsentChange {
  customerId: string;
  country: string;
  brand: string;
  consentBrand: string;
  purpose: OwnConsentPurpose;
  channel: 'email' | 'sms';
  status: 'given' | 'revoked';
  textVersion: string;
  /** Which action: 'rate-watch-start', 'rate-watch-renew', 'rate-watch-stop', 'rate-watch-expired'… */
  source: string;
  /** 'customer:<id>', 'person:<id>' or 'system:<job>' (never a token or a national id). */
  changedBy: string;
  now: Date;
}

/** Appends the change to the history (a record per change; nothing is ever updated). */
export async function recordPurposeConsent(
  tx: Executor,
  change: PurposeConsentChange,
): Promise<ConsentRecordRow | undefined> {
  const [row] = await insertConsentRecords(tx, [
    {
      customerId: change.customerId,
      country: change.country,
      brand: change.brand,
      consentBrand: change.consentBrand,
      purpose: change.purpose,
      channel: change.channel,
      status: change.status,
      textVersion: change.textVersion,
      source: change.source,
      changedBy: change.changedBy,
      createdAt: change.now,
    },
  ]);
  return row;
}

/** The current record of the purpose on each channel (newest per channel). */
export async function currentPurposeConsents(
  db: Executor,
  input: { customerId: string; consentBrand: string; purpose: OwnConsentPurpose },
): Promise<ConsentRecordRow[]> {
  const rows = await findCurrentConsents(db, input.customerId, input.consentBrand);
  return rows.filter((row) => row.purpose === input.purpose);
}
