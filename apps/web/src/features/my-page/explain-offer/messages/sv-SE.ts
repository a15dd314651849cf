// "Förklara erbjudandet" (CCD2 art. 12, ADR 0066): the words around the offer's own figures (Swedish).
export const messages = {
  button: 'Förklara erbjudandet',
  title: 'Så fungerar erbjudandet från {{lender}}',
  rate: {
    heading: 'Vad den effektiva räntan omfattar',
    text: 'Den effektiva räntan på {{effective}} omfattar den nominella räntan på {{nominal}}, uppläggningsavgiften på {{startupFee}} och aviavgiften på {{monthlyFee}} i månaden ({{fees}} i avgifter sammanlagt under {{months}} månader).',
    upfront: 'Uppläggningsavgiften dras av från beloppet som betalas ut.',
    financed: 'Uppläggningsavgiften läggs till lånet och betalas tillbaka med det.',
  },
  cost: {
    heading: 'Vad lånet kostar och vad du betalar tillbaka',
    text: 'Du lånar {{amount}} och betalar {{payments}} månadsbelopp på {{monthly}}. Sammanlagt betalar du tillbaka {{total}}. Krediten kostar {{cost}}: {{interest}} i ränta och {{fees}} i avgifter.',
  },
  late: {
    heading: 'Om du betalar för sent',
    withRate:
      'Långivaren kan ta ut dröjsmålsränta på {{rate}} per år ({{base}} {{baseRate}} + {{margin}} procentenheter, {{law}}). Ett månadsbelopp på {{monthly}} som betalas 30 dagar för sent kostar ungefär {{example}} i ränta, utöver eventuella påminnelseavgifter.',
    agreedRate:
      'Långivaren kan ta ut dröjsmålsränta med den avtalade räntan på {{rate}} per år, eftersom den är högre än lagens ({{law}}). Ett månadsbelopp på {{monthly}} som betalas 30 dagar för sent kostar ungefär {{example}} i ränta.',
    noRate:
      'Långivaren kan ta ut dröjsmålsränta på {{base}} + {{margin}} procentenheter per år ({{law}}) på det du är skyldig, utöver eventuella påminnelseavgifter.',
    base: {
      referenceRate: 'referensräntan',
      centralBankLendingRate: 'Nationalbankens utlåningsränta',
      policyRate: 'Norges Banks styrränta',
    },
    consequences:
      'Obetalda belopp kan leda till inkassokostnader och betalningsanmärkning, och långivaren kan säga upp lånet.',
  },
  withdrawal: {
    heading: 'Ångerrätt',
    text: 'Du kan frånträda avtalet inom {{days}} dagar från att du skrev under det, utan att ange skäl. Då betalar du tillbaka beloppet som betalats ut och ränta på {{daily}} per dag tills du betalar, senast {{repaymentDays}} dagar efter att du meddelat oss. Frånträder du avtalet 14 dagar efter utbetalningen blir det ungefär {{example}}.',
  },
  early: {
    heading: 'Betala tillbaka i förtid',
    text: 'Du kan betala tillbaka hela eller delar av lånet när du vill, och du betalar inte ränta och avgifter för tiden som faller bort. Bara om räntan är bunden får långivaren ta ut ränteskillnadsersättning: högst {{percent}} av beloppet du betalar i förtid ({{lastYear}} när högst ett år återstår), för hela detta lån högst {{max}} ({{law}}).',
  },
};
