// Ångerrätt för kreditavtalet (CCD2 art. 26, ADR 0066): the panel's words (Swedish).
export const messages = {
  heading: 'Ångerrätt',
  open: 'Du skrev under avtalet med {{lender}} {{signed}}. Du kan frånträda det utan att ange skäl till och med {{closes}}.',
  owe: 'Frånträder du avtalet i dag betalar du tillbaka {{principal}} och ränta på {{daily}} per dag tills du betalar – högst {{total}} om du betalar sista dagen, {{payBy}}.',
  nothingOwed: 'Lånet har inte betalats ut än, så du har inget att betala tillbaka.',
  start: 'Frånträd avtalet',
  confirmTitle: 'Vill du frånträda kreditavtalet?',
  confirmText: 'Vi meddelar {{lender}} direkt. Det går inte att ångra.',
  confirm: 'Ja, frånträd avtalet',
  cancel: 'Avbryt',
  failed: 'Vi kunde inte registrera att du frånträder avtalet. Försök igen.',
  done: 'Du frånträdde avtalet med {{lender}} {{date}}.',
  lenderTold: 'Långivaren har meddelats.',
  lenderPending: 'Vi meddelar långivaren nu.',
  payBack:
    'Betala tillbaka {{total}} senast {{payBy}}: {{principal}} och ränta på {{daily}} per dag. Betalar du tidigare blir räntan lägre.',
  closed: 'Sista dagen att frånträda avtalet var {{closes}}.',
};
