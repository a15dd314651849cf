// Verified income from the bank account (ADR 0076), Finnish.
export const messages = {
  open: 'Hae tulot ja menot pankistasi',
  loading: 'Ladataan …',
  title: 'Tulot ja menot pankista',
  lead: 'Kirjaudut pankkiisi pankkitunnuksilla ja annat suostumuksen, että luemme viimeisten 12 kuukauden tapahtumat. Tallennamme vain löytämämme luvut, emme koskaan tapahtumia.',
  connect: 'Yhdistä pankki',
  tryAgain: 'Yritä uudelleen',
  fillYourself: 'Voit täyttää luvut itse ja lähettää hakemuksen tavalliseen tapaan.',
  failure: {
    cancelled: 'Suostumus peruttiin pankissa, joten emme hakeneet mitään.',
    unavailable: 'Pankki ei vastaa juuri nyt.',
    expired: 'Yhteys pankkiin kesti liian kauan.',
  },
  reason: {
    noSalary: 'Tililtä ei löytynyt palkkaa.',
    otherCurrency: 'Osa tapahtumista oli muussa valuutassa, eikä niitä ole otettu mukaan.',
    irregular: 'Tulot vaihtelevat kuukaudesta toiseen. Tarkista luku.',
    shortHistory: 'Tilin historia on lyhyempi kuin 12 kuukautta.',
  },
  found:
    'Löysimme nämä viimeisten {{months}} kuukauden ajalta. Voit korjata luvut ennen kuin ne viedään hakemukseen.',
  income: 'Nettotulot kuukaudessa',
  housing: 'Asumiskulut kuukaudessa',
  loans_one: 'Löysimme {{count}} lainan:',
  loans_other: 'Löysimme {{count}} lainaa:',
  perMonth: '{{amount}} € kuukaudessa',
  loanLead:
    'Pankki näyttää vain, mitä maksat kuukausittain. Valitse jokaiselle mukaan otettavalle lainalle lainan tyyppi ja kirjoita jäljellä oleva velka. Jos laina on jo hakemuksessa tai luottotietorekisterin tiedoissa tai se on maksettu pois, jätä se pois, ettei sitä lasketa kahdesti.',
  loanInclude: 'Ota mukaan hakemukseen',
  loanType: 'Lainan tyyppi',
  loanTypeChoose: 'Valitse …',
  loanTypes: {
    Unsecured: 'Vakuudeton laina',
    CarMCBoat: 'Auto-, moottoripyörä- tai venelaina',
    Student: 'Opintolaina',
    CreditCard: 'Luottokortti',
    Unspecified: 'Muu velka',
  },
  loanBalance: 'Jäljellä oleva velka',
  missingType: 'Valitse, millainen laina tämä on.',
  missingBalance: 'Kirjoita, paljonko lainaa ({{creditor}}) on vielä maksamatta.',
  loansIncomplete:
    'Joistakin lainoista puuttuu tyyppi tai jäljellä oleva velka. Täytä ne tai jätä laina pois, niin viemme luvut hakemukseen.',
  consent: 'Suostumus on voimassa {{expires}} asti.',
  apply: 'Käytä lukuja hakemuksessa',
  remove: 'Poista pankista haetut luvut',
  applied: 'Luvut on viety hakemukseen. Tarkista ne ennen kuin jatkat.',
};
