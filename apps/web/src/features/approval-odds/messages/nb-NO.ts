// Approval odds before applying (ADR 0074), Norwegian.
export const messages = {
  title: 'Sjekk sjansene før du søker',
  lead: 'Fyll inn lånet og økonomien din, så ser du hva hver bank trolig svarer og hvilken rente den pleier å gi.',
  noInquiry:
    'Dette er ingen kredittsjekk: ingen forespørsel registreres, og ingen andre långivere ser den. Vi lagrer ikke noe av det du skriver.',
  field: {
    Amount: 'Lånebeløp ({{currency}})',
    Duration: 'Nedbetalingstid (år)',
    GrossYearlyIncome: 'Årsinntekt før skatt ({{currency}})',
    NetMonthlyIncome: 'Inntekt etter skatt per måned ({{currency}})',
    HousingCostMonthly: 'Boutgifter per måned ({{currency}})',
    DebtBalance: 'Annen gjeld totalt ({{currency}})',
    DebtMonthlyPayments: 'Betaling på gjelden per måned ({{currency}})',
  },
  submit: 'Sjekk sjansene mine',
  checking: 'Spør bankene …',
  invalid: 'Fyll inn alle feltene med hele kroner (bare tall).',
  failed: 'Vi kunne ikke spørre bankene nå. Prøv igjen om litt.',
  resultTitle: 'Slik svarer bankene trolig',
  likelihood: {
    likely: 'Sannsynlig',
    possible: 'Mulig',
    unlikely: 'Lite sannsynlig',
    'no-estimate': 'Ingen vurdering',
  },
  rate: 'Rente trolig {{from}}–{{to}} %',
  noEstimate: 'Banken ga ingen vurdering på forhånd. Du kan likevel få et tilbud når du søker.',
  reason: {
    INCOME: 'Inntekten er lavere enn banken krever.',
    DEBT_TO_INCOME: 'Gjelden blir for stor i forhold til inntekten.',
    AFFORDABILITY: 'Betalingene blir for høye for inntekten.',
    LEFT_TO_LIVE_ON: 'Det blir lite igjen å leve av etter bolig, gjeld og det nye lånet.',
    CO_APPLICANT_REQUIRED: 'Banken krever en medsøker for dette beløpet.',
    CREDIT_SCORE: 'Banken vurderer risikoen som for høy.',
    AMOUNT_OR_TERM: 'Banken tilbyr ikke dette beløpet eller denne nedbetalingstiden.',
    LOWER_AMOUNT: 'Banken låner trolig ut et lavere beløp.',
    NEAR_LIMIT: 'Du ligger nær bankens grense.',
  },
  indicative:
    'Vurderingen er veiledende. Bankene gjør sin egentlige vurdering, med kredittsjekk, først når du søker.',
  apply: 'Søk med disse opplysningene',
  norwayRules: 'Se også forhåndssjekken med utlånsforskriftens krav',
};
