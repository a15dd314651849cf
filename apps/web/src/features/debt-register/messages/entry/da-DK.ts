// The two texts of the debts step's register button (ADR 0079), in the apply page's language chunk.
export const messages = { open: 'Hent min gæld fra gældsregistret', loading: 'Indlæser …' };
