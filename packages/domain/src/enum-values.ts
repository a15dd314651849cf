// Every enumeration of spec §3 "Enumerations" plus the closed value sets named elsewhere in §2–§4.
// Spelling is the spec's, character for character (e.g. 'Seperated', 'Maternity leave'): these values
// travel in the API contract and in stored data, so "fixing" them would break clients.
// Scheme: `xs` (as const) → `type X`; the zod schema of each, `xSchema`, is in ./enums.ts, which
// re-exports this module. Plain values without zod: the web app's first script imports them from here so
// that zod loads only with the pages that validate (ADR 0043).
// Staff and applicant role names live in ./auth.ts (`knownRoleNames`).

// ── Market ────────────────────────────────────────────────────────────────────────────────────────

export const countries = ['FI', 'DK', 'NO', 'SE'] as const;
export type Country = (typeof countries)[number];

export const currencies = ['DKK', 'EUR', 'NOK', 'SEK'] as const;
export type Currency = (typeof currencies)[number];

export const locales = ['nb-NO', 'sv-SE', 'fi-FI', 'da-DK'] as const;
export type Locale = (typeof locales)[number];

// §9: NOK, SEK, EUR, DKK; nb-NO, sv-SE, fi-FI, da-DK — one currency and one locale per country.
export const currencyByCountry = { FI: 'EUR', DK: 'DKK', NO: 'NOK', SE: 'SEK' } as const satisfies Record<
  Country,
  Currency
>;
export const localeByCountry = {
  FI: 'fi-FI',
  DK: 'da-DK',
  NO: 'nb-NO',
  SE: 'sv-SE',
} as const satisfies Record<Country, Locale>;

// ── Products, views, session layer ────────────────────────────────────────────────────────────────

// §3 Loan application "Product".
export const products = ['UnsecuredLoan', 'CreditCard', 'SecuredLoan', 'DiscoveryLoan'] as const;
export type Product = (typeof products)[number];

// §2 Data views: "combined with a product: unsecured-loan, credit-card, secured-loan or discovery-loan".
export const productSlugs = ['unsecured-loan', 'credit-card', 'secured-loan', 'discovery-loan'] as const;
export type ProductSlug = (typeof productSlugs)[number];

export const productSlugByProduct = {
  UnsecuredLoan: 'unsecured-loan',
  CreditCard: 'credit-card',
  SecuredLoan: 'secured-loan',
  DiscoveryLoan: 'discovery-loan',
} as const satisfies Record<Product, ProductSlug>;

export function productFromSlug(slug: ProductSlug): Product {
  const product = products.find((candidate) => productSlugByProduct[candidate] === slug);
  // Unreachable for a ProductSlug: the map above is total and one-to-one (tested).
  if (!product) throw new RangeError(`Unknown product slug: ${slug}`);
  return product;
}

// §2 Data views.
export const dataViews = ['applying', 'overview', 'results'] as const;
export type DataView = (typeof dataViews)[number];

// §3 Authentication state: auth method.
export const authMethods = ['session', 'app-magic-token', 'cross-domain', 'idp'] as const;
export type AuthMethod = (typeof authMethods)[number];

// §3 Auth store role; §4 token handling decides between them.
export const authRoles = ['person', 'customer'] as const;
export type AuthRole = (typeof authRoles)[number];

// §2 start parameter auth-origin: "global or local. Any other value is ignored."
export const authOrigins = ['global', 'local'] as const;
export type AuthOrigin = (typeof authOrigins)[number];

// §3 Loan data sets in the session layer: "status (idle, then success or error)".
export const dataSetStatuses = ['idle', 'success', 'error'] as const;
export type DataSetStatus = (typeof dataSetStatuses)[number];

// §4 Authentication flow: customer and person records each track "loading, error or success".
export const recordLoadStatuses = ['idle', 'loading', 'error', 'success'] as const;
export type RecordLoadStatus = (typeof recordLoadStatuses)[number];

// §3 "{id, mode 'edit', createdAt, updatedAt}" — the only interaction mode the spec names.
export const interactionModes = ['edit'] as const;
export type InteractionMode = (typeof interactionModes)[number];

// §3 Person, customer and other records: entity types named.
export const entityTypes = [
  'Customer',
  'Client',
  'LoanApplication',
  'Person',
  'LoanQuote',
  'LoanRequest',
  'InsurancePolicy',
  'InsuranceRequest',
  'CustomerConsent',
  'Lender',
] as const;
export type EntityType = (typeof entityTypes)[number];

// ── Documents ─────────────────────────────────────────────────────────────────────────────────────

// §3 Document categories.
export const documentCategories = ['payslip', 'tax-return', 'property-value', 'other'] as const;
export type DocumentCategory = (typeof documentCategories)[number];

// §3 "secured-loan case documents use payslip, tax-return, other".
export const securedLoanDocumentCategories = [
  'payslip',
  'tax-return',
  'other',
] as const satisfies readonly DocumentCategory[];
export type SecuredLoanDocumentCategory = (typeof securedLoanDocumentCategories)[number];

export const documentOwners = ['main-applicant', 'co-applicant'] as const;
export type DocumentOwner = (typeof documentOwners)[number];

// §5 / §9 secured-loan upload file types.
export const securedLoanUploadFileTypes = ['pdf', 'jpeg', 'png'] as const;
export type SecuredLoanUploadFileType = (typeof securedLoanUploadFileTypes)[number];

// ── Brand configuration ───────────────────────────────────────────────────────────────────────────

export const featureModes = ['enabled', 'disabled', 'mandatory'] as const;
export type FeatureMode = (typeof featureModes)[number];

// §3 "Approval: new, approved, denied (use not shown)".
export const approvalStatuses = ['new', 'approved', 'denied'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

// ── Applicants ────────────────────────────────────────────────────────────────────────────────────

export const applicantRoles = ['MainApplicant', 'CoApplicant'] as const;
export type ApplicantRole = (typeof applicantRoles)[number];

// §3 "(the back-office adds Combined)".
export const backOfficeApplicantRoles = [...applicantRoles, 'Combined'] as const;
export type BackOfficeApplicantRole = (typeof backOfficeApplicantRoles)[number];

export const applicantModes = ['Normal', 'SwapApplicants', 'OnlyMainApplicant', 'OnlyCoApplicant'] as const;
export type ApplicantMode = (typeof applicantModes)[number];

export const maritalStatuses = [
  'Married',
  'Single',
  'Cohabiting',
  'Divorced',
  'Seperated',
  'Widowed',
] as const;
export type MaritalStatus = (typeof maritalStatuses)[number];

export const educationLevels = [
  'Elementary school',
  'Vocational school',
  'High school',
  'Higher education',
] as const;
export type EducationLevel = (typeof educationLevels)[number];

export const employmentTypes = [
  'PermanentPublic',
  'Permanent',
  'Temporary',
  'Entrepreneur',
  'Pensioner',
  'Student',
  'Maternity leave',
  'Unemployed',
  'Disabled',
  'Rehabilitation',
  'Early retirement',
  'Farmer',
  'Parental leave',
  'Sick Pensioner',
  'Probationary',
  'Project',
  'Hourly',
] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const jobLevels = [
  'Employee',
  'Lower officer',
  'Upper officer',
  'Leader',
  'Entrepreneur',
  'Farmer',
  'Lower-level employee',
  'Management',
  'Pensioner',
  'Senior-level employee',
  'Student',
] as const;
export type JobLevel = (typeof jobLevels)[number];

// §3 gives only "about 27 values, from Agriculture to Unknown". The list in between is OUR CHOICE,
// modelled on the NACE rev. 2 sections that Nordic lenders ask for, split where lenders care
// (fishing, defence, police) and ending in 'Other' and 'Unknown'.
export const industries = [
  'Agriculture',
  'Forestry',
  'Fishing and aquaculture',
  'Mining and quarrying',
  'Oil and gas',
  'Manufacturing',
  'Energy supply',
  'Water supply and waste management',
  'Construction',
  'Wholesale and retail trade',
  'Transport and storage',
  'Hotels and restaurants',
  'Information and communication',
  'Finance and insurance',
  'Real estate',
  'Professional, scientific and technical services',
  'Administrative and support services',
  'Public administration',
  'Defence',
  'Police and security',
  'Education',
  'Health care',
  'Social care',
  'Arts, entertainment and recreation',
  'Other services',
  'Other',
  'Unknown',
] as const;
export type Industry = (typeof industries)[number];

// §3 gives 22 values and names eight of them (the first eight below). The other fourteen are OUR CHOICE,
// from the purposes Nordic brokers commonly offer.
export const loanPurposes = [
  'Refinancing loan',
  'Renovation',
  'Vehicle',
  'Holiday',
  'Wedding',
  'Studies',
  'Dentist',
  'Housing',
  'Consumption',
  'Boat',
  'Motorcycle',
  'Caravan',
  'Furniture',
  'Electronics',
  'Medical expenses',
  'Moving',
  'Event',
  'Investment',
  'Business',
  'Equity',
  'Buffer',
  'Other',
] as const;
export type LoanPurpose = (typeof loanPurposes)[number];

export const livingSituations = [
  'Own house',
  'Own apartment',
  'Rental',
  'Partners House',
  'Company owned flat',
  'Cohabitant',
  'Tenant',
  'Cooperative apartment',
  'With parents',
] as const;
export type LivingSituation = (typeof livingSituations)[number];

export const propertyHousingTypes = [
  'Apartment building',
  'Detached house',
  'Townhouse/semi-detached house',
] as const;
export type PropertyHousingType = (typeof propertyHousingTypes)[number];

export const carOwnerships = ['Owned', 'Leased', 'Company'] as const;
export type CarOwnership = (typeof carOwnerships)[number];

// ── Debts and expenses ────────────────────────────────────────────────────────────────────────────

export const debtTypes = [
  'Personal',
  'Housing',
  'Student',
  'Car',
  'CreditCard',
  'CarMCBoat',
  'Unspecified',
  'Unsecured',
  'Collection',
] as const;
export type DebtType = (typeof debtTypes)[number];

// §3 "Debt sources: 1 and 2 (2 is a national debt register)". Meaning of 1 is not given; we read it as
// the applicant's own statement, the only other source a broker has.
export const debtSources = [1, 2] as const;
export type DebtSource = (typeof debtSources)[number];
export const selfReportedDebtSource = 1 satisfies DebtSource;
export const nationalDebtRegisterDebtSource = 2 satisfies DebtSource;

// §3 "Expense categories: 1 TVPhoneInternet, 2 Transport, 3 Electricity, 4 Water, 5 Heating, 6 Insurance".
// The numeric id is what is stored and sent; the name is for people and logs.
export const expenseCategories = [
  { id: 1, name: 'TVPhoneInternet' },
  { id: 2, name: 'Transport' },
  { id: 3, name: 'Electricity' },
  { id: 4, name: 'Water' },
  { id: 5, name: 'Heating' },
  { id: 6, name: 'Insurance' },
] as const;
export const expenseCategoryIds = [1, 2, 3, 4, 5, 6] as const;
export type ExpenseCategoryId = (typeof expenseCategoryIds)[number];
export const expenseCategoryNames = [
  'TVPhoneInternet',
  'Transport',
  'Electricity',
  'Water',
  'Heating',
  'Insurance',
] as const;
export type ExpenseCategoryName = (typeof expenseCategoryNames)[number];

export function expenseCategoryName(id: ExpenseCategoryId): ExpenseCategoryName {
  return expenseCategoryNames[id - 1]!;
}
export function expenseCategoryId(name: ExpenseCategoryName): ExpenseCategoryId {
  return expenseCategoryIds[expenseCategoryNames.indexOf(name)]!;
}

// ── Application lifecycle ─────────────────────────────────────────────────────────────────────────

export const cloneOrigins = ['Cloned', 'ManuallyCreated'] as const;
export type CloneOrigin = (typeof cloneOrigins)[number];

// §3 "Providers: two values, 0 and 1" — their meaning is not shown.
export const providers = [0, 1] as const;
export type Provider = (typeof providers)[number];

// §3 "Other named values: … Withdrawn-by-customer, Automatic end status". We use them as the reasons an
// application is ended/archived (POST /loan-application/{id}/archive); that use is our reading.
export const archiveReasons = ['Withdrawn-by-customer', 'Automatic end status'] as const;
export type ArchiveReason = (typeof archiveReasons)[number];

// §3 entry sources (where an offer acceptance or change came from).
export const entrySources = ['MyPage', 'AutoAccept', 'ACE'] as const;
export type EntrySource = (typeof entrySources)[number];

// §3 domain event names.
export const eventNames = [
  'loan-quote-registered',
  'loan-quote-approved',
  'loan-quote-not-approved',
  'loan-quote-cancelled',
  'application-registration-complete',
  'loan-application-status-changed',
  'steps-initiated',
  'step-advanced',
  'steps-completed',
] as const;
export type EventName = (typeof eventNames)[number];

// Events of our own between the API's modules, not §3's: compliance's screening results, which the lending
// engine and the back office react to (docs/decisions/0056). They go through the same outbox.
export const moduleEventNames = ['application-screened', 'screening-decided'] as const;
export type ModuleEventName = (typeof moduleEventNames)[number];

// §4 Client-side flow events: the one list (the web's tracking is typed by it). The spec words the modal
// and payment-provider events in prose ("open and close change-offer modal", "payment-provider event"); each
// is spelled as its words in kebab case, so 'payment-provider-event' (docs/decisions/0018).
export const clientFlowEvents = [
  'view-step',
  'select-coverage',
  'open-product-fact-sheet',
  'open-pre-purchase-information',
  'unhandled-error',
  'loan-quote-presentation-loaded',
  'go-to-bank',
  'toggle-details',
  'open-change-offer-modal',
  'close-change-offer-modal',
  'change-offer',
  'open-accept-offer-modal',
  'close-accept-offer-modal',
  'accept-offer',
  'payment-provider-event',
  'insurance-declined',
  'insurance-declined-during-payment',
  'payment-failed',
  'insurance-next',
  'insurance-back',
] as const;
export type ClientFlowEvent = (typeof clientFlowEvents)[number];

// ── Offers and quotes ─────────────────────────────────────────────────────────────────────────────

export const offerTypes = ['Dual Offer', 'Annuity'] as const;
export type OfferType = (typeof offerTypes)[number];

export const loanKinds = ['Consumer', 'Refinance', 'Combo', 'Topup'] as const;
export type LoanKind = (typeof loanKinds)[number];

export const offerAcceptanceStatuses = ['pending', 'accepted', 'already-accepted', 'failed'] as const;
export type OfferAcceptanceStatus = (typeof offerAcceptanceStatuses)[number];

export const creditProductTypes = ['chargeCard', 'repaymentLoan', 'creditFacility'] as const;
export type CreditProductType = (typeof creditProductTypes)[number];

export const registrationStatuses = ['registration', 're-registration', 'completed'] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

// ── Back-office documents ─────────────────────────────────────────────────────────────────────────

export const documentRequestStatuses = ['pending', 'received', 'resolved', 'sent'] as const;
export type DocumentRequestStatus = (typeof documentRequestStatuses)[number];

export const documentActions = ['upload', 'sign', 'identify'] as const;
export type DocumentAction = (typeof documentActions)[number];

export const documentTimings = ['before_acceptance', 'before_approval', 'before_disbursement'] as const;
export type DocumentTiming = (typeof documentTimings)[number];

// ── Back-office lists ─────────────────────────────────────────────────────────────────────────────

export const sortOrders = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof sortOrders)[number];

export const assignmentViews = ['all', 'mine'] as const;
export type AssignmentView = (typeof assignmentViews)[number];

export const selectionModes = ['all', 'one', 'multiple'] as const;
export type SelectionMode = (typeof selectionModes)[number];

// §3 Call order OutboundNumberType.
export const outboundNumberTypes = ['broker', 'agent', 'uscore'] as const;
export type OutboundNumberType = (typeof outboundNumberTypes)[number];

export const addressKinds = ['Special', 'Abroad', 'Co', 'Box', 'Poste Restante', 'Fack'] as const;
export type AddressKind = (typeof addressKinds)[number];

export const lookupStatuses = ['requested', 'success', 'missing_data', 'error'] as const;
export type LookupStatus = (typeof lookupStatuses)[number];

// ── Consent and messaging ─────────────────────────────────────────────────────────────────────────

export const consentStatuses = ['given', 'not_given', 'revoked'] as const;
export type ConsentStatus = (typeof consentStatuses)[number];

export const consentChannels = ['email', 'sms', 'phone'] as const;
export type ConsentChannel = (typeof consentChannels)[number];

export const consentPurposes = ['marketing', 'transactional'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

export const emailEvents = ['sent', 'received', 'opened', 'clicked', 'bounced'] as const;
export type EmailEvent = (typeof emailEvents)[number];

export const smsStatuses = ['new', 'in_flight', 'sent', 'failed'] as const;
export type SmsStatus = (typeof smsStatuses)[number];

export const linkStatuses = ['sent', 'delivered', 'clicked', 'bounced'] as const;
export type LinkStatus = (typeof linkStatuses)[number];

// ── Insurance and payment mandates ────────────────────────────────────────────────────────────────

export const insuranceDecisions = ['approved', 'denied', 'new'] as const;
export type InsuranceDecision = (typeof insuranceDecisions)[number];

export const insuranceTerminationReasons = [
  'customer-withdrew',
  'customer-terminated',
  'age',
  'death',
  'insolvency',
  'multiple-policies',
  'screening',
  'max-compensation',
  'emigration',
] as const;
export type InsuranceTerminationReason = (typeof insuranceTerminationReasons)[number];

// §7 Payment mandate: /insurance-payment-mandate/{kind}.
export const paymentMandateKinds = ['bankid', 'bs', 'card', 'kid'] as const;
export type PaymentMandateKind = (typeof paymentMandateKinds)[number];
