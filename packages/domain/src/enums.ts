import { z } from 'zod';

// Every enumeration of spec §3 "Enumerations" plus the closed value sets named elsewhere in §2–§4.
// Spelling is the spec's, character for character (e.g. 'Seperated', 'Maternity leave'): these values
// travel in the API contract and in stored data, so "fixing" them would break clients.
// Scheme: `xs` (as const) → `xSchema` (z.enum) → `type X`.
// Staff and applicant role names live in ./auth.ts (`knownRoleNames`).

// ── Market ────────────────────────────────────────────────────────────────────────────────────────

export const countries = ['FI', 'DK', 'NO', 'SE'] as const;
export const countrySchema = z.enum(countries);
export type Country = z.infer<typeof countrySchema>;

export const currencies = ['DKK', 'EUR', 'NOK', 'SEK'] as const;
export const currencySchema = z.enum(currencies);
export type Currency = z.infer<typeof currencySchema>;

export const locales = ['nb-NO', 'sv-SE', 'fi-FI', 'da-DK'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;

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
export const productSchema = z.enum(products);
export type Product = z.infer<typeof productSchema>;

// §2 Data views: "combined with a product: unsecured-loan, credit-card, secured-loan or discovery-loan".
export const productSlugs = ['unsecured-loan', 'credit-card', 'secured-loan', 'discovery-loan'] as const;
export const productSlugSchema = z.enum(productSlugs);
export type ProductSlug = z.infer<typeof productSlugSchema>;

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
export const dataViewSchema = z.enum(dataViews);
export type DataView = z.infer<typeof dataViewSchema>;

// §3 Authentication state: auth method.
export const authMethods = ['session', 'app-magic-token', 'cross-domain', 'idp'] as const;
export const authMethodSchema = z.enum(authMethods);
export type AuthMethod = z.infer<typeof authMethodSchema>;

// §3 Auth store role; §4 token handling decides between them.
export const authRoles = ['person', 'customer'] as const;
export const authRoleSchema = z.enum(authRoles);
export type AuthRole = z.infer<typeof authRoleSchema>;

// §2 start parameter auth-origin: "global or local. Any other value is ignored."
export const authOrigins = ['global', 'local'] as const;
export const authOriginSchema = z.enum(authOrigins);
export type AuthOrigin = z.infer<typeof authOriginSchema>;

// §3 Loan data sets in the session layer: "status (idle, then success or error)".
export const dataSetStatuses = ['idle', 'success', 'error'] as const;
export const dataSetStatusSchema = z.enum(dataSetStatuses);
export type DataSetStatus = z.infer<typeof dataSetStatusSchema>;

// §4 Authentication flow: customer and person records each track "loading, error or success".
export const recordLoadStatuses = ['idle', 'loading', 'error', 'success'] as const;
export const recordLoadStatusSchema = z.enum(recordLoadStatuses);
export type RecordLoadStatus = z.infer<typeof recordLoadStatusSchema>;

// §3 "{id, mode 'edit', createdAt, updatedAt}" — the only interaction mode the spec names.
export const interactionModes = ['edit'] as const;
export const interactionModeSchema = z.enum(interactionModes);
export type InteractionMode = z.infer<typeof interactionModeSchema>;

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
export const entityTypeSchema = z.enum(entityTypes);
export type EntityType = z.infer<typeof entityTypeSchema>;

// ── Documents ─────────────────────────────────────────────────────────────────────────────────────

// §3 Document categories.
export const documentCategories = ['payslip', 'tax-return', 'property-value', 'other'] as const;
export const documentCategorySchema = z.enum(documentCategories);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

// §3 "secured-loan case documents use payslip, tax-return, other".
export const securedLoanDocumentCategories = [
  'payslip',
  'tax-return',
  'other',
] as const satisfies readonly DocumentCategory[];
export const securedLoanDocumentCategorySchema = z.enum(securedLoanDocumentCategories);
export type SecuredLoanDocumentCategory = z.infer<typeof securedLoanDocumentCategorySchema>;

export const documentOwners = ['main-applicant', 'co-applicant'] as const;
export const documentOwnerSchema = z.enum(documentOwners);
export type DocumentOwner = z.infer<typeof documentOwnerSchema>;

// §5 / §9 secured-loan upload file types.
export const securedLoanUploadFileTypes = ['pdf', 'jpeg', 'png'] as const;
export const securedLoanUploadFileTypeSchema = z.enum(securedLoanUploadFileTypes);
export type SecuredLoanUploadFileType = z.infer<typeof securedLoanUploadFileTypeSchema>;

// ── Brand configuration ───────────────────────────────────────────────────────────────────────────

export const featureModes = ['enabled', 'disabled', 'mandatory'] as const;
export const featureModeSchema = z.enum(featureModes);
export type FeatureMode = z.infer<typeof featureModeSchema>;

// §3 "Approval: new, approved, denied (use not shown)".
export const approvalStatuses = ['new', 'approved', 'denied'] as const;
export const approvalStatusSchema = z.enum(approvalStatuses);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

// ── Applicants ────────────────────────────────────────────────────────────────────────────────────

export const applicantRoles = ['MainApplicant', 'CoApplicant'] as const;
export const applicantRoleSchema = z.enum(applicantRoles);
export type ApplicantRole = z.infer<typeof applicantRoleSchema>;

// §3 "(the back-office adds Combined)".
export const backOfficeApplicantRoles = [...applicantRoles, 'Combined'] as const;
export const backOfficeApplicantRoleSchema = z.enum(backOfficeApplicantRoles);
export type BackOfficeApplicantRole = z.infer<typeof backOfficeApplicantRoleSchema>;

export const applicantModes = ['Normal', 'SwapApplicants', 'OnlyMainApplicant', 'OnlyCoApplicant'] as const;
export const applicantModeSchema = z.enum(applicantModes);
export type ApplicantMode = z.infer<typeof applicantModeSchema>;

export const maritalStatuses = [
  'Married',
  'Single',
  'Cohabiting',
  'Divorced',
  'Seperated',
  'Widowed',
] as const;
export const maritalStatusSchema = z.enum(maritalStatuses);
export type MaritalStatus = z.infer<typeof maritalStatusSchema>;

export const educationLevels = [
  'Elementary school',
  'Vocational school',
  'High school',
  'Higher education',
] as const;
export const educationLevelSchema = z.enum(educationLevels);
export type EducationLevel = z.infer<typeof educationLevelSchema>;

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
export const employmentTypeSchema = z.enum(employmentTypes);
export type EmploymentType = z.infer<typeof employmentTypeSchema>;

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
export const jobLevelSchema = z.enum(jobLevels);
export type JobLevel = z.infer<typeof jobLevelSchema>;

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
export const industrySchema = z.enum(industries);
export type Industry = z.infer<typeof industrySchema>;

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
export const loanPurposeSchema = z.enum(loanPurposes);
export type LoanPurpose = z.infer<typeof loanPurposeSchema>;

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
export const livingSituationSchema = z.enum(livingSituations);
export type LivingSituation = z.infer<typeof livingSituationSchema>;

export const propertyHousingTypes = [
  'Apartment building',
  'Detached house',
  'Townhouse/semi-detached house',
] as const;
export const propertyHousingTypeSchema = z.enum(propertyHousingTypes);
export type PropertyHousingType = z.infer<typeof propertyHousingTypeSchema>;

export const carOwnerships = ['Owned', 'Leased', 'Company'] as const;
export const carOwnershipSchema = z.enum(carOwnerships);
export type CarOwnership = z.infer<typeof carOwnershipSchema>;

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
export const debtTypeSchema = z.enum(debtTypes);
export type DebtType = z.infer<typeof debtTypeSchema>;

// §3 "Debt sources: 1 and 2 (2 is a national debt register)". Meaning of 1 is not given; we read it as
// the applicant's own statement, the only other source a broker has.
export const debtSources = [1, 2] as const;
export const debtSourceSchema = z.literal(debtSources);
export type DebtSource = z.infer<typeof debtSourceSchema>;
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
export const expenseCategoryIdSchema = z.literal(expenseCategoryIds);
export type ExpenseCategoryId = z.infer<typeof expenseCategoryIdSchema>;
export const expenseCategoryNames = [
  'TVPhoneInternet',
  'Transport',
  'Electricity',
  'Water',
  'Heating',
  'Insurance',
] as const;
export const expenseCategoryNameSchema = z.enum(expenseCategoryNames);
export type ExpenseCategoryName = z.infer<typeof expenseCategoryNameSchema>;

export function expenseCategoryName(id: ExpenseCategoryId): ExpenseCategoryName {
  return expenseCategoryNames[id - 1]!;
}
export function expenseCategoryId(name: ExpenseCategoryName): ExpenseCategoryId {
  return expenseCategoryIds[expenseCategoryNames.indexOf(name)]!;
}

// ── Application lifecycle ─────────────────────────────────────────────────────────────────────────

export const cloneOrigins = ['Cloned', 'ManuallyCreated'] as const;
export const cloneOriginSchema = z.enum(cloneOrigins);
export type CloneOrigin = z.infer<typeof cloneOriginSchema>;

// §3 "Providers: two values, 0 and 1" — their meaning is not shown.
export const providers = [0, 1] as const;
export const providerSchema = z.literal(providers);
export type Provider = z.infer<typeof providerSchema>;

// §3 "Other named values: … Withdrawn-by-customer, Automatic end status". We use them as the reasons an
// application is ended/archived (POST /loan-application/{id}/archive); that use is our reading.
export const archiveReasons = ['Withdrawn-by-customer', 'Automatic end status'] as const;
export const archiveReasonSchema = z.enum(archiveReasons);
export type ArchiveReason = z.infer<typeof archiveReasonSchema>;

// §3 entry sources (where an offer acceptance or change came from).
export const entrySources = ['MyPage', 'AutoAccept', 'ACE'] as const;
export const entrySourceSchema = z.enum(entrySources);
export type EntrySource = z.infer<typeof entrySourceSchema>;

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
export const eventNameSchema = z.enum(eventNames);
export type EventName = z.infer<typeof eventNameSchema>;

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
export const clientFlowEventSchema = z.enum(clientFlowEvents);
export type ClientFlowEvent = z.infer<typeof clientFlowEventSchema>;

// ── Offers and quotes ─────────────────────────────────────────────────────────────────────────────

export const offerTypes = ['Dual Offer', 'Annuity'] as const;
export const offerTypeSchema = z.enum(offerTypes);
export type OfferType = z.infer<typeof offerTypeSchema>;

export const loanKinds = ['Consumer', 'Refinance', 'Combo', 'Topup'] as const;
export const loanKindSchema = z.enum(loanKinds);
export type LoanKind = z.infer<typeof loanKindSchema>;

export const offerAcceptanceStatuses = ['pending', 'accepted', 'already-accepted', 'failed'] as const;
export const offerAcceptanceStatusSchema = z.enum(offerAcceptanceStatuses);
export type OfferAcceptanceStatus = z.infer<typeof offerAcceptanceStatusSchema>;

export const creditProductTypes = ['chargeCard', 'repaymentLoan', 'creditFacility'] as const;
export const creditProductTypeSchema = z.enum(creditProductTypes);
export type CreditProductType = z.infer<typeof creditProductTypeSchema>;

export const registrationStatuses = ['registration', 're-registration', 'completed'] as const;
export const registrationStatusSchema = z.enum(registrationStatuses);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

// ── Back-office documents ─────────────────────────────────────────────────────────────────────────

export const documentRequestStatuses = ['pending', 'received', 'resolved', 'sent'] as const;
export const documentRequestStatusSchema = z.enum(documentRequestStatuses);
export type DocumentRequestStatus = z.infer<typeof documentRequestStatusSchema>;

export const documentActions = ['upload', 'sign', 'identify'] as const;
export const documentActionSchema = z.enum(documentActions);
export type DocumentAction = z.infer<typeof documentActionSchema>;

export const documentTimings = ['before_acceptance', 'before_approval', 'before_disbursement'] as const;
export const documentTimingSchema = z.enum(documentTimings);
export type DocumentTiming = z.infer<typeof documentTimingSchema>;

// ── Back-office lists ─────────────────────────────────────────────────────────────────────────────

export const sortOrders = ['ASC', 'DESC'] as const;
export const sortOrderSchema = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrderSchema>;

export const assignmentViews = ['all', 'mine'] as const;
export const assignmentViewSchema = z.enum(assignmentViews);
export type AssignmentView = z.infer<typeof assignmentViewSchema>;

export const selectionModes = ['all', 'one', 'multiple'] as const;
export const selectionModeSchema = z.enum(selectionModes);
export type SelectionMode = z.infer<typeof selectionModeSchema>;

// §3 Call order OutboundNumberType.
export const outboundNumberTypes = ['broker', 'agent', 'uscore'] as const;
export const outboundNumberTypeSchema = z.enum(outboundNumberTypes);
export type OutboundNumberType = z.infer<typeof outboundNumberTypeSchema>;

export const addressKinds = ['Special', 'Abroad', 'Co', 'Box', 'Poste Restante', 'Fack'] as const;
export const addressKindSchema = z.enum(addressKinds);
export type AddressKind = z.infer<typeof addressKindSchema>;

export const lookupStatuses = ['requested', 'success', 'missing_data', 'error'] as const;
export const lookupStatusSchema = z.enum(lookupStatuses);
export type LookupStatus = z.infer<typeof lookupStatusSchema>;

// ── Consent and messaging ─────────────────────────────────────────────────────────────────────────

export const consentStatuses = ['given', 'not_given', 'revoked'] as const;
export const consentStatusSchema = z.enum(consentStatuses);
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

export const consentChannels = ['email', 'sms', 'phone'] as const;
export const consentChannelSchema = z.enum(consentChannels);
export type ConsentChannel = z.infer<typeof consentChannelSchema>;

export const consentPurposes = ['marketing', 'transactional'] as const;
export const consentPurposeSchema = z.enum(consentPurposes);
export type ConsentPurpose = z.infer<typeof consentPurposeSchema>;

export const emailEvents = ['sent', 'received', 'opened', 'clicked', 'bounced'] as const;
export const emailEventSchema = z.enum(emailEvents);
export type EmailEvent = z.infer<typeof emailEventSchema>;

export const smsStatuses = ['new', 'in_flight', 'sent', 'failed'] as const;
export const smsStatusSchema = z.enum(smsStatuses);
export type SmsStatus = z.infer<typeof smsStatusSchema>;

export const linkStatuses = ['sent', 'delivered', 'clicked', 'bounced'] as const;
export const linkStatusSchema = z.enum(linkStatuses);
export type LinkStatus = z.infer<typeof linkStatusSchema>;

// ── Insurance and payment mandates ────────────────────────────────────────────────────────────────

export const insuranceDecisions = ['approved', 'denied', 'new'] as const;
export const insuranceDecisionSchema = z.enum(insuranceDecisions);
export type InsuranceDecision = z.infer<typeof insuranceDecisionSchema>;

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
export const insuranceTerminationReasonSchema = z.enum(insuranceTerminationReasons);
export type InsuranceTerminationReason = z.infer<typeof insuranceTerminationReasonSchema>;

// §7 Payment mandate: /insurance-payment-mandate/{kind}.
export const paymentMandateKinds = ['bankid', 'bs', 'card', 'kid'] as const;
export const paymentMandateKindSchema = z.enum(paymentMandateKinds);
export type PaymentMandateKind = z.infer<typeof paymentMandateKindSchema>;
