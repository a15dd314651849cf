import { z } from 'zod';

// Issue 13 item 7 (docs/decisions/0037): every contact nordloan made about an application — calls, e-mails,
// text messages — as the personal page and the back office list it: when, by which channel, what kind, how
// it went, and a masked address. Never a message body or a full address.

export const contactChannels = ['email', 'sms', 'phone'] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** queued: waiting in the outbox; sent/failed: a message's end; answered/not-answered/in-progress: a call. */
export const contactOutcomes = [
  'queued',
  'sent',
  'failed',
  'answered',
  'not-answered',
  'in-progress',
] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];

export const contactLogEntrySchema = /* @__PURE__ */ z.object({
  At: z.string(),
  Channel: z.enum(contactChannels),
  /** A message kind (magic-link, offers-arrived, offer-accepted, documents-needed, expiry-reminder), `call` or `sales-call`. */
  Kind: z.string(),
  Outcome: z.enum(contactOutcomes),
  /** Enough to recognise the address ("a***@example.no", "+47*****61"), not to reach anyone. */
  MaskedAddress: z.string(),
});
export type ContactLogEntry = z.infer<typeof contactLogEntrySchema>;

export const contactLogSchema = /* @__PURE__ */ z.object({
  LoanApplicationID: z.string(),
  /** Newest first. */
  Items: z.array(contactLogEntrySchema),
});
export type ContactLog = z.infer<typeof contactLogSchema>;
