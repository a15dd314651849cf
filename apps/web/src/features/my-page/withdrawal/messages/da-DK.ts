// Fortrydelsesret for kreditaftalen (CCD2 art. 26, ADR 0066): the panel's words (Danish).
export const messages = {
  heading: 'Fortrydelsesret',
  open: 'Du underskrev aftalen med {{lender}} {{signed}}. Du kan fortryde den uden at oplyse en grund til og med {{closes}}.',
  owe: 'Fortryder du aftalen i dag, betaler du {{principal}} tilbage og renter på {{daily}} om dagen, indtil du betaler – højst {{total}}, hvis du betaler sidste dag, {{payBy}}.',
  nothingOwed: 'Lånet er ikke udbetalt endnu, så du har intet at betale tilbage.',
  start: 'Fortryd aftalen',
  confirmTitle: 'Vil du fortryde kreditaftalen?',
  confirmText: 'Vi giver {{lender}} besked med det samme. Det kan ikke gøres om.',
  confirm: 'Ja, fortryd aftalen',
  cancel: 'Annullér',
  failed: 'Vi kunne ikke registrere, at du fortryder aftalen. Prøv igen.',
  done: 'Du fortrød aftalen med {{lender}} {{date}}.',
  lenderTold: 'Långiveren har fået besked.',
  lenderPending: 'Vi giver långiveren besked nu.',
  payBack:
    'Betal {{total}} tilbage senest {{payBy}}: {{principal}} og renter på {{daily}} om dagen. Betaler du før, bliver renterne lavere.',
  closed: 'Fristen for at fortryde aftalen var {{closes}}.',
};
