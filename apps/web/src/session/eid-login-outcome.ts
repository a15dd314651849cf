import { create } from 'zustand';

// An e-ID login that came back without a token (docs/decisions/0039): the API's callback sends the browser
// back to the page it left with `#eid-error=cancelled|failed|expired`. The start parameters read it (and
// remove it from the address); this store holds it until a page has shown it, so the page that started
// the login (the apply journey's identity step, the personal page's login) can say what happened and
// offer to try again. Only in memory: a reload should not repeat an old message.

export const eidLoginErrors = ['cancelled', 'failed', 'expired'] as const;
export type EidLoginError = (typeof eidLoginErrors)[number];

/** Only the three known codes; anything else in the address is ignored. */
export function parseEidLoginError(value: string | null): EidLoginError | null {
  return (eidLoginErrors as readonly string[]).includes(value ?? '') ? (value as EidLoginError) : null;
}

interface EidLoginOutcomeState {
  error: EidLoginError | null;
  setError(error: EidLoginError | null): void;
}

export const eidLoginOutcomeStore = create<EidLoginOutcomeState>()((set) => ({
  error: null,
  setError: (error) => set({ error }),
}));

export const useEidLoginError = () => eidLoginOutcomeStore((state) => state.error);
