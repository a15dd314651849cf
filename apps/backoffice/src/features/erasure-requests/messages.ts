import type { ErasureCategory } from '@nordloan/domain/privacy';
import type { StaffLanguage } from '#src/shared/i18n/language.ts';

// The erasure queue's texts in the staff languages (issue 36 item 3; the shared catalogues are at their
// size limit, so the feature keeps its own, as the lenders page does).

interface ErasureTexts {
  nav: string;
  title: string;
  lead: string;
  open: string;
  closed: string;
  loading: string;
  none: string;
  requested: (date: string) => string;
  person: (id: string) => string;
  erasedNow: string;
  personErased: string;
  nothingErased: string;
  kept: string;
  nothingKept: string;
  until: (date: string) => string;
  untilOpen: string;
  note: string;
  close: string;
  closedAt: (date: string) => string;
  notSaved: string;
  closedNotice: string;
  categories: Record<ErasureCategory, string>;
}

const categoriesEn: Record<ErasureCategory, string> = {
  person: 'Identity and address',
  'contact-details': 'E-mail and phone',
  applications: 'Application',
  documents: 'Documents',
  messages: 'Messages',
  'marketing-consents': 'Marketing consents (revoked)',
  'consent-history': 'Consent history',
  'credit-inquiries': 'Credit inquiries',
  bookkeeping: 'Bookkeeping voucher',
  'audit-log': 'Audit log',
};

export const erasureTexts: Record<StaffLanguage, ErasureTexts> = {
  en: {
    nav: 'Erasure requests',
    title: 'Erasure requests',
    lead: 'What the law let go was erased when the customer asked; what it keeps is listed with its law and date. Check the list, answer the customer if needed, and close the request.',
    open: 'Open',
    closed: 'Closed',
    loading: 'Loading erasure requests…',
    none: 'No erasure requests.',
    requested: (date) => `Requested ${date}`,
    person: (id) => `Person ${id}`,
    erasedNow: 'Erased at once',
    personErased: 'The person was anonymised at once.',
    nothingErased: 'Nothing could be erased at once.',
    kept: 'Kept by law',
    nothingKept: 'Nothing is kept.',
    until: (date) => `until ${date}`,
    untilOpen: 'until five years after the application ends',
    note: 'Note (optional)',
    close: 'Close request',
    closedAt: (date) => `Closed ${date}`,
    notSaved: 'The request was not closed',
    closedNotice: 'The request is closed.',
    categories: categoriesEn,
  },
  nb: {
    nav: 'Sletteforespørsler',
    title: 'Sletteforespørsler',
    lead: 'Det loven lot oss slette, ble slettet da kunden ba om det; det loven pålegger oss å beholde, står med lov og dato. Kontroller listen, svar kunden ved behov og lukk forespørselen.',
    open: 'Åpne',
    closed: 'Lukket',
    loading: 'Henter sletteforespørsler …',
    none: 'Ingen sletteforespørsler.',
    requested: (date) => `Mottatt ${date}`,
    person: (id) => `Person ${id}`,
    erasedNow: 'Slettet med en gang',
    personErased: 'Personen ble anonymisert med en gang.',
    nothingErased: 'Ingenting kunne slettes med en gang.',
    kept: 'Beholdes etter lov',
    nothingKept: 'Ingenting beholdes.',
    until: (date) => `til ${date}`,
    untilOpen: 'til fem år etter at søknaden er avsluttet',
    note: 'Notat (valgfritt)',
    close: 'Lukk forespørselen',
    closedAt: (date) => `Lukket ${date}`,
    notSaved: 'Forespørselen ble ikke lukket',
    closedNotice: 'Forespørselen er lukket.',
    categories: {
      person: 'Identitet og adresse',
      'contact-details': 'E-post og telefon',
      applications: 'Søknad',
      documents: 'Dokumenter',
      messages: 'Meldinger',
      'marketing-consents': 'Markedsføringssamtykker (trukket tilbake)',
      'consent-history': 'Samtykkehistorikk',
      'credit-inquiries': 'Kredittsjekker',
      bookkeeping: 'Regnskapsbilag',
      'audit-log': 'Revisjonslogg',
    },
  },
  sv: {
    nav: 'Raderingsbegäranden',
    title: 'Raderingsbegäranden',
    lead: 'Det som lagen tillät raderades när kunden begärde det; det som lagen kräver att vi sparar står med lag och datum. Kontrollera listan, svara kunden vid behov och stäng begäran.',
    open: 'Öppna',
    closed: 'Stängda',
    loading: 'Hämtar raderingsbegäranden …',
    none: 'Inga raderingsbegäranden.',
    requested: (date) => `Mottagen ${date}`,
    person: (id) => `Person ${id}`,
    erasedNow: 'Raderat direkt',
    personErased: 'Personen anonymiserades direkt.',
    nothingErased: 'Inget kunde raderas direkt.',
    kept: 'Sparas enligt lag',
    nothingKept: 'Inget sparas.',
    until: (date) => `till ${date}`,
    untilOpen: 'till fem år efter att ansökan har avslutats',
    note: 'Anteckning (valfri)',
    close: 'Stäng begäran',
    closedAt: (date) => `Stängd ${date}`,
    notSaved: 'Begäran stängdes inte',
    closedNotice: 'Begäran är stängd.',
    categories: {
      person: 'Identitet och adress',
      'contact-details': 'E-post och telefon',
      applications: 'Ansökan',
      documents: 'Dokument',
      messages: 'Meddelanden',
      'marketing-consents': 'Samtycken till marknadsföring (återkallade)',
      'consent-history': 'Samtyckeshistorik',
      'credit-inquiries': 'Kreditupplysningar',
      bookkeeping: 'Bokföringsunderlag',
      'audit-log': 'Granskningslogg',
    },
  },
  fi: {
    nav: 'Poistopyynnöt',
    title: 'Poistopyynnöt',
    lead: 'Se, minkä laki salli, poistettiin asiakkaan pyynnöstä heti; se, mitä laki velvoittaa säilyttämään, näkyy lain ja päivämäärän kanssa. Tarkista luettelo, vastaa asiakkaalle tarvittaessa ja sulje pyyntö.',
    open: 'Avoimet',
    closed: 'Suljetut',
    loading: 'Haetaan poistopyyntöjä …',
    none: 'Ei poistopyyntöjä.',
    requested: (date) => `Vastaanotettu ${date}`,
    person: (id) => `Henkilö ${id}`,
    erasedNow: 'Poistettu heti',
    personErased: 'Henkilö anonymisoitiin heti.',
    nothingErased: 'Mitään ei voitu poistaa heti.',
    kept: 'Säilytetään lain perusteella',
    nothingKept: 'Mitään ei säilytetä.',
    until: (date) => `${date} asti`,
    untilOpen: 'viisi vuotta hakemuksen päättymisen jälkeen',
    note: 'Muistiinpano (valinnainen)',
    close: 'Sulje pyyntö',
    closedAt: (date) => `Suljettu ${date}`,
    notSaved: 'Pyyntöä ei suljettu',
    closedNotice: 'Pyyntö on suljettu.',
    categories: {
      person: 'Henkilöllisyys ja osoite',
      'contact-details': 'Sähköposti ja puhelin',
      applications: 'Hakemus',
      documents: 'Asiakirjat',
      messages: 'Viestit',
      'marketing-consents': 'Markkinointisuostumukset (peruttu)',
      'consent-history': 'Suostumushistoria',
      'credit-inquiries': 'Luottotietojen tarkistukset',
      bookkeeping: 'Kirjanpitotosite',
      'audit-log': 'Tarkastusloki',
    },
  },
  da: {
    nav: 'Sletteanmodninger',
    title: 'Sletteanmodninger',
    lead: 'Det, loven tillod, blev slettet, da kunden bad om det; det, loven pålægger os at gemme, står med lov og dato. Kontrollér listen, svar kunden efter behov og luk anmodningen.',
    open: 'Åbne',
    closed: 'Lukkede',
    loading: 'Henter sletteanmodninger …',
    none: 'Ingen sletteanmodninger.',
    requested: (date) => `Modtaget ${date}`,
    person: (id) => `Person ${id}`,
    erasedNow: 'Slettet med det samme',
    personErased: 'Personen blev anonymiseret med det samme.',
    nothingErased: 'Intet kunne slettes med det samme.',
    kept: 'Gemmes efter loven',
    nothingKept: 'Intet gemmes.',
    until: (date) => `til ${date}`,
    untilOpen: 'til fem år efter, at ansøgningen er afsluttet',
    note: 'Note (valgfri)',
    close: 'Luk anmodningen',
    closedAt: (date) => `Lukket ${date}`,
    notSaved: 'Anmodningen blev ikke lukket',
    closedNotice: 'Anmodningen er lukket.',
    categories: {
      person: 'Identitet og adresse',
      'contact-details': 'E-mail og telefon',
      applications: 'Ansøgning',
      documents: 'Dokumenter',
      messages: 'Beskeder',
      'marketing-consents': 'Samtykker til markedsføring (trukket tilbage)',
      'consent-history': 'Samtykkehistorik',
      'credit-inquiries': 'Kreditvurderinger',
      bookkeeping: 'Regnskabsbilag',
      'audit-log': 'Revisionslog',
    },
  },
};
