// Angrerett på kredittavtalen (CCD2 art. 26, ADR 0066): the panel's words (Norwegian).
export const messages = {
  heading: 'Angrerett',
  open: 'Du signerte avtalen med {{lender}} {{signed}}. Du kan gå fra den uten å oppgi grunn til og med {{closes}}.',
  owe: 'Går du fra avtalen i dag, betaler du tilbake {{principal}} og renter på {{daily}} per dag til du betaler – høyst {{total}} hvis du betaler siste dag, {{payBy}}.',
  nothingOwed: 'Lånet er ikke utbetalt ennå, så du har ingenting å betale tilbake.',
  start: 'Gå fra avtalen',
  confirmTitle: 'Vil du gå fra kredittavtalen?',
  confirmText: 'Vi gir {{lender}} beskjed med en gang. Du kan ikke angre dette.',
  confirm: 'Ja, gå fra avtalen',
  cancel: 'Avbryt',
  failed: 'Vi fikk ikke registrert at du går fra avtalen. Prøv igjen.',
  done: 'Du gikk fra avtalen med {{lender}} {{date}}.',
  lenderTold: 'Långiveren har fått beskjed.',
  lenderPending: 'Vi gir långiveren beskjed nå.',
  payBack:
    'Betal tilbake {{total}} senest {{payBy}}: {{principal}} og renter på {{daily}} per dag. Betaler du tidligere, blir rentene lavere.',
  closed: 'Fristen for å gå fra avtalen var {{closes}}.',
};
