// Texts of shared/compliance (issue 34, ADR 0064): our registration and role (CCD2 arts. 37–38;
// markedsføringsloven § 18, stk. 4), and the notice that offers are personalised by automated processing
// (art. 13). The facts (authority, register, number, link) come from the brand registry.
export const messages = {
  registration: {
    registered: '{{company}} er registreret hos {{authority}} som kreditformidler, nr. {{number}}.',
    registerLabel: 'Register:',
    notTied: 'Vi er ikke bundet til nogen bank eller kreditgiver, og sammenligner tilbud fra flere.',
    tied: 'Vi formidler kredit fra et begrænset udvalg af kreditgivere, som vi har aftale med.',
  },
  automatedOffers:
    'Tilbuddene er tilpasset dig ved automatisk behandling af dine personoplysninger: bankerne fastsætter rente og vilkår automatisk ud fra ansøgningen, og rækkefølgen beregnes ud fra tilbuddenes omkostninger.',
};
