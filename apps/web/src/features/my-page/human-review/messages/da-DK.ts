import type { messages as nbNO } from './nb-NO.ts';

// Issue 34 item 3 (ADR 0065): the human-review panel on the personal page, Danish.
export const messages: typeof nbNO = {
  title: 'Bed om, at et menneske vurderer afgørelsen',
  automated: 'Truffet ved automatisk behandling, uden at et menneske var involveret.',
  decision: {
    lender: '{{lender}} afslog ansøgningen. Årsag: {{category}}.',
    validation: 'Ansøgningen blev standset i vores automatiske kontrol.',
    withheld:
      'Vi tilbageholdt tilbuddet fra {{lender}}, fordi det overskrider lovens grænser for rente og omkostninger.',
  },
  rights:
    'Du kan bede om, at en person hos os ser på afgørelsen igen, fortælle, hvordan du ser på sagen, og vedhæfte et dokument. Vi svarer inden for {{days}} dage og forklarer de vigtigste årsager. Når det var banken, der gav afslag, sender vi anmodningen til banken.',
  open: 'Vi modtog din anmodning {{date}}. Du får svar senest {{due}}.',
  answered: 'Vores svar ({{date}})',
  outcome: {
    upheld: 'Afgørelsen står ved magt.',
    changed: 'Afgørelsen er ændret.',
  },
  lender: {
    pending: '{{lender}}: venter på svar fra banken.',
    answered: '{{lender}} svarede:',
    failed: '{{lender}} kunne ikke nås. Vi vurderer afgørelsen selv.',
  },
  yourView: 'Det, du skrev',
  form: {
    open: 'Bed om manuel vurdering',
    viewLabel: 'Hvordan ser du på sagen?',
    viewHint: 'Mindst {{min}} og højst {{max}} tegn.',
    fileLabel: 'Vedhæft et dokument (valgfrit: pdf, jpeg eller png)',
    tooShort: 'Skriv mindst {{min}} tegn.',
    fileProblem: 'Filen skal være pdf, jpeg eller png og højst 20 MB.',
    submit: 'Send anmodningen',
    sending: 'Sender …',
    failed: 'Vi kunne ikke sende anmodningen. Prøv igen.',
  },
};
