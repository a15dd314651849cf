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
  consent: 'Samtycket gäller till {{expires}}.',
  apply: 'Använd siffrorna i ansökan',
  remove: 'Radera siffrorna från banken',
  applied: 'Siffrorna är införda i ansökan. Kontrollera dem innan du går vidare.',
};
