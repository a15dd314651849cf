// Debts from the debt register (ADR 0079), Swedish. Sweden has no register the applicant consents to
// (the bureau is asked once at intake): the panel is not offered there; these texts serve a Swedish
// speaker on a Norwegian or Finnish site.
export const messages = {
  open: 'Hämta mina skulder från skuldregistret',
  loading: 'Laddar …',
  title: { no: 'Skulder från Gjeldsregisteret', fi: 'Skulder från det finska kreditregistret' },
  consentText: {
    no: 'Med ditt samtycke hämtar vi konsumtionslån, kreditkort och andra krediter som är registrerade på dig i Gjeldsregisteret, även kortgränser du inte har använt.',
    fi: 'Med ditt samtycke hämtar vi dina lån och krediter från det finska positiva kreditregistret, för ändamålet ansökan om konsumtionskredit.',
  },
  consentBox: {
    no: 'Jag samtycker till att mina skulder hämtas från Gjeldsregisteret för den här ansökan',
    fi: 'Jag samtycker till att mina lån hämtas från kreditregistret för den här ansökan',
  },
  fetch: 'Hämta mina skulder',
  tryAgain: 'Försök igen',
  progress: {
    no: 'Hämtar dina skulder från Gjeldsregisteret. Det brukar ta några sekunder …',
    fi: 'Hämtar dina lån från kreditregistret. Det brukar ta några sekunder …',
  },
  failure: {
    unavailable: 'Registret svarar inte just nu, så vi har inte kunnat hämta dina skulder.',
    timeout: 'Registret tog för lång tid att svara, så vi har inte kunnat hämta dina skulder.',
    invalid: 'Vi förstod inte registrets svar, så vi har inte använt det.',
    notInCountry: 'Det finns inget skuldregister vi kan fråga i ditt land.',
    off: 'Hämtning från registret är inte tillgänglig nu.',
    onlyApplicant: 'Bara den sökande själv kan hämta sina skulder.',
    correction: 'Vi kunde inte spara rättelsen. Försök igen, eller skriv in skulden själv nedan.',
  },
  fillYourself: 'Du kan fylla i dina skulder själv och skicka ansökan som vanligt.',
  noneFound: 'Registret har inga skulder registrerade på dig.',
  found_one: 'Vi hittade {{count}} skuld. Den har lagts in i ansökan. Stämmer något inte kan du rätta det.',
  found_other:
    'Vi hittade {{count}} skulder. De har lagts in i ansökan. Stämmer något inte kan du rätta det.',
  loan: 'Kvar att betala {{balance}}',
  line: 'Använt {{balance}} av en kreditgräns på {{limit}}',
  perMonth: '{{amount}} per månad',
  rate: '{{rate}} % ränta',
  countedAtLimit: 'Räknas som skuld på {{amount}}: en kortgräns räknas fullt ut även när den inte används.',
  corrected: 'Rättad av dig. Banken ser dina siffror.',
  correct: 'Stämmer inte? Rätta',
  correctLegend: 'Rätta skulden hos {{creditor}}',
  balance: 'Kvar att betala eller använt belopp',
  limit: 'Kreditgräns',
  monthly: 'Betalning per månad',
  invalidAmount: 'Skriv beloppen med bara siffror.',
  save: 'Spara rättelsen',
  cancel: 'Avbryt',
  // Refinancing a register debt (ADR 0080): the rest of its texts are the apply form's.
  payoffUnsaved: 'Inte sparat än: valet sparas så snart konto och referens är rätt ifyllda.',
  payoffChangeUnsaved: 'Ändringen är inte sparad än. Till dess gäller kontot och referensen som är sparade.',
  payoffSaving: 'Sparar …',
  payoffSaved: 'Sparat: den här skulden betalas med det nya lånet.',
  consentGiven: 'Du samtyckte {{date}}.',
};
