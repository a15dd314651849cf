// Approval odds before applying (ADR 0074), Danish.
export const messages = {
  title: 'Se dine chancer, før du søger',
  lead: 'Udfyld lånet og din økonomi, så ser du, hvad hver bank sandsynligvis svarer, og hvilken rente den plejer at give.',
  noInquiry:
    'Dette er ingen kreditvurdering hos et kreditbureau: der registreres ingen forespørgsel, og andre långivere kan ikke se den. Vi gemmer intet af det, du skriver.',
  field: {
    Amount: 'Lånebeløb ({{currency}})',
    Duration: 'Løbetid (år)',
    GrossYearlyIncome: 'Årsindkomst før skat ({{currency}})',
    NetMonthlyIncome: 'Indkomst efter skat pr. måned ({{currency}})',
    HousingCostMonthly: 'Boligudgift pr. måned ({{currency}})',
    DebtBalance: 'Anden gæld i alt ({{currency}})',
    DebtMonthlyPayments: 'Betaling på gælden pr. måned ({{currency}})',
  },
  submit: 'Se mine chancer',
  checking: 'Spørger bankerne …',
  invalid: 'Udfyld alle felter med hele kroner (kun tal).',
  failed: 'Vi kunne ikke spørge bankerne lige nu. Prøv igen om lidt.',
  resultTitle: 'Sådan svarer bankerne sandsynligvis',
  likelihood: {
    likely: 'Sandsynligt',
    possible: 'Muligt',
    unlikely: 'Usandsynligt',
    'no-estimate': 'Ingen vurdering',
  },
  rate: 'Rente sandsynligvis {{from}}–{{to}} %',
  noEstimate: 'Banken gav ingen vurdering på forhånd. Du kan stadig få et tilbud, når du søger.',
  reason: {
    INCOME: 'Indkomsten er lavere, end banken kræver.',
    DEBT_TO_INCOME: 'Gælden bliver for stor i forhold til indkomsten.',
    AFFORDABILITY: 'Betalingerne bliver for høje i forhold til indkomsten.',
    LEFT_TO_LIVE_ON: 'Der bliver lidt tilbage at leve for efter bolig, gæld og det nye lån.',
    CO_APPLICANT_REQUIRED: 'Banken kræver en medansøger til dette beløb.',
    CREDIT_SCORE: 'Banken vurderer risikoen som for høj.',
    AMOUNT_OR_TERM: 'Banken tilbyder ikke dette beløb eller denne løbetid.',
    LOWER_AMOUNT: 'Banken låner sandsynligvis et lavere beløb ud.',
    NEAR_LIMIT: 'Du ligger tæt på bankens grænse.',
  },
  indicative:
    'Vurderingen er vejledende. Bankerne laver deres egentlige vurdering, med kreditopslag, først når du søger.',
  apply: 'Søg med disse oplysninger',
  norwayRules: 'Se også forhåndstjekket',
};
