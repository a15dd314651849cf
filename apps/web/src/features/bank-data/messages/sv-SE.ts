// Verified income from the bank account (ADR 0076), Swedish.
export const messages = {
  open: 'Hämta inkomster och utgifter från din bank',
  loading: 'Laddar …',
  title: 'Inkomster och utgifter från banken',
  lead: 'Du loggar in i din bank med BankID och samtycker till att vi läser transaktionerna från de senaste 12 månaderna. Vi sparar bara siffrorna vi hittar, aldrig transaktionerna.',
  connect: 'Koppla banken',
  tryAgain: 'Försök igen',
  fillYourself: 'Du kan fylla i siffrorna själv och skicka ansökan som vanligt.',
  failure: {
    cancelled: 'Samtycket avbröts i banken, så vi har inte hämtat något.',
    unavailable: 'Banken svarar inte just nu.',
    expired: 'Kopplingen till banken tog för lång tid.',
  },
  reason: {
    noSalary: 'Vi hittade ingen lön på kontot.',
    otherCurrency: 'Några transaktioner var i en annan valuta och har inte räknats med.',
    irregular: 'Inkomsten varierar från månad till månad. Kontrollera siffran.',
    shortHistory: 'Kontot har kortare historik än 12 månader.',
  },
  found:
    'Det här hittade vi under de senaste {{months}} månaderna. Du kan rätta siffrorna innan de förs in i ansökan.',
  income: 'Nettoinkomst per månad',
  housing: 'Boendekostnad per månad',
  loans_one: 'Vi hittade {{count}} lån:',
  loans_other: 'Vi hittade {{count}} lån:',
  perMonth: '{{amount}} kr per månad',
  loanLead:
    'Banken visar bara vad du betalar varje månad. För varje lån du tar med: välj typ av lån och fyll i skulden som återstår. Finns lånet redan i ansökan, eller är det avbetalt, ta bort det så att det inte räknas två gånger.',
  loanInclude: 'Ta med i ansökan',
  loanType: 'Typ av lån',
  loanTypeChoose: 'Välj …',
  loanTypes: {
    Unsecured: 'Lån utan säkerhet',
    CarMCBoat: 'Lån på bil, mc eller båt',
    Student: 'Studielån (CSN)',
    CreditCard: 'Kreditkort',
    Unspecified: 'Annan skuld',
  },
  loanBalance: 'Kvarvarande skuld',
  missingType: 'Välj vilken typ av lån det här är.',
  missingBalance: 'Fyll i hur mycket som återstår att betala på lånet hos {{creditor}}.',
  loansIncomplete:
    'Några lån saknar typ eller kvarvarande skuld. Fyll i dem, eller ta bort lånet, så för vi in siffrorna i ansökan.',
  consent: 'Samtycket gäller till {{expires}}.',
  apply: 'Använd siffrorna i ansökan',
  remove: 'Radera siffrorna från banken',
  applied: 'Siffrorna är införda i ansökan. Kontrollera dem innan du går vidare.',
};
