import type { messages as source } from './nb-NO.ts';

// Refinancing on the personal page (issue 35 item 4, ADR 0080).
export const messages: typeof source = {
  title: 'Omlægning af gæld: det ændrer sig',
  before_one: 'Du vil indfri {{count}} lån på i alt {{balance}} med det nye lån.',
  before_other: 'Du vil indfri {{count}} lån på i alt {{balance}} med det nye lån.',
  basis: {
    'payment-and-term': '{{monthly}} om måneden i {{months}} måneder endnu (ydelse og løbetid, du oplyste)',
    'payment-and-rate':
      '{{monthly}} om måneden, betalt ud om {{months}} måneder (regnet fra saldo, rente og ydelse)',
    'rate-and-term': '{{monthly}} om måneden (regnet som annuitet fra saldo, rente og løbetid)',
    'payment-only':
      '{{monthly}} om måneden; uden rente eller løbetid kan de samlede omkostninger ikke regnes ud',
    'balance-only': 'kun saldoen er kendt; omkostningen i dag kan ikke regnes ud',
  },
  monthly: 'Om måneden',
  total: 'Omkostninger i alt',
  unknown: 'ukendt',
  saves: '(du sparer {{amount}})',
  costsMore: '({{amount}} mere)',
  toApplicant: '{{amount}} af lånet udbetales til dig, når gælden er indfriet.',
  notCovered:
    'Dette tilbud dækker ikke den gæld, du valgte: udbetalingen på {{payout}} mangler {{shortfall}}.',
  afterBasis:
    'Før: renter og gebyrer, der er tilbage på gælden, hvis den fortsætter som i dag. Efter: bankens tilbud for hele lånet på {{amount}} over {{duration}}.',
  cards: {
    title: 'Ubrugte kreditgrænser',
    lead: 'I Norge tæller hele kreditgrænsen på et kort som gæld, også den del, du ikke bruger. Gælden må højst være {{limit}} gange bruttoårsindkomsten.',
    card: 'Kreditkort',
    figures: 'grænse {{limit}}, ubrugt {{unused}}.',
    ifCancelled:
      'Opsiger du kortet, falder gælden med {{removed}}, og gældsfaktoren går fra {{before}} til {{after}}.',
  },
  payoffs: {
    title: 'Indfrielse af gælden',
    debt: 'Gæld',
    pending: 'Venter: banken betaler, når lånet udbetales.',
    confirmed: 'Bekræftet indfriet: {{amount}} betalt {{date}}.',
  },
};
