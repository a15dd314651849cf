// Verified income from the bank account (ADR 0076), Danish.
export const messages = {
  open: 'Hent indtægter og udgifter fra din bank',
  loading: 'Indlæser …',
  title: 'Indtægter og udgifter fra banken',
  lead: 'Du logger ind i din bank med MitID og giver samtykke til, at vi læser transaktionerne fra de seneste 12 måneder. Vi gemmer kun de tal, vi finder, aldrig transaktionerne.',
  connect: 'Forbind banken',
  tryAgain: 'Prøv igen',
  fillYourself: 'Du kan selv udfylde tallene og sende ansøgningen som normalt.',
  failure: {
    cancelled: 'Samtykket blev afbrudt i banken, så vi har ikke hentet noget.',
    unavailable: 'Banken svarer ikke lige nu.',
    expired: 'Forbindelsen til banken tog for lang tid.',
  },
  reason: {
    noSalary: 'Vi fandt ingen løn på kontoen.',
    otherCurrency: 'Nogle transaktioner var i en anden valuta og er ikke medregnet.',
    irregular: 'Indtægten varierer fra måned til måned. Tjek tallet.',
    shortHistory: 'Kontoen har kortere historik end 12 måneder.',
  },
  found:
    'Det fandt vi i de seneste {{months}} måneder. Du kan rette tallene, før de sættes ind i ansøgningen.',
  income: 'Nettoindtægt om måneden',
  housing: 'Boligudgift om måneden',
  loans_one: 'Vi fandt {{count}} lån:',
  loans_other: 'Vi fandt {{count}} lån:',
  perMonth: '{{amount}} kr. om måneden',
  loanLead:
    'Banken viser kun, hvad du betaler hver måned. For hvert lån, du tager med: vælg lånetype og skriv restgælden. Står lånet allerede i ansøgningen, eller er det betalt ud, så fravælg det, så det ikke tælles to gange.',
  loanInclude: 'Tag med i ansøgningen',
  loanType: 'Lånetype',
  loanTypeChoose: 'Vælg …',
  loanTypes: {
    Unsecured: 'Forbrugslån',
    CarMCBoat: 'Lån til bil, MC eller båd',
    Student: 'SU-lån',
    CreditCard: 'Kreditkort',
    Unspecified: 'Anden gæld',
  },
  loanBalance: 'Restgæld',
  missingType: 'Vælg, hvilken type lån det er.',
  missingBalance: 'Skriv, hvor meget der mangler at blive betalt på lånet hos {{creditor}}.',
  loansIncomplete:
    'Nogle lån mangler type eller restgæld. Udfyld dem, eller fravælg lånet, så sætter vi tallene ind i ansøgningen.',
  consent: 'Samtykket gælder til {{expires}}.',
  apply: 'Brug tallene i ansøgningen',
  remove: 'Slet tallene fra banken',
  applied: 'Tallene er sat ind i ansøgningen. Tjek dem, før du går videre.',
};
