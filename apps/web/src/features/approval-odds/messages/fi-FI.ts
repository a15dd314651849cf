// Approval odds before applying (ADR 0074), Finnish.
export const messages = {
  title: 'Katso mahdollisuutesi ennen hakemista',
  lead: 'Kerro laina ja taloutesi, niin näet, mitä kukin pankki todennäköisesti vastaa ja millaisen koron se yleensä antaa.',
  noInquiry:
    'Tämä ei ole luottotietokysely: kyselyä ei rekisteröidä eivätkä muut luotonantajat näe sitä. Emme tallenna mitään kirjoittamaasi.',
  field: {
    Amount: 'Lainasumma ({{currency}})',
    Duration: 'Laina-aika (vuotta)',
    GrossYearlyIncome: 'Vuositulot ennen veroja ({{currency}})',
    NetMonthlyIncome: 'Nettotulot kuukaudessa ({{currency}})',
    HousingCostMonthly: 'Asumiskulut kuukaudessa ({{currency}})',
    DebtBalance: 'Muut velat yhteensä ({{currency}})',
    DebtMonthlyPayments: 'Velkojen maksut kuukaudessa ({{currency}})',
  },
  submit: 'Katso mahdollisuuteni',
  checking: 'Kysytään pankeilta …',
  invalid: 'Täytä kaikki kentät kokonaisina euroina (vain numeroita).',
  failed: 'Emme voineet kysyä pankeilta juuri nyt. Yritä hetken päästä uudelleen.',
  resultTitle: 'Näin pankit todennäköisesti vastaavat',
  likelihood: {
    likely: 'Todennäköinen',
    possible: 'Mahdollinen',
    unlikely: 'Epätodennäköinen',
    'no-estimate': 'Ei arviota',
  },
  rate: 'Korko todennäköisesti {{from}}–{{to}} %',
  noEstimate: 'Pankki ei antanut arviota etukäteen. Voit silti saada tarjouksen, kun haet.',
  reason: {
    INCOME: 'Tulot ovat pienemmät kuin pankki vaatii.',
    DEBT_TO_INCOME: 'Velkoja olisi liikaa tuloihin nähden.',
    AFFORDABILITY: 'Maksut olisivat liian suuret tuloihin nähden.',
    LEFT_TO_LIVE_ON: 'Asumisen, velkojen ja uuden lainan jälkeen elämiseen jäisi vähän.',
    CO_APPLICANT_REQUIRED: 'Pankki vaatii tälle summalle kanssahakijan.',
    CREDIT_SCORE: 'Pankki arvioi riskin liian suureksi.',
    AMOUNT_OR_TERM: 'Pankki ei tarjoa tätä summaa tai laina-aikaa.',
    LOWER_AMOUNT: 'Pankki lainaa todennäköisesti pienemmän summan.',
    NEAR_LIMIT: 'Olet lähellä pankin rajaa.',
  },
  indicative:
    'Arvio on suuntaa antava. Pankit tekevät varsinaisen arvionsa luottotietoineen vasta, kun haet.',
  apply: 'Hae näillä tiedoilla',
  norwayRules: 'Katso myös ennakkotarkistus',
};
