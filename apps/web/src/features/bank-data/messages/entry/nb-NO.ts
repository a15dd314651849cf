// The two texts of the income step's bank button (ADR 0076), in the apply page's language chunk; the
// rest of the feature's texts come with its own chunk (../nb-NO.ts, added by bank-data-panel.tsx).
export const messages = { open: 'Hent inntekt og utgifter fra banken din', loading: 'Laster …' };
