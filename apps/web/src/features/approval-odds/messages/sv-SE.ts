// Approval odds before applying (ADR 0074), Swedish.
export const messages = {
  title: 'Se dina chanser innan du ansöker',
  lead: 'Fyll i lånet och din ekonomi så ser du vad varje bank troligen svarar och vilken ränta den brukar ge.',
  noInquiry:
    'Det här är ingen kreditupplysning: ingen upplysning registreras och det syns inte för andra långivare. Vi sparar inget av det du skriver.',
  field: {
    Amount: 'Lånebelopp ({{currency}})',
    Duration: 'Återbetalningstid (år)',
    GrossYearlyIncome: 'Årsinkomst före skatt ({{currency}})',
    NetMonthlyIncome: 'Inkomst efter skatt per månad ({{currency}})',
    HousingCostMonthly: 'Boendekostnad per månad ({{currency}})',
    DebtBalance: 'Andra skulder totalt ({{currency}})',
    DebtMonthlyPayments: 'Betalningar på skulderna per månad ({{currency}})',
  },
  submit: 'Se mina chanser',
  checking: 'Frågar bankerna …',
  invalid: 'Fyll i alla fält med hela kronor (bara siffror).',
  failed: 'Vi kunde inte fråga bankerna just nu. Försök igen om en stund.',
  resultTitle: 'Så svarar bankerna troligen',
  likelihood: {
    likely: 'Troligt',
    possible: 'Möjligt',
    unlikely: 'Osannolikt',
    'no-estimate': 'Ingen bedömning',
  },
  rate: 'Ränta troligen {{from}}–{{to}} %',
  noEstimate: 'Banken gav ingen bedömning i förväg. Du kan ändå få ett erbjudande när du ansöker.',
  reason: {
    INCOME: 'Inkomsten är lägre än banken kräver.',
    DEBT_TO_INCOME: 'Dina skulder blir för stora i förhållande till inkomsten.',
    AFFORDABILITY: 'Betalningarna blir för höga för inkomsten.',
    LEFT_TO_LIVE_ON: 'Det blir lite kvar att leva på efter boende, skulder och det nya lånet.',
    CO_APPLICANT_REQUIRED: 'Banken kräver en medsökande för det här beloppet.',
    CREDIT_SCORE: 'Banken bedömer risken som för hög.',
    AMOUNT_OR_TERM: 'Banken erbjuder inte det här beloppet eller den här löptiden.',
    LOWER_AMOUNT: 'Banken lånar troligen ut ett lägre belopp.',
    NEAR_LIMIT: 'Du ligger nära bankens gräns.',
  },
  indicative:
    'Bedömningen är vägledande. Bankerna gör sin riktiga prövning, med kreditupplysning, först när du ansöker.',
  apply: 'Ansök med de här uppgifterna',
  norwayRules: 'Se också den norska förhandskontrollen',
};
