import type { messages as nbNO } from './nb-NO.ts';

// Issue 34 item 3 (ADR 0065): the human-review panel on the personal page, Finnish.
export const messages: typeof nbNO = {
  title: 'Pyydä, että ihminen arvioi päätöksen',
  automated: 'Tehty automaattisella käsittelyllä ilman ihmisen osallistumista.',
  decision: {
    lender: '{{lender}} hylkäsi hakemuksen. Syy: {{category}}.',
    validation: 'Hakemus pysähtyi automaattiseen tarkistukseemme.',
    withheld: 'Pidätimme lainanantajan {{lender}} tarjouksen, koska se ylittää lain korko- ja kulurajat.',
  },
  rights:
    'Voit pyytää, että joku meistä arvioi päätöksen uudelleen, kertoa näkemyksesi ja liittää asiakirjan. Vastaamme {{days}} päivän kuluessa ja kerromme tärkeimmät syyt. Jos päätöksen teki pankki, välitämme pyyntösi pankille.',
  open: 'Saimme pyyntösi {{date}}. Saat vastauksen viimeistään {{due}}.',
  answered: 'Vastauksemme ({{date}})',
  outcome: {
    upheld: 'Päätös pysyy voimassa.',
    changed: 'Päätöstä on muutettu.',
  },
  lender: {
    pending: '{{lender}}: odotamme pankin vastausta.',
    answered: '{{lender}} vastasi:',
    failed: 'Emme tavoittaneet lainanantajaa {{lender}}. Arvioimme päätöksen itse.',
  },
  yourView: 'Mitä kirjoitit',
  form: {
    open: 'Pyydä ihmisen tekemää arviointia',
    viewLabel: 'Mikä on näkemyksesi asiasta?',
    viewHint: 'Vähintään {{min}} ja enintään {{max}} merkkiä.',
    fileLabel: 'Liitä asiakirja (vapaaehtoinen: pdf, jpeg tai png)',
    tooShort: 'Kirjoita vähintään {{min}} merkkiä.',
    fileProblem: 'Tiedoston on oltava pdf, jpeg tai png ja enintään 20 Mt.',
    submit: 'Lähetä pyyntö',
    sending: 'Lähetetään …',
    failed: 'Pyynnön lähettäminen epäonnistui. Yritä uudelleen.',
  },
};
