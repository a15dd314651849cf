// Debts from the debt register (ADR 0079), Danish. Denmark has no such register: the panel is not
// offered there; these texts serve a Danish speaker on a Norwegian or Finnish site.
export const messages = {
  open: 'Hent min gæld fra gældsregistret',
  loading: 'Indlæser …',
  title: { no: 'Gæld fra Gjeldsregisteret', fi: 'Gæld fra det finske kreditregister' },
  consentText: {
    no: 'Med dit samtykke henter vi forbrugslån, kreditkort og andre kreditter registreret på dig i Gjeldsregisteret, også kortgrænser du ikke har brugt.',
    fi: 'Med dit samtykke henter vi dine lån og kreditter fra det finske positive kreditregister, til formålet ansøgning om forbrugskredit.',
  },
  consentBox: {
    no: 'Jeg samtykker til, at min gæld hentes fra Gjeldsregisteret til denne ansøgning',
    fi: 'Jeg samtykker til, at mine lån hentes fra kreditregistret til denne ansøgning',
  },
  fetch: 'Hent min gæld',
  tryAgain: 'Prøv igen',
  progress: {
    no: 'Henter din gæld fra Gjeldsregisteret. Det tager som regel et par sekunder …',
    fi: 'Henter dine lån fra kreditregistret. Det tager som regel et par sekunder …',
  },
  failure: {
    unavailable: 'Registret svarer ikke lige nu, så vi har ikke kunnet hente din gæld.',
    timeout: 'Registret var for længe om at svare, så vi har ikke kunnet hente din gæld.',
    invalid: 'Vi forstod ikke registrets svar, så vi har ikke brugt det.',
    notInCountry: 'Der er ikke noget gældsregister, vi kan spørge, i dit land.',
    off: 'Hentning fra registret er ikke tilgængelig nu.',
    onlyApplicant: 'Kun ansøgeren selv kan hente sin gæld.',
    correction: 'Vi kunne ikke gemme rettelsen. Prøv igen, eller skriv gælden ind selv nedenfor.',
  },
  fillYourself: 'Du kan selv udfylde din gæld og sende ansøgningen som normalt.',
  noneFound: 'Registret har ingen gæld registreret på dig.',
  found_one:
    'Vi fandt {{count}} gældspost. Den er lagt ind i ansøgningen. Passer noget ikke, kan du rette det.',
  found_other:
    'Vi fandt {{count}} gældsposter. De er lagt ind i ansøgningen. Passer noget ikke, kan du rette det.',
  loan: 'Restgæld {{balance}}',
  line: 'Brugt {{balance}} af en ramme på {{limit}}',
  perMonth: '{{amount}} om måneden',
  rate: '{{rate}} % rente',
  countedAtLimit: 'Tæller som gæld på {{amount}}: en kortgrænse tæller fuldt ud, selv når den ikke er brugt.',
  corrected: 'Rettet af dig. Banken ser dine tal.',
  correct: 'Passer det ikke? Ret',
  correctLegend: 'Ret gælden hos {{creditor}}',
  balance: 'Restgæld eller brugt beløb',
  limit: 'Kreditramme',
  monthly: 'Betaling om måneden',
  invalidAmount: 'Skriv beløbene med kun tal.',
  save: 'Gem rettelsen',
  cancel: 'Annuller',
  // Refinancing a register debt (ADR 0080): the rest of its texts are the apply form's.
  payoffUnsaved: 'Ikke gemt endnu: valget gemmes, så snart konto og reference er udfyldt korrekt.',
  payoffChangeUnsaved: 'Ændringen er ikke gemt endnu. Indtil da gælder den konto og reference, der er gemt.',
  payoffSaving: 'Gemmer …',
  payoffSaved: 'Gemt: denne gæld betales ud med det nye lån.',
  consentGiven: 'Du gav samtykke {{date}}.',
};
