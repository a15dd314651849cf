import type { StaffLanguage } from '#src/shared/i18n/language.ts';

// The debt-register inquiry's texts on the Finances tab (ADR 0079) in the staff languages; the feature keeps
// its own, as the erasure queue does (the shared catalogues are at their size limit).

export interface DebtRegisterTexts {
  heading: string;
  loading: string;
  none: string;
  notReadable: string;
  registers: Record<string, string>;
  asked: (date: string) => string;
  consent: (date: string) => string;
  scope: string;
  purpose: string;
  failed: Record<string, string>;
  found: (count: number) => string;
  nothingFound: string;
  creditor: string;
  type: string;
  drawn: string;
  limit: string;
  counted: string;
  monthly: string;
  rate: string;
  corrected: string;
  audited: string;
}

export const debtRegisterTexts: Record<StaffLanguage, DebtRegisterTexts> = {
  en: {
    heading: 'Debt register inquiry',
    loading: 'Reading the debt register inquiry…',
    none: 'The applicant has not asked the debt register.',
    notReadable: 'Not readable with your role in this country.',
    registers: {
      'NO-GJELDSREGISTERET': 'Gjeldsregisteret (Norway)',
      'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI': 'Positive credit register (Finland)',
    },
    asked: (date) => `Asked ${date}`,
    consent: (date) => `Consent given ${date}`,
    scope: 'Scope',
    purpose: 'Purpose',
    failed: {
      REGISTER_UNAVAILABLE: 'The register did not answer; the applicant went on without it.',
      REGISTER_TIMEOUT: 'The register took too long; the applicant went on without it.',
      REGISTER_INVALID_ANSWER: 'The register’s answer could not be read; the applicant went on without it.',
    },
    found: (count) => (count === 1 ? '1 debt returned' : `${count} debts returned`),
    nothingFound: 'The register returned no debts.',
    creditor: 'Creditor',
    type: 'Type',
    drawn: 'Drawn',
    limit: 'Limit',
    counted: 'Counted',
    monthly: 'A month',
    rate: 'Rate',
    corrected: 'Corrected by the applicant',
    audited: 'This read is logged.',
  },
  nb: {
    heading: 'Oppslag i gjeldsregisteret',
    loading: 'Henter oppslaget i gjeldsregisteret …',
    none: 'Søkeren har ikke hentet gjeld fra gjeldsregisteret.',
    notReadable: 'Ikke lesbart med din rolle i dette landet.',
    registers: {
      'NO-GJELDSREGISTERET': 'Gjeldsregisteret (Norge)',
      'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI': 'Det positive kredittregisteret (Finland)',
    },
    asked: (date) => `Hentet ${date}`,
    consent: (date) => `Samtykke gitt ${date}`,
    scope: 'Omfang',
    purpose: 'Formål',
    failed: {
      REGISTER_UNAVAILABLE: 'Registeret svarte ikke; søkeren gikk videre uten.',
      REGISTER_TIMEOUT: 'Registeret brukte for lang tid; søkeren gikk videre uten.',
      REGISTER_INVALID_ANSWER: 'Svaret fra registeret kunne ikke leses; søkeren gikk videre uten.',
    },
    found: (count) => (count === 1 ? '1 gjeldspost returnert' : `${count} gjeldsposter returnert`),
    nothingFound: 'Registeret returnerte ingen gjeld.',
    creditor: 'Kreditor',
    type: 'Type',
    drawn: 'Brukt',
    limit: 'Ramme',
    counted: 'Regnes som',
    monthly: 'Per måned',
    rate: 'Rente',
    corrected: 'Rettet av søkeren',
    audited: 'Denne lesingen logges.',
  },
  sv: {
    heading: 'Uppslag i skuldregistret',
    loading: 'Hämtar uppslaget i skuldregistret …',
    none: 'Sökanden har inte hämtat skulder från skuldregistret.',
    notReadable: 'Inte läsbart med din roll i det här landet.',
    registers: {
      'NO-GJELDSREGISTERET': 'Gjeldsregisteret (Norge)',
      'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI': 'Positiva kreditupplysningsregistret (Finland)',
    },
    asked: (date) => `Hämtat ${date}`,
    consent: (date) => `Samtycke givet ${date}`,
    scope: 'Omfattning',
    purpose: 'Ändamål',
    failed: {
      REGISTER_UNAVAILABLE: 'Registret svarade inte; sökanden gick vidare utan.',
      REGISTER_TIMEOUT: 'Registret tog för lång tid; sökanden gick vidare utan.',
      REGISTER_INVALID_ANSWER: 'Registrets svar gick inte att läsa; sökanden gick vidare utan.',
    },
    found: (count) => (count === 1 ? '1 skuld returnerad' : `${count} skulder returnerade`),
    nothingFound: 'Registret returnerade inga skulder.',
    creditor: 'Kreditgivare',
    type: 'Typ',
    drawn: 'Utnyttjat',
    limit: 'Gräns',
    counted: 'Räknas som',
    monthly: 'Per månad',
    rate: 'Ränta',
    corrected: 'Rättad av sökanden',
    audited: 'Den här läsningen loggas.',
  },
  fi: {
    heading: 'Luottotietorekisterin haku',
    loading: 'Haetaan rekisterihaun tietoja …',
    none: 'Hakija ei ole hakenut velkoja rekisteristä.',
    notReadable: 'Ei luettavissa roolillasi tässä maassa.',
    registers: {
      'NO-GJELDSREGISTERET': 'Gjeldsregisteret (Norja)',
      'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI': 'Positiivinen luottotietorekisteri (Suomi)',
    },
    asked: (date) => `Haettu ${date}`,
    consent: (date) => `Suostumus annettu ${date}`,
    scope: 'Laajuus',
    purpose: 'Käyttötarkoitus',
    failed: {
      REGISTER_UNAVAILABLE: 'Rekisteri ei vastannut; hakija jatkoi ilman.',
      REGISTER_TIMEOUT: 'Rekisteri vastasi liian hitaasti; hakija jatkoi ilman.',
      REGISTER_INVALID_ANSWER: 'Rekisterin vastausta ei voitu lukea; hakija jatkoi ilman.',
    },
    found: (count) => (count === 1 ? '1 velka palautettiin' : `${count} velkaa palautettiin`),
    nothingFound: 'Rekisteri ei palauttanut velkoja.',
    creditor: 'Velkoja',
    type: 'Tyyppi',
    drawn: 'Käytetty',
    limit: 'Raja',
    counted: 'Lasketaan',
    monthly: 'Kuukaudessa',
    rate: 'Korko',
    corrected: 'Hakija korjannut',
    audited: 'Tämä luku kirjataan lokiin.',
  },
  da: {
    heading: 'Opslag i gældsregistret',
    loading: 'Henter opslaget i gældsregistret …',
    none: 'Ansøgeren har ikke hentet gæld fra gældsregistret.',
    notReadable: 'Ikke læsbart med din rolle i dette land.',
    registers: {
      'NO-GJELDSREGISTERET': 'Gjeldsregisteret (Norge)',
      'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI': 'Det positive kreditregister (Finland)',
    },
    asked: (date) => `Hentet ${date}`,
    consent: (date) => `Samtykke givet ${date}`,
    scope: 'Omfang',
    purpose: 'Formål',
    failed: {
      REGISTER_UNAVAILABLE: 'Registret svarede ikke; ansøgeren gik videre uden.',
      REGISTER_TIMEOUT: 'Registret var for længe om at svare; ansøgeren gik videre uden.',
      REGISTER_INVALID_ANSWER: 'Registrets svar kunne ikke læses; ansøgeren gik videre uden.',
    },
    found: (count) => (count === 1 ? '1 gældspost returneret' : `${count} gældsposter returneret`),
    nothingFound: 'Registret returnerede ingen gæld.',
    creditor: 'Kreditor',
    type: 'Type',
    drawn: 'Trukket',
    limit: 'Ramme',
    counted: 'Tælles som',
    monthly: 'Om måneden',
    rate: 'Rente',
    corrected: 'Rettet af ansøgeren',
    audited: 'Denne læsning logges.',
  },
};
