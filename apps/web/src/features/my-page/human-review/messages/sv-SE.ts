import type { messages as nbNO } from './nb-NO.ts';

// Issue 34 item 3 (ADR 0065): the human-review panel on the personal page, Swedish.
export const messages: typeof nbNO = {
  title: 'Begär att en människa granskar beslutet',
  automated: 'Fattat genom automatiserad behandling, utan att en människa var inblandad.',
  decision: {
    lender: '{{lender}} avslog ansökan. Skäl: {{category}}.',
    validation: 'Ansökan stoppades i vår automatiska kontroll.',
    withheld:
      'Vi höll inne erbjudandet från {{lender}} eftersom det bryter mot lagens gränser för ränta och kostnader.',
  },
  rights:
    'Du kan begära att en person hos oss granskar beslutet på nytt, berätta hur du ser på saken och bifoga ett dokument. Vi svarar inom {{days}} dagar och förklarar de viktigaste skälen. När det var banken som gav avslag skickar vi begäran till banken.',
  open: 'Vi tog emot din begäran {{date}}. Du får svar senast {{due}}.',
  answered: 'Vårt svar ({{date}})',
  outcome: {
    upheld: 'Beslutet står fast.',
    changed: 'Beslutet har ändrats.',
  },
  lender: {
    pending: '{{lender}}: väntar på svar från banken.',
    answered: '{{lender}} svarade:',
    failed: '{{lender}} gick inte att nå. Vi granskar beslutet själva.',
  },
  yourView: 'Det du skrev',
  form: {
    open: 'Begär manuell granskning',
    viewLabel: 'Hur ser du på saken?',
    viewHint: 'Minst {{min}} och högst {{max}} tecken.',
    fileLabel: 'Bifoga ett dokument (frivilligt: pdf, jpeg eller png)',
    tooShort: 'Skriv minst {{min}} tecken.',
    fileProblem: 'Filen måste vara pdf, jpeg eller png och högst 20 MB.',
    submit: 'Skicka begäran',
    sending: 'Skickar …',
    failed: 'Vi kunde inte skicka begäran. Försök igen.',
  },
};
