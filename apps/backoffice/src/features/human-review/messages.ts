import type { DeclineCategory } from '@nordloan/domain/lending/transparency';
import type { StaffLanguage } from '#src/shared/i18n/language.ts';

// The human-review queue's texts in the staff languages (issue 34 item 3, ADR 0065; the shared catalogues
// are at their size limit, so the feature keeps its own, as the erasure and lenders pages do).

interface HumanReviewTexts {
  nav: string;
  title: string;
  lead: string;
  open: string;
  answered: string;
  loading: string;
  none: string;
  asked: (date: string) => string;
  due: (date: string) => string;
  overdue: string;
  lendersPending: (count: number) => string;
  show: string;
  back: string;
  decisions: string;
  lenderDecline: (lender: string, category: string) => string;
  ourStop: string;
  withheld: (lender: string) => string;
  automated: string;
  view: string;
  document: string;
  lenders: string;
  lenderPending: string;
  lenderFailed: string;
  answer: string;
  upheld: string;
  changed: string;
  explanation: string;
  explanationHint: string;
  send: string;
  notSaved: string;
  answeredBy: (date: string) => string;
  application: string;
  categories: Record<DeclineCategory, string>;
}

const en: HumanReviewTexts = {
  nav: 'Human reviews',
  title: 'Human reviews of automated decisions',
  lead: 'Applicants who were declined ask for a person to look at the decision again (CCD2 art. 18). Answer by the due date with the main reasons, in words the applicant understands; the answer is sent in the brand’s language as you write it.',
  open: 'Open',
  answered: 'Answered',
  loading: 'Loading reviews …',
  none: 'No reviews here.',
  asked: (date) => `Asked ${date}`,
  due: (date) => `Due ${date}`,
  overdue: 'Overdue',
  lendersPending: (count) => `${count} lender answer(s) pending`,
  show: 'Open review',
  back: 'Back to the list',
  decisions: 'Decisions under review',
  lenderDecline: (lender, category) => `${lender} declined: ${category}`,
  ourStop: 'Stopped by our automated validation',
  withheld: (lender) => `Offer from ${lender} withheld by us (country cost cap)`,
  automated: 'automated',
  view: 'The applicant’s view',
  document: 'Attached document (see the documents tab)',
  lenders: 'The lenders’ answers',
  lenderPending: 'waiting for the lender',
  lenderFailed: 'could not be reached',
  answer: 'Your answer',
  upheld: 'The decision stands',
  changed: 'The decision is changed',
  explanation: 'Main reasons, for the applicant',
  explanationHint: '20 to 4000 characters, in the brand’s language.',
  send: 'Send the answer',
  notSaved: 'The answer was not sent',
  answeredBy: (date) => `Answered ${date}`,
  application: 'Application',
  categories: {
    identity: 'identity',
    address: 'address',
    'credit-history': 'credit history',
    'income-and-affordability': 'income and affordability',
    'lender-criteria': 'lender criteria',
    'co-applicant': 'co-applicant',
    'existing-application': 'existing application',
    'country-caps': 'country caps',
    technical: 'technical',
    other: 'other',
  },
};

const nb: HumanReviewTexts = {
  nav: 'Manuelle vurderinger',
  title: 'Manuell vurdering av automatiske avgjørelser',
  lead: 'Søkere som har fått avslag, ber om at en person ser på avgjørelsen igjen (forbrukerkredittdirektivet art. 18). Svar innen fristen med de viktigste årsakene, slik at søkeren forstår dem; svaret sendes slik du skriver det, på merkevarens språk.',
  open: 'Åpne',
  answered: 'Besvart',
  loading: 'Laster vurderinger …',
  none: 'Ingen vurderinger her.',
  asked: (date) => `Bedt om ${date}`,
  due: (date) => `Frist ${date}`,
  overdue: 'Over fristen',
  lendersPending: (count) => `${count} svar fra långiver venter`,
  show: 'Åpne vurderingen',
  back: 'Tilbake til listen',
  decisions: 'Avgjørelser som vurderes',
  lenderDecline: (lender, category) => `${lender} avslo: ${category}`,
  ourStop: 'Stoppet i vår automatiske kontroll',
  withheld: (lender) => `Tilbudet fra ${lender} holdt tilbake av oss (lovens kostnadsgrense)`,
  automated: 'automatisk',
  view: 'Søkerens syn',
  document: 'Vedlagt dokument (se fanen Dokumenter)',
  lenders: 'Långivernes svar',
  lenderPending: 'venter på långiveren',
  lenderFailed: 'kunne ikke nås',
  answer: 'Ditt svar',
  upheld: 'Avgjørelsen står ved lag',
  changed: 'Avgjørelsen endres',
  explanation: 'De viktigste årsakene, til søkeren',
  explanationHint: '20 til 4000 tegn, på merkevarens språk.',
  send: 'Send svaret',
  notSaved: 'Svaret ble ikke sendt',
  answeredBy: (date) => `Besvart ${date}`,
  application: 'Søknad',
  categories: {
    identity: 'identitet',
    address: 'adresse',
    'credit-history': 'betalingshistorikk',
    'income-and-affordability': 'inntekt og betjeningsevne',
    'lender-criteria': 'långiverens krav',
    'co-applicant': 'medsøker',
    'existing-application': 'eksisterende søknad',
    'country-caps': 'lovens grenser',
    technical: 'teknisk',
    other: 'annet',
  },
};

const sv: HumanReviewTexts = {
  nav: 'Manuella granskningar',
  title: 'Manuell granskning av automatiserade beslut',
  lead: 'Sökande som fått avslag begär att en person granskar beslutet igen (konsumentkreditdirektivet art. 18). Svara före tidsfristen med de viktigaste skälen, så att den sökande förstår dem; svaret skickas som du skriver det, på varumärkets språk.',
  open: 'Öppna',
  answered: 'Besvarade',
  loading: 'Hämtar granskningar …',
  none: 'Inga granskningar här.',
  asked: (date) => `Begärd ${date}`,
  due: (date) => `Svar senast ${date}`,
  overdue: 'Försenad',
  lendersPending: (count) => `${count} svar från långivare väntar`,
  show: 'Öppna granskningen',
  back: 'Tillbaka till listan',
  decisions: 'Beslut som granskas',
  lenderDecline: (lender, category) => `${lender} gav avslag: ${category}`,
  ourStop: 'Stoppad i vår automatiska kontroll',
  withheld: (lender) => `Erbjudandet från ${lender} hölls inne av oss (lagens kostnadstak)`,
  automated: 'automatiserat',
  view: 'Den sökandes synpunkter',
  document: 'Bifogat dokument (se fliken Dokument)',
  lenders: 'Långivarnas svar',
  lenderPending: 'väntar på långivaren',
  lenderFailed: 'gick inte att nå',
  answer: 'Ditt svar',
  upheld: 'Beslutet står fast',
  changed: 'Beslutet ändras',
  explanation: 'De viktigaste skälen, till den sökande',
  explanationHint: '20 till 4000 tecken, på varumärkets språk.',
  send: 'Skicka svaret',
  notSaved: 'Svaret skickades inte',
  answeredBy: (date) => `Besvarad ${date}`,
  application: 'Ansökan',
  categories: {
    identity: 'identitet',
    address: 'adress',
    'credit-history': 'betalningshistorik',
    'income-and-affordability': 'inkomst och återbetalningsförmåga',
    'lender-criteria': 'långivarens krav',
    'co-applicant': 'medsökande',
    'existing-application': 'befintlig ansökan',
    'country-caps': 'lagens gränser',
    technical: 'tekniskt',
    other: 'annat',
  },
};

const fi: HumanReviewTexts = {
  nav: 'Ihmisen arvioinnit',
  title: 'Automaattisten päätösten arviointi ihmisen toimesta',
  lead: 'Hylätyt hakijat pyytävät, että ihminen arvioi päätöksen uudelleen (kuluttajaluottodirektiivin 18 artikla). Vastaa määräaikaan mennessä tärkeimmillä syillä niin, että hakija ymmärtää ne; vastaus lähetetään sellaisenaan brändin kielellä.',
  open: 'Avoimet',
  answered: 'Vastatut',
  loading: 'Ladataan arviointeja …',
  none: 'Ei arviointeja.',
  asked: (date) => `Pyydetty ${date}`,
  due: (date) => `Määräaika ${date}`,
  overdue: 'Myöhässä',
  lendersPending: (count) => `${count} lainanantajan vastausta odottaa`,
  show: 'Avaa arviointi',
  back: 'Takaisin luetteloon',
  decisions: 'Arvioitavat päätökset',
  lenderDecline: (lender, category) => `${lender} hylkäsi: ${category}`,
  ourStop: 'Pysähtyi automaattiseen tarkistukseemme',
  withheld: (lender) => `Pidätimme tarjouksen (${lender}) lain kulukaton vuoksi`,
  automated: 'automaattinen',
  view: 'Hakijan näkemys',
  document: 'Liitetty asiakirja (katso Asiakirjat-välilehti)',
  lenders: 'Lainanantajien vastaukset',
  lenderPending: 'odottaa lainanantajaa',
  lenderFailed: 'ei tavoitettu',
  answer: 'Vastauksesi',
  upheld: 'Päätös pysyy',
  changed: 'Päätöstä muutetaan',
  explanation: 'Tärkeimmät syyt hakijalle',
  explanationHint: '20–4000 merkkiä, brändin kielellä.',
  send: 'Lähetä vastaus',
  notSaved: 'Vastausta ei lähetetty',
  answeredBy: (date) => `Vastattu ${date}`,
  application: 'Hakemus',
  categories: {
    identity: 'henkilöllisyys',
    address: 'osoite',
    'credit-history': 'maksuhistoria',
    'income-and-affordability': 'tulot ja maksukyky',
    'lender-criteria': 'lainanantajan vaatimukset',
    'co-applicant': 'kanssahakija',
    'existing-application': 'aiempi hakemus',
    'country-caps': 'lain rajat',
    technical: 'tekninen',
    other: 'muu',
  },
};

const da: HumanReviewTexts = {
  nav: 'Manuelle vurderinger',
  title: 'Manuel vurdering af automatiske afgørelser',
  lead: 'Ansøgere, der har fået afslag, beder om, at en person ser på afgørelsen igen (forbrugerkreditdirektivet art. 18). Svar inden fristen med de vigtigste årsager, så ansøgeren forstår dem; svaret sendes, som du skriver det, på brandets sprog.',
  open: 'Åbne',
  answered: 'Besvarede',
  loading: 'Henter vurderinger …',
  none: 'Ingen vurderinger her.',
  asked: (date) => `Anmodet ${date}`,
  due: (date) => `Frist ${date}`,
  overdue: 'Over fristen',
  lendersPending: (count) => `${count} svar fra långiver venter`,
  show: 'Åbn vurderingen',
  back: 'Tilbage til listen',
  decisions: 'Afgørelser, der vurderes',
  lenderDecline: (lender, category) => `${lender} gav afslag: ${category}`,
  ourStop: 'Standset i vores automatiske kontrol',
  withheld: (lender) => `Tilbuddet fra ${lender} tilbageholdt af os (lovens omkostningsloft)`,
  automated: 'automatisk',
  view: 'Ansøgerens synspunkt',
  document: 'Vedhæftet dokument (se fanen Dokumenter)',
  lenders: 'Långivernes svar',
  lenderPending: 'venter på långiveren',
  lenderFailed: 'kunne ikke nås',
  answer: 'Dit svar',
  upheld: 'Afgørelsen står ved magt',
  changed: 'Afgørelsen ændres',
  explanation: 'De vigtigste årsager, til ansøgeren',
  explanationHint: '20 til 4000 tegn, på brandets sprog.',
  send: 'Send svaret',
  notSaved: 'Svaret blev ikke sendt',
  answeredBy: (date) => `Besvaret ${date}`,
  application: 'Ansøgning',
  categories: {
    identity: 'identitet',
    address: 'adresse',
    'credit-history': 'betalingshistorik',
    'income-and-affordability': 'indkomst og betalingsevne',
    'lender-criteria': 'långiverens krav',
    'co-applicant': 'medansøger',
    'existing-application': 'eksisterende ansøgning',
    'country-caps': 'lovens grænser',
    technical: 'teknisk',
    other: 'andet',
  },
};

export const humanReviewTexts: Record<StaffLanguage, HumanReviewTexts> = { en, nb, sv, fi, da };
