// Refinancing on the personal page (issue 35 item 4, ADR 0080), Norwegian: the key structure the other three follow.
export const messages = {
  title: 'Refinansiering: dette endres',
  before_one: 'Du vil betale ned {{count}} lån på til sammen {{balance}} med det nye lånet.',
  before_other: 'Du vil betale ned {{count}} lån på til sammen {{balance}} med det nye lånet.',
  basis: {
    'payment-and-term': '{{monthly}} i måneden i {{months}} måneder til (betaling og løpetid du oppga)',
    'payment-and-rate':
      '{{monthly}} i måneden, nedbetalt om {{months}} måneder (regnet fra saldo, rente og betaling)',
    'rate-and-term': '{{monthly}} i måneden (regnet som annuitet fra saldo, rente og løpetid)',
    'payment-only': '{{monthly}} i måneden; uten rente eller løpetid kan totalkostnaden ikke regnes ut',
    'balance-only': 'bare saldoen er kjent; kostnaden i dag kan ikke regnes ut',
  },
  monthly: 'Per måned',
  total: 'Kostnad totalt',
  unknown: 'ukjent',
  saves: '(du sparer {{amount}})',
  costsMore: '({{amount}} mer)',
  toApplicant: '{{amount}} av lånet utbetales til deg etter at gjelden er betalt.',
  notCovered:
    'Dette tilbudet dekker ikke gjelden du valgte: utbetalingen på {{payout}} mangler {{shortfall}}.',
  afterBasis:
    'Før: renter og gebyrer som gjenstår på gjelden hvis den løper videre som i dag. Etter: bankens tilbud for hele lånet på {{amount}} over {{duration}}.',
  cards: {
    title: 'Ubrukte kredittgrenser',
    lead: 'Hele kredittgrensen på et kort teller som gjeld, også den delen du ikke bruker (utlånsforskriften). Gjelden kan være høyst {{limit}} ganger brutto årsinntekt.',
    card: 'Kredittkort',
    figures: 'grense {{limit}}, ubrukt {{unused}}.',
    ifCancelled:
      'Sier du opp kortet, faller gjelden med {{removed}} og gjeldsgraden går fra {{before}} til {{after}}.',
  },
  payoffs: {
    title: 'Innfrielse av gjelden',
    debt: 'Gjeld',
    pending: 'Venter: banken betaler når lånet utbetales.',
    confirmed: 'Bekreftet innfridd: {{amount}} betalt {{date}}.',
  },
};
