import { z } from 'zod';

// The building blocks of the back-office shapes (./backoffice.ts, ./backoffice-assets.ts): the bounds and
// messages §5 leaves to us ("not shown"), recorded in docs/decisions/0013-backoffice-model.md.

// ── Building blocks ───────────────────────────────────────────────────────────────────────────────

export const backofficeMessages = {
  uuid: 'Must be a UUID',
  timestamp: 'Must be an ISO 8601 date-time with a time zone, e.g. 2025-01-31T12:00:00Z',
  date: 'Must be a date, YYYY-MM-DD',
  phoneNumber: 'Must be a phone number in international format, e.g. +4791234567',
  boolean: 'Must be true or false',
  wholeNumber: 'Must be a whole number',
  required: 'Must not be empty',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooMany: (max: number) => `Must have at most ${max} entries`,
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  decidedAtWithDecision: 'DecidedAt is set exactly when the decision is approved or denied',
  terminationPair: 'TerminatedAt and TerminationReason are set together',
  processedPair: 'ProcessedAt and ProcessedBy are set together',
  summaryTotal: 'Total must equal NumApplicationsAssigned + NumApplicationsUnassigned',
} as const;

const m = backofficeMessages;

export const backofficeIdSchema = /* @__PURE__ */ z.uuid({ error: m.uuid });
export const backofficeTimestampSchema = /* @__PURE__ */ z.iso.datetime({ offset: true, error: m.timestamp });
export const isoDateSchema = /* @__PURE__ */ z.iso.date({ error: m.date });

/** Trimmed text of 1…max characters. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: m.tooLong(max) });
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: m.tooLong(max) });
export const wholeNumber = (min: number, max: number) =>
  z
    .number()
    .int({ error: m.wholeNumber })
    .min(min, { error: m.atLeast(min) })
    .max(max, { error: m.atMost(max) });

// E.164: what telephony providers dial. Nordic numbers are +45/+46/+47/+358 and 8–12 digits long.
export const phoneNumberSchema = /* @__PURE__ */ z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { error: m.phoneNumber });

/** Money in whole units of the country's currency (as the applications tables store it). */
export const amount = (max: number) => wholeNumber(0, max);

// Query-string booleans arrive as text ('true'/'false'); JSON bodies as booleans.
export const queryBoolean = /* @__PURE__ */ z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: m.boolean }),
);
