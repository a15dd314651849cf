// Debts from the debt register (ADR 0079), Finnish.
export const messages = {
  open: 'Hae velkani positiivisesta luottotietorekisteristä',
  loading: 'Ladataan …',
  title: { no: 'Velat Norjan velkarekisteristä', fi: 'Velat positiivisesta luottotietorekisteristä' },
  consentText: {
    no: 'Suostumuksellasi haemme sinulle rekisteröidyt kulutusluotot ja luottokortit Norjan velkarekisteristä.',
    fi: 'Suostumuksellasi haemme lainasi ja luottosi positiivisesta luottotietorekisteristä käyttötarkoitukseen kulutusluoton myöntäminen. Käytämme tietoja vain tässä hakemuksessa, ja pankit, joilta haet lainaa, näkevät vain tarvitsemansa. Rekisteri kirjaa, että olemme kysyneet.',
  },
  consentBox: {
    no: 'Annan suostumukseni velkojeni hakemiseen Norjan velkarekisteristä tätä hakemusta varten',
    fi: 'Annan suostumukseni lainojeni hakemiseen positiivisesta luottotietorekisteristä tätä hakemusta varten',
  },
  fetch: 'Hae velkani',
  tryAgain: 'Yritä uudelleen',
  progress: {
    no: 'Haemme velkojasi rekisteristä. Se kestää yleensä muutaman sekunnin …',
    fi: 'Haemme lainojasi positiivisesta luottotietorekisteristä. Se kestää yleensä muutaman sekunnin …',
  },
  failure: {
    unavailable: 'Luottotietorekisteri ei vastaa juuri nyt, joten velkojasi ei saatu haettua.',
    timeout: 'Luottotietorekisteri vastasi liian hitaasti, joten velkojasi ei saatu haettua.',
    invalid: 'Emme ymmärtäneet luottotietorekisterin vastausta, joten emme käyttäneet sitä.',
    notInCountry: 'Maassasi ei ole velkarekisteriä, josta voisimme kysyä.',
    off: 'Haku luottotietorekisteristä ei ole nyt käytettävissä.',
    onlyApplicant: 'Vain hakija itse voi hakea omat velkansa.',
    correction: 'Korjausta ei saatu tallennettua. Yritä uudelleen tai kirjoita velka itse alle.',
  },
  fillYourself: 'Voit täyttää velkasi itse ja lähettää hakemuksen tavalliseen tapaan.',
  noneFound: 'Rekisterissä ei ole sinulle merkittyjä lainoja.',
  found_one:
    'Löysimme {{count}} velan. Se on lisätty hakemukseen. Jos jokin ei pidä paikkaansa, voit korjata sen.',
  found_other:
    'Löysimme {{count}} velkaa. Ne on lisätty hakemukseen. Jos jokin ei pidä paikkaansa, voit korjata sen.',
  loan: 'Jäljellä {{balance}}',
  line: 'Käytetty {{balance}}, luottoraja {{limit}}',
  perMonth: '{{amount}} kuukaudessa',
  rate: 'korko {{rate}} %',
  countedAtLimit:
    'Lasketaan velaksi {{amount}}: luottoraja lasketaan kokonaan, vaikka sitä ei olisi käytetty.',
  corrected: 'Korjattu sinun tiedoillasi. Pankki näkee antamasi luvut.',
  correct: 'Eikö pidä paikkaansa? Korjaa',
  correctLegend: 'Korjaa velka: {{creditor}}',
  balance: 'Jäljellä oleva tai käytetty määrä',
  limit: 'Luottoraja',
  monthly: 'Kuukausierä',
  invalidAmount: 'Kirjoita summat pelkkinä numeroina.',
  save: 'Tallenna korjaus',
  cancel: 'Peruuta',
  // Refinancing a register debt (ADR 0080): the rest of its texts are the apply form's.
  payoffUnsaved: 'Ei vielä tallennettu: valinta tallentuu, kun tili ja viite on täytetty oikein.',
  payoffChangeUnsaved:
    'Muutosta ei ole vielä tallennettu. Siihen asti voimassa ovat tallennettu tili ja viite.',
  payoffSaving: 'Tallennetaan …',
  payoffSaved: 'Tallennettu: tämä velka maksetaan uudella lainalla.',
  consentGiven: 'Annoit suostumuksen {{date}}.',
};
