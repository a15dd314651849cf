// "Forklar tilbudet" (CCD2 art. 12, ADR 0066): the words around the offer's own figures (Norwegian).
export const messages = {
  button: 'Forklar tilbudet',
  title: 'Dette betyr tilbudet fra {{lender}}',
  rate: {
    heading: 'Hva den effektive renten omfatter',
    text: 'Den effektive renten på {{effective}} omfatter den nominelle renten på {{nominal}}, etableringsgebyret på {{startupFee}} og termingebyret på {{monthlyFee}} i måneden ({{fees}} i gebyrer til sammen over {{months}} måneder).',
    upfront: 'Etableringsgebyret trekkes fra beløpet som utbetales.',
    financed: 'Etableringsgebyret legges til lånet og betales tilbake med det.',
  },
  cost: {
    heading: 'Hva lånet koster, og hva du betaler tilbake',
    text: 'Du låner {{amount}} og betaler {{payments}} månedlige beløp på {{monthly}}. Til sammen betaler du tilbake {{total}}. Kreditten koster {{cost}}: {{interest}} i renter og {{fees}} i gebyrer.',
  },
  late: {
    heading: 'Hvis du betaler for sent',
    withRate:
      'Långiveren kan kreve forsinkelsesrente på {{rate}} i året ({{base}} {{baseRate}} + {{margin}} prosentpoeng, {{law}}). Et månedlig beløp på {{monthly}} som betales 30 dager for sent, koster omtrent {{example}} i renter, i tillegg til eventuelle purregebyrer.',
    agreedRate:
      'Långiveren kan kreve forsinkelsesrente med den avtalte renten på {{rate}} i året, fordi den er høyere enn lovens sats ({{law}}). Et månedlig beløp på {{monthly}} som betales 30 dager for sent, koster omtrent {{example}} i renter.',
    noRate:
      'Långiveren kan kreve forsinkelsesrente på {{base}} + {{margin}} prosentpoeng i året ({{law}}), regnet av beløpet du skylder, i tillegg til eventuelle purregebyrer.',
    base: {
      referenceRate: 'referanserenten',
      centralBankLendingRate: 'Nationalbankens utlånsrente',
      policyRate: 'Norges Banks styringsrente',
    },
    consequences:
      'Ubetalte beløp kan føre til inkassokostnader og betalingsanmerkning, og långiveren kan si opp lånet.',
  },
  withdrawal: {
    heading: 'Angrerett',
    text: 'Du kan gå fra avtalen innen {{days}} dager etter at du har signert den, uten å oppgi grunn. Da betaler du tilbake beløpet som er utbetalt, og renter på {{daily}} per dag til du betaler, senest {{repaymentDays}} dager etter at du ga beskjed. Går du fra avtalen 14 dager etter utbetalingen, blir det omtrent {{example}}.',
  },
  early: {
    heading: 'Innfri lånet tidligere',
    text: 'Du kan betale tilbake hele eller deler av lånet når som helst, og du betaler ikke renter og gebyrer for tiden som faller bort. Bare hvis renten er fast, kan långiveren kreve kompensasjon: høyst {{percent}} av beløpet du innfrir ({{lastYear}} når det er høyst ett år igjen), for hele dette lånet høyst {{max}} ({{law}}).',
  },
};
