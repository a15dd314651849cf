// "Forklar tilbuddet" (CCD2 art. 12, ADR 0066): the words around the offer's own figures (Danish).
export const messages = {
  button: 'Forklar tilbuddet',
  title: 'Sådan fungerer tilbuddet fra {{lender}}',
  rate: {
    heading: 'Hvad ÅOP omfatter',
    text: 'ÅOP på {{effective}} omfatter den pålydende rente på {{nominal}}, etableringsgebyret på {{startupFee}} og det månedlige gebyr på {{monthlyFee}} ({{fees}} i gebyrer i alt over {{months}} måneder).',
    upfront: 'Etableringsgebyret trækkes fra det beløb, der udbetales.',
    financed: 'Etableringsgebyret lægges til lånet og betales tilbage med det.',
  },
  cost: {
    heading: 'Hvad lånet koster, og hvad du betaler tilbage',
    text: 'Du låner {{amount}} og betaler {{payments}} månedlige ydelser på {{monthly}}. I alt betaler du {{total}} tilbage. Kreditten koster {{cost}}: {{interest}} i renter og {{fees}} i gebyrer.',
  },
  late: {
    heading: 'Hvis du betaler for sent',
    withRate:
      'Långiveren kan kræve morarente på {{rate}} om året ({{base}} {{baseRate}} + {{margin}} procentpoint, {{law}}). En månedlig ydelse på {{monthly}}, der betales 30 dage for sent, koster omkring {{example}} i renter, ud over eventuelle rykkergebyrer.',
    agreedRate:
      'Långiveren kan kræve morarente med den aftalte rente på {{rate}} om året, fordi den er højere end lovens ({{law}}). En månedlig ydelse på {{monthly}}, der betales 30 dage for sent, koster omkring {{example}} i renter.',
    noRate:
      'Långiveren kan kræve morarente på {{base}} + {{margin}} procentpoint om året ({{law}}) af det beløb, du skylder, ud over eventuelle rykkergebyrer.',
    base: {
      referenceRate: 'referencerenten',
      centralBankLendingRate: 'Nationalbankens udlånsrente',
      policyRate: 'Norges Banks styringsrente',
    },
    consequences:
      'Ubetalte beløb kan føre til inkassoomkostninger og registrering som dårlig betaler, og långiveren kan opsige lånet.',
  },
  withdrawal: {
    heading: 'Fortrydelsesret',
    text: 'Du kan fortryde aftalen inden for {{days}} dage efter, at du har underskrevet den, uden at oplyse en grund. Så betaler du det udbetalte beløb tilbage og renter på {{daily}} om dagen, indtil du betaler, senest {{repaymentDays}} dage efter, at du har givet besked. Fortryder du 14 dage efter udbetalingen, bliver det omkring {{example}}.',
  },
  early: {
    heading: 'Indfri lånet før tid',
    text: 'Du kan betale hele eller en del af lånet tilbage når som helst, og du betaler ikke renter og gebyrer for den tid, der falder bort. Kun hvis renten er fast, kan långiveren kræve kompensation: højst {{percent}} af det beløb, du indfrier ({{lastYear}}, når der højst er et år tilbage), for hele dette lån højst {{max}} ({{law}}).',
  },
};
