// Texts of shared/compliance (issue 34, ADR 0064): our registration and role (CCD2 arts. 37–38; Norway:
// låneformidlingsloven), and the notice that offers are personalised by automated processing (art. 13).
// The facts (authority, register, number, link) come from the brand registry; these are only the words around them.
export const messages = {
  registration: {
    registered: '{{company}} har tillatelse fra {{authority}} som låneformidler, nr. {{number}}.',
    registerLabel: 'Register:',
    notTied: 'Vi er ikke bundet til noen bank eller långiver, og sammenligner tilbud fra flere.',
    tied: 'Vi formidler lån fra et begrenset utvalg långivere vi har avtale med.',
  },
  automatedOffers:
    'Tilbudene er tilpasset deg ved automatisert behandling av personopplysningene dine: bankene setter rente og vilkår automatisk ut fra søknaden, og rekkefølgen regnes ut fra tilbudenes kostnader.',
};
