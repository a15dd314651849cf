// The two texts of the debts step's register button (ADR 0079), in the apply page's language chunk.
export const messages = { open: 'Hae velkani positiivisesta luottotietorekisteristä', loading: 'Ladataan …' };
