// The two texts of the income step's bank button (ADR 0076), in the apply page's language chunk; the
// rest of the feature's texts come with its own chunk (../sv-SE.ts, added by bank-data-panel.tsx).
export const messages = { open: 'Hämta inkomster och utgifter från din bank', loading: 'Laddar …' };
