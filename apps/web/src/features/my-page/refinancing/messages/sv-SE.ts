import type { messages as source } from './nb-NO.ts';

// Refinancing on the personal page (issue 35 item 4, ADR 0080).
export const messages: typeof source = {
  title: 'Omförhandling av lån: det här ändras',
  before_one: 'Du vill lösa {{count}} lån på sammanlagt {{balance}} med det nya lånet.',
  before_other: 'Du vill lösa {{count}} lån på sammanlagt {{balance}} med det nya lånet.',
  basis: {
    'payment-and-term': '{{monthly}} i månaden i {{months}} månader till (betalning och löptid du angav)',
    'payment-and-rate':
      '{{monthly}} i månaden, betalt om {{months}} månader (räknat från saldo, ränta och betalning)',
    'rate-and-term': '{{monthly}} i månaden (räknat som annuitet från saldo, ränta och löptid)',
    'payment-only': '{{monthly}} i månaden; utan ränta eller löptid kan totalkostnaden inte räknas ut',
    'balance-only': 'bara saldot är känt; kostnaden i dag kan inte räknas ut',
  },
  monthly: 'Per månad',
  total: 'Total kostnad',
  unknown: 'okänd',
  saves: '(du sparar {{amount}})',
  costsMore: '({{amount}} mer)',
  toApplicant: '{{amount}} av lånet betalas ut till dig när skulderna är lösta.',
  notCovered:
    'Det här erbjudandet räcker inte till skulderna du valde: utbetalningen på {{payout}} saknar {{shortfall}}.',
  afterBasis:
    'Före: räntor och avgifter som återstår på skulderna om de löper vidare som i dag. Efter: bankens erbjudande för hela lånet på {{amount}} över {{duration}}.',
  cards: {
    title: 'Outnyttjade kreditgränser',
    lead: 'Hela kreditgränsen på ett kort räknas som skuld i Norge, även den del du inte använder. Skulden får vara högst {{limit}} gånger bruttoårsinkomsten.',
    card: 'Kreditkort',
    figures: 'gräns {{limit}}, outnyttjat {{unused}}.',
    ifCancelled:
      'Säger du upp kortet minskar skulden med {{removed}} och skuldkvoten går från {{before}} till {{after}}.',
  },
  payoffs: {
    title: 'Lösen av skulderna',
    debt: 'Skuld',
    pending: 'Väntar: banken betalar när lånet betalas ut.',
    confirmed: 'Bekräftat löst: {{amount}} betalt {{date}}.',
  },
};
