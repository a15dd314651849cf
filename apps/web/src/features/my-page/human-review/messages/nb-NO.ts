// Issue 34 item 3 (ADR 0065): the human-review panel on the personal page, bokmål.
export const messages = {
  title: 'Be om at et menneske vurderer avgjørelsen',
  automated: 'Tatt ved automatisk behandling, uten at et menneske var involvert.',
  decision: {
    lender: '{{lender}} avslo søknaden. Årsak: {{category}}.',
    validation: 'Søknaden stoppet i vår automatiske kontroll.',
    withheld:
      'Vi holdt tilbake tilbudet fra {{lender}} fordi det bryter lovens grenser for rente og kostnader.',
  },
  rights:
    'Du kan be om at en person hos oss ser på avgjørelsen på nytt, fortelle hvordan du ser på saken og legge ved et dokument. Vi svarer innen {{days}} dager og forklarer de viktigste årsakene. Når det var banken som avslo, sender vi forespørselen til banken.',
  open: 'Vi mottok forespørselen din {{date}}. Du får svar senest {{due}}.',
  answered: 'Vårt svar ({{date}})',
  outcome: {
    upheld: 'Avgjørelsen står ved lag.',
    changed: 'Avgjørelsen er endret.',
  },
  lender: {
    pending: '{{lender}}: venter på svar fra banken.',
    answered: '{{lender}} svarte:',
    failed: '{{lender}} kunne ikke nås. Vi vurderer avgjørelsen selv.',
  },
  yourView: 'Det du skrev',
  form: {
    open: 'Be om manuell vurdering',
    viewLabel: 'Hvordan ser du på saken?',
    viewHint: 'Minst {{min}} og høyst {{max}} tegn.',
    fileLabel: 'Legg ved et dokument (valgfritt: pdf, jpeg eller png)',
    tooShort: 'Skriv minst {{min}} tegn.',
    fileProblem: 'Filen må være pdf, jpeg eller png og høyst 20 MB.',
    submit: 'Send forespørselen',
    sending: 'Sender …',
    failed: 'Vi kunne ikke sende forespørselen. Prøv igjen.',
  },
};
