// "Selitä tarjous" (CCD2 art. 12, ADR 0066): the words around the offer's own figures (Finnish).
export const messages = {
  button: 'Selitä tarjous',
  title: 'Luotonantajan {{lender}} tarjous selitettynä',
  rate: {
    heading: 'Mitä todellinen vuosikorko sisältää',
    text: 'Todellinen vuosikorko {{effective}} sisältää nimelliskoron {{nominal}}, avausmaksun {{startupFee}} ja tilinhoitomaksun {{monthlyFee}} kuukaudessa (maksuja yhteensä {{fees}} {{months}} kuukauden aikana).',
    upfront: 'Avausmaksu vähennetään maksettavasta lainasummasta.',
    financed: 'Avausmaksu lisätään lainaan ja maksetaan takaisin sen mukana.',
  },
  cost: {
    heading: 'Mitä luotto maksaa ja mitä maksat takaisin',
    text: 'Lainaat {{amount}} ja maksat {{payments}} kuukausierää, kukin {{monthly}}. Maksat takaisin yhteensä {{total}}. Luotto maksaa {{cost}}: korkoa {{interest}} ja maksuja {{fees}}.',
  },
  late: {
    heading: 'Jos maksat myöhässä',
    withRate:
      'Luotonantaja voi periä viivästyskorkoa {{rate}} vuodessa ({{base}} {{baseRate}} + {{margin}} prosenttiyksikköä, {{law}}). Kuukausierä {{monthly}}, joka maksetaan 30 päivää myöhässä, maksaa korkoa noin {{example}}, minkä lisäksi voi tulla muistutusmaksuja.',
    agreedRate:
      'Luotonantaja voi periä viivästyskorkoa sovitun koron {{rate}} mukaan vuodessa, koska se on lakisääteistä korkoa suurempi ({{law}}). Kuukausierä {{monthly}}, joka maksetaan 30 päivää myöhässä, maksaa korkoa noin {{example}}.',
    noRate:
      'Luotonantaja voi periä viivästyskorkoa, joka on {{base}} + {{margin}} prosenttiyksikköä vuodessa ({{law}}), erääntyneelle summalle, minkä lisäksi voi tulla muistutusmaksuja.',
    base: {
      referenceRate: 'viitekorko',
      centralBankLendingRate: 'Tanskan keskuspankin lainakorko',
      policyRate: 'Norjan keskuspankin ohjauskorko',
    },
    consequences:
      'Maksamattomista eristä voi seurata perintäkuluja ja maksuhäiriömerkintä, ja luotonantaja voi irtisanoa luoton.',
  },
  withdrawal: {
    heading: 'Peruuttamisoikeus',
    text: 'Voit peruuttaa sopimuksen {{days}} päivän kuluessa sen allekirjoittamisesta ilmoittamatta syytä. Maksat silloin takaisin maksetun lainasumman ja korkoa {{daily}} päivältä maksupäivään asti, viimeistään {{repaymentDays}} päivän kuluttua ilmoituksestasi. Jos peruutat 14 päivää nostamisen jälkeen, summa on noin {{example}}.',
  },
  early: {
    heading: 'Ennenaikainen takaisinmaksu',
    text: 'Voit maksaa luoton kokonaan tai osittain takaisin milloin tahansa, etkä maksa korkoa ja kuluja jäljellä olevalta ajalta. Vain kiinteäkorkoisesta luotosta luotonantaja voi periä korvausta: enintään {{percent}} ennenaikaisesti maksetusta määrästä ({{lastYear}}, kun jäljellä on enintään vuosi), koko tästä luotosta enintään {{max}} ({{law}}).',
  },
};
