import { products } from '@nordloan/domain/enums';
import { z } from 'zod';

// What the applicant typed before the e-ID (docs/decisions/0039). The application is created only once
// the applicant is identified, so until then the answers live in the page; the e-ID login leaves the page
// for the provider and comes back to a fresh one. Just before leaving, the journey writes them here
// (sessionStorage: this tab only, gone with it; no national id, no token), and on the way back it
// continues at the identity step with every answer kept. Removed once the application holds them.

export const journeyDraftKey = 'nordloan-apply-draft';
/** The e-ID login itself may take 10 minutes (ADR 0029); an older draft is someone else's afternoon. */
export const journeyDraftMaxAgeMs = 30 * 60 * 1000;

const journeyDraftSchema = z.object({
  version: z.literal(1),
  brand: z.string(),
  /** The apply page (path) the draft belongs to: another apply page starts afresh. */
  path: z.string(),
  savedAt: z.number(),
  loanValues: z.object({
    product: z.enum(products),
    amount: z.number(),
    duration: z.number().nullable(),
    loanPurpose: z.string(),
  }),
  preCheckAnswers: z.object({
    age: z.string(),
    employmentType: z.string(),
    grossYearlyIncome: z.string(),
    netMonthlyIncome: z.string(),
    debtBalance: z.string(),
    debtMonthlyPayments: z.string(),
    hasPaymentRemarks: z.boolean(),
  }),
  contact: z.object({ email: z.string(), phone: z.string() }),
});
export type JourneyDraft = z.infer<typeof journeyDraftSchema>;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): DraftStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage switched off (privacy settings): the journey still works, it just cannot keep answers.
    return null;
  }
}

export function saveJourneyDraft(
  draft: Omit<JourneyDraft, 'version' | 'savedAt'>,
  options: { now?: number; store?: DraftStorage | null } = {},
): void {
  const store = options.store === undefined ? storage() : options.store;
  const value: JourneyDraft = { version: 1, savedAt: options.now ?? Date.now(), ...draft };
  try {
    store?.setItem(journeyDraftKey, JSON.stringify(value));
  } catch {
    // Full or refused: the applicant types the answers again after the e-ID; nothing else breaks.
  }
}

/** The draft of this brand's apply page, if there is a fresh one; anything else is ignored. */
export function readJourneyDraft(
  where: { brand: string; path: string },
  options: { now?: number; store?: DraftStorage | null } = {},
): JourneyDraft | null {
  const store = options.store === undefined ? storage() : options.store;
  let raw: string | null = null;
  try {
    raw = store?.getItem(journeyDraftKey) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: ReturnType<typeof journeyDraftSchema.safeParse>;
  try {
    parsed = journeyDraftSchema.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const draft = parsed.data;
  const age = (options.now ?? Date.now()) - draft.savedAt;
  if (draft.brand !== where.brand || draft.path !== where.path || age < 0 || age > journeyDraftMaxAgeMs)
    return null;
  return draft;
}

export function clearJourneyDraft(options: { store?: DraftStorage | null } = {}): void {
  const store = options.store === undefined ? storage() : options.store;
  try {
    store?.removeItem(journeyDraftKey);
  } catch {
    // Nothing to do: an unreadable draft is never used.
  }
}
