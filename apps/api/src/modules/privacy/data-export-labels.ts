import type { Locale } from '@nordloan/domain/enums';

// The data export's PDF in the person's language (ADR 0069): headings and labels; values are the records'.

export type ExportLabelKey =
  | 'title'
  | 'generated'
  | 'person'
  | 'name'
  | 'birthDate'
  | 'nationalId'
  | 'email'
  | 'phone'
  | 'address'
  | 'citizenship'
  | 'customers'
  | 'applications'
  | 'role'
  | 'mainApplicant'
  | 'coApplicant'
  | 'product'
  | 'status'
  | 'amount'
  | 'duration'
  | 'created'
  | 'employer'
  | 'employmentType'
  | 'netIncome'
  | 'grossIncome'
  | 'consents'
  | 'terms'
  | 'documents'
  | 'messages'
  | 'calls'
  | 'answered'
  | 'notAnswered'
  | 'inquiries'
  | 'lender'
  | 'staffReads'
  | 'none'
  | 'years'
  | 'insurance'
  | 'bankData'
  | 'rateWatches'
  | 'saving'
  | 'debtRegister'
  | 'registerNO'
  | 'registerFI'
  | 'consentGiven'
  | 'purpose'
  | 'registerReference'
  | 'debtsFound'
  | 'creditLimit'
  | 'perMonth';

export const exportLabels: Record<Locale, Record<ExportLabelKey, string>> = {
  'nb-NO': {
    title: 'Dine data hos oss',
    generated: 'Laget',
    person: 'Om deg',
    name: 'Navn',
    birthDate: 'Fødselsdato',
    nationalId: 'Fødselsnummer',
    email: 'E-post',
    phone: 'Telefon',
    address: 'Adresse',
    citizenship: 'Statsborgerskap',
    customers: 'Kundeforhold',
    applications: 'Søknader',
    role: 'Din rolle',
    mainApplicant: 'Hovedsøker',
    coApplicant: 'Medsøker',
    product: 'Produkt',
    status: 'Status',
    amount: 'Beløp',
    duration: 'Løpetid',
    created: 'Opprettet',
    employer: 'Arbeidsgiver',
    employmentType: 'Ansettelsesform',
    netIncome: 'Netto inntekt per måned',
    grossIncome: 'Brutto årsinntekt',
    consents: 'Samtykker og historikk',
    terms: 'Vilkår du har godtatt',
    documents: 'Dokumenter',
    messages: 'Meldinger vi har sendt deg',
    calls: 'Samtaler',
    answered: 'besvart',
    notAnswered: 'ikke besvart',
    inquiries: 'Kredittsjekker',
    lender: 'Långiver',
    staffReads: 'Når våre ansatte så på dataene dine',
    none: 'Ingen',
    years: 'år',
    insurance: 'Forsikring',
    bankData: 'Bankdata (samtykke og tall)',
    rateWatches: 'Renteovervåking',
    saving: 'Besparelse',
    debtRegister: 'Gjeldsregisteret (samtykke og gjeld vi fikk)',
    registerNO: 'Gjeldsregisteret',
    registerFI: 'Det finske positive kredittregisteret',
    consentGiven: 'Samtykke gitt',
    purpose: 'Formål',
    registerReference: 'Registerets referanse',
    debtsFound: 'Gjeld registeret oppga',
    creditLimit: 'kredittramme',
    perMonth: 'per måned',
  },
  'sv-SE': {
    title: 'Dina uppgifter hos oss',
    generated: 'Skapad',
    person: 'Om dig',
    name: 'Namn',
    birthDate: 'Födelsedatum',
    nationalId: 'Personnummer',
    email: 'E-post',
    phone: 'Telefon',
    address: 'Adress',
    citizenship: 'Medborgarskap',
    customers: 'Kundrelationer',
    applications: 'Ansökningar',
    role: 'Din roll',
    mainApplicant: 'Huvudsökande',
    coApplicant: 'Medsökande',
    product: 'Produkt',
    status: 'Status',
    amount: 'Belopp',
    duration: 'Löptid',
    created: 'Skapad',
    employer: 'Arbetsgivare',
    employmentType: 'Anställningsform',
    netIncome: 'Nettoinkomst per månad',
    grossIncome: 'Bruttoinkomst per år',
    consents: 'Samtycken och historik',
    terms: 'Villkor du har godkänt',
    documents: 'Dokument',
    messages: 'Meddelanden vi har skickat dig',
    calls: 'Samtal',
    answered: 'besvarat',
    notAnswered: 'obesvarat',
    inquiries: 'Kreditupplysningar',
    lender: 'Långivare',
    staffReads: 'När vår personal läste dina uppgifter',
    none: 'Inga',
    years: 'år',
    insurance: 'Försäkring',
    bankData: 'Bankdata (samtycke och siffror)',
    rateWatches: 'Räntebevakning',
    saving: 'Besparing',
    debtRegister: 'Skuldregister (samtycke och skulder vi fick)',
    registerNO: 'Norska skuldregistret (Gjeldsregisteret)',
    registerFI: 'Finska positiva kreditupplysningsregistret',
    consentGiven: 'Samtycke givet',
    purpose: 'Ändamål',
    registerReference: 'Registrets referens',
    debtsFound: 'Skulder registret uppgav',
    creditLimit: 'kreditgräns',
    perMonth: 'per månad',
  },
  'fi-FI': {
    title: 'Tietosi meillä',
    generated: 'Luotu',
    person: 'Sinusta',
    name: 'Nimi',
    birthDate: 'Syntymäaika',
    nationalId: 'Henkilötunnus',
    email: 'Sähköposti',
    phone: 'Puhelin',
    address: 'Osoite',
    citizenship: 'Kansalaisuus',
    customers: 'Asiakkuudet',
    applications: 'Hakemukset',
    role: 'Roolisi',
    mainApplicant: 'Päähakija',
    coApplicant: 'Kanssahakija',
    product: 'Tuote',
    status: 'Tila',
    amount: 'Summa',
    duration: 'Laina-aika',
    created: 'Luotu',
    employer: 'Työnantaja',
    employmentType: 'Työsuhde',
    netIncome: 'Nettotulot kuukaudessa',
    grossIncome: 'Bruttotulot vuodessa',
    consents: 'Suostumukset ja niiden historia',
    terms: 'Hyväksymäsi ehdot',
    documents: 'Asiakirjat',
    messages: 'Sinulle lähettämämme viestit',
    calls: 'Puhelut',
    answered: 'vastattu',
    notAnswered: 'ei vastattu',
    inquiries: 'Luottotietojen tarkistukset',
    lender: 'Lainanantaja',
    staffReads: 'Milloin henkilökuntamme katsoi tietojasi',
    none: 'Ei yhtään',
    years: 'vuotta',
    insurance: 'Vakuutus',
    bankData: 'Pankkitiedot (suostumus ja luvut)',
    rateWatches: 'Koron seuranta',
    saving: 'Säästö',
    debtRegister: 'Luottotietorekisteri (suostumus ja saadut velat)',
    registerNO: 'Norjan velkarekisteri (Gjeldsregisteret)',
    registerFI: 'Positiivinen luottotietorekisteri',
    consentGiven: 'Suostumus annettu',
    purpose: 'Käyttötarkoitus',
    registerReference: 'Rekisterin viite',
    debtsFound: 'Rekisterin ilmoittamat velat',
    creditLimit: 'luottoraja',
    perMonth: 'kuukaudessa',
  },
  'da-DK': {
    title: 'Dine data hos os',
    generated: 'Dannet',
    person: 'Om dig',
    name: 'Navn',
    birthDate: 'Fødselsdato',
    nationalId: 'CPR-nummer',
    email: 'E-mail',
    phone: 'Telefon',
    address: 'Adresse',
    citizenship: 'Statsborgerskab',
    customers: 'Kundeforhold',
    applications: 'Ansøgninger',
    role: 'Din rolle',
    mainApplicant: 'Hovedansøger',
    coApplicant: 'Medansøger',
    product: 'Produkt',
    status: 'Status',
    amount: 'Beløb',
    duration: 'Løbetid',
    created: 'Oprettet',
    employer: 'Arbejdsgiver',
    employmentType: 'Ansættelsesform',
    netIncome: 'Nettoindkomst pr. måned',
    grossIncome: 'Bruttoindkomst pr. år',
    consents: 'Samtykker og historik',
    terms: 'Vilkår, du har accepteret',
    documents: 'Dokumenter',
    messages: 'Beskeder, vi har sendt dig',
    calls: 'Opkald',
    answered: 'besvaret',
    notAnswered: 'ikke besvaret',
    inquiries: 'Kreditvurderinger',
    lender: 'Långiver',
    staffReads: 'Hvornår vores medarbejdere så dine data',
    none: 'Ingen',
    years: 'år',
    insurance: 'Forsikring',
    bankData: 'Bankdata (samtykke og tal)',
    rateWatches: 'Renteovervågning',
    saving: 'Besparelse',
    debtRegister: 'Gældsregister (samtykke og gæld vi fik)',
    registerNO: 'Det norske gældsregister (Gjeldsregisteret)',
    registerFI: 'Det finske positive kreditregister',
    consentGiven: 'Samtykke givet',
    purpose: 'Formål',
    registerReference: 'Registrets reference',
    debtsFound: 'Gæld registret oplyste',
    creditLimit: 'kreditramme',
    perMonth: 'om måneden',
  },
};
