// The two texts of the debts step's register button (ADR 0079), in the apply page's language chunk.
export const messages = { open: 'Hämta mina skulder från skuldregistret', loading: 'Laddar …' };
