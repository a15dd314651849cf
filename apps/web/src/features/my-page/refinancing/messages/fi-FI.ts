import type { messages as source } from './nb-NO.ts';

// Refinancing on the personal page (issue 35 item 4, ADR 0080).
export const messages: typeof source = {
  title: 'Lainojen yhdistäminen: tämä muuttuu',
  before_one: 'Haluat maksaa uudella lainalla {{count}} velan, yhteensä {{balance}}.',
  before_other: 'Haluat maksaa uudella lainalla {{count}} velkaa, yhteensä {{balance}}.',
  basis: {
    'payment-and-term': '{{monthly}} kuukaudessa vielä {{months}} kuukautta (ilmoittamasi erä ja laina-aika)',
    'payment-and-rate':
      '{{monthly}} kuukaudessa, maksettu {{months}} kuukaudessa (laskettu saldosta, korosta ja erästä)',
    'rate-and-term': '{{monthly}} kuukaudessa (annuiteettina saldosta, korosta ja laina-ajasta)',
    'payment-only': '{{monthly}} kuukaudessa; ilman korkoa tai laina-aikaa kokonaiskuluja ei voi laskea',
    'balance-only': 'vain saldo tiedetään; nykyisiä kuluja ei voi laskea',
  },
  monthly: 'Kuukaudessa',
  total: 'Kulut yhteensä',
  unknown: 'ei tiedossa',
  saves: '(säästät {{amount}})',
  costsMore: '({{amount}} enemmän)',
  toApplicant: 'Lainasta {{amount}} maksetaan sinulle, kun velat on maksettu.',
  notCovered: 'Tämä tarjous ei riitä valitsemiisi velkoihin: {{payout}} maksusta puuttuu {{shortfall}}.',
  afterBasis:
    'Ennen: korot ja kulut, jotka veloista jää maksettavaksi, jos ne jatkuvat kuten nyt. Jälkeen: pankin tarjous koko {{amount}} lainasta, laina-aika {{duration}}.',
  cards: {
    title: 'Käyttämättömät luottorajat',
    lead: 'Norjassa kortin koko luottoraja lasketaan velaksi, myös käyttämätön osa. Velkaa saa olla enintään {{limit}} kertaa bruttovuositulot.',
    card: 'Luottokortti',
    figures: 'raja {{limit}}, käyttämättä {{unused}}.',
    ifCancelled:
      'Jos irtisanot kortin, velka pienenee {{removed}} ja velkasuhde muuttuu {{before}} → {{after}}.',
  },
  payoffs: {
    title: 'Velkojen maksu',
    debt: 'Velka',
    pending: 'Odottaa: pankki maksaa, kun laina nostetaan.',
    confirmed: 'Vahvistettu maksetuksi: {{amount}} maksettu {{date}}.',
  },
};
