// The two texts of the debts step's register button (ADR 0079), in the apply page's language chunk; the
// rest of the feature's texts come with its own chunk (../nb-NO.ts, added by debt-register-panel.tsx).
export const messages = { open: 'Hent gjelden min fra Gjeldsregisteret', loading: 'Laster …' };
