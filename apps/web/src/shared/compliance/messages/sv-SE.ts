// Texts of shared/compliance (issue 34, ADR 0064): our registration and role (CCD2 arts. 37–38), and the
// notice that offers are personalised by automated processing (art. 13). The facts (authority, register,
// number, link) come from the brand registry; these are only the words around them.
export const messages = {
  registration: {
    registered: '{{company}} har tillstånd från {{authority}} som kreditförmedlare, nr {{number}}.',
    registerLabel: 'Register:',
    notTied: 'Vi är inte knutna till någon bank eller kreditgivare, och jämför erbjudanden från flera.',
    tied: 'Vi förmedlar krediter från ett begränsat urval kreditgivare som vi har avtal med.',
  },
  automatedOffers:
    'Erbjudandena är anpassade till dig genom automatiserad behandling av dina personuppgifter: bankerna sätter ränta och villkor automatiskt utifrån ansökan, och ordningen räknas fram utifrån erbjudandenas kostnader.',
};
