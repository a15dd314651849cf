// Debts from the debt register (ADR 0079), Norwegian.
export const messages = {
  open: 'Hent gjelden min fra Gjeldsregisteret',
  loading: 'Laster …',
  title: { no: 'Gjeld fra Gjeldsregisteret', fi: 'Gjeld fra det finske kredittregisteret' },
  consentText: {
    no: 'Med ditt samtykke henter vi forbrukslån, kredittkort og andre rammekreditter registrert på deg i Gjeldsregisteret, også kortgrenser du ikke har brukt. Vi bruker opplysningene bare i denne søknaden, og bankene du søker hos ser bare det de trenger. Gjeldsregisteret noterer at vi har spurt.',
    fi: 'Med ditt samtykke henter vi lånene og kredittene dine fra det finske positive kredittregisteret, til formålet søknad om forbrukskreditt.',
  },
  consentBox: {
    no: 'Jeg samtykker til at gjelden min hentes fra Gjeldsregisteret for denne søknaden',
    fi: 'Jeg samtykker til at lånene mine hentes fra kredittregisteret for denne søknaden',
  },
  fetch: 'Hent gjelden min',
  tryAgain: 'Prøv igjen',
  progress: {
    no: 'Henter gjelden din fra Gjeldsregisteret. Det tar vanligvis noen sekunder …',
    fi: 'Henter lånene dine fra kredittregisteret. Det tar vanligvis noen sekunder …',
  },
  failure: {
    unavailable: 'Gjeldsregisteret svarer ikke akkurat nå, så vi har ikke fått hentet gjelden din.',
    timeout: 'Gjeldsregisteret brukte for lang tid på å svare, så vi har ikke fått hentet gjelden din.',
    invalid: 'Vi forsto ikke svaret fra Gjeldsregisteret, så vi har ikke brukt det.',
    notInCountry: 'Det finnes ikke et gjeldsregister vi kan spørre i ditt land.',
    off: 'Henting fra Gjeldsregisteret er ikke tilgjengelig nå.',
    onlyApplicant: 'Bare søkeren selv kan hente sin egen gjeld.',
    correction: 'Vi fikk ikke lagret rettelsen. Prøv igjen, eller skriv gjelden inn selv nedenfor.',
  },
  fillYourself: 'Du kan fylle inn gjelden selv og sende søknaden som vanlig.',
  noneFound: 'Gjeldsregisteret har ingen gjeld registrert på deg.',
  found_one: 'Vi fant {{count}} gjeld. Den er lagt inn i søknaden. Stemmer noe ikke, kan du rette det.',
  found_other:
    'Vi fant {{count}} gjeldsposter. De er lagt inn i søknaden. Stemmer noe ikke, kan du rette det.',
  loan: 'Restgjeld {{balance}}',
  line: 'Brukt {{balance}} av en ramme på {{limit}}',
  perMonth: '{{amount}} per måned',
  rate: '{{rate}} % rente',
  countedAtLimit:
    'Regnes som gjeld på {{amount}}: en kortgrense teller med hele beløpet selv om den ikke er brukt.',
  corrected: 'Rettet av deg. Banken ser tallene dine.',
  correct: 'Stemmer ikke? Rett',
  correctLegend: 'Rett gjelden hos {{creditor}}',
  balance: 'Restgjeld eller brukt beløp',
  limit: 'Kredittramme',
  monthly: 'Betaling per måned',
  invalidAmount: 'Skriv beløpene med bare tall.',
  save: 'Lagre rettelsen',
  cancel: 'Avbryt',
  // Refinancing a register debt (ADR 0080): the rest of its texts are the apply form's.
  payoffSave: 'Lagre hvor gjelden skal betales',
  payoffSaved: 'Lagret: denne gjelden betales ned med det nye lånet.',
  consentGiven: 'Du samtykket {{date}}.',
};
