import { z } from 'zod';
import {
  addressKinds,
  applicantModes,
  applicantRoles,
  approvalStatuses,
  archiveReasons,
  assignmentViews,
  authMethods,
  authOrigins,
  authRoles,
  backOfficeApplicantRoles,
  carOwnerships,
  clientFlowEvents,
  cloneOrigins,
  consentChannels,
  consentPurposes,
  consentStatuses,
  countries,
  creditProductTypes,
  currencies,
  dataSetStatuses,
  dataViews,
  debtSources,
  debtTypes,
  documentActions,
  documentCategories,
  documentOwners,
  documentRequestStatuses,
  documentTimings,
  educationLevels,
  emailEvents,
  employmentTypes,
  entityTypes,
  entrySources,
  eventNames,
  expenseCategoryIds,
  expenseCategoryNames,
  featureModes,
  industries,
  insuranceDecisions,
  insuranceTerminationReasons,
  interactionModes,
  jobLevels,
  linkStatuses,
  livingSituations,
  loanKinds,
  loanPurposes,
  locales,
  lookupStatuses,
  maritalStatuses,
  moduleEventNames,
  offerAcceptanceStatuses,
  offerTypes,
  outboundNumberTypes,
  paymentMandateKinds,
  productSlugs,
  products,
  propertyHousingTypes,
  providers,
  recordLoadStatuses,
  registrationStatuses,
  securedLoanDocumentCategories,
  securedLoanUploadFileTypes,
  selectionModes,
  smsStatuses,
  sortOrders,
} from './enum-values.ts';

// The zod schema of every enumeration of ./enum-values.ts (`xs` → `xSchema`), and the values themselves.
// Code that must not load zod imports the values from ./enum-values.ts.
export * from './enum-values.ts';

export const countrySchema = /* @__PURE__ */ z.enum(countries);
export const currencySchema = /* @__PURE__ */ z.enum(currencies);
export const localeSchema = /* @__PURE__ */ z.enum(locales);
export const productSchema = /* @__PURE__ */ z.enum(products);
export const productSlugSchema = /* @__PURE__ */ z.enum(productSlugs);
export const dataViewSchema = /* @__PURE__ */ z.enum(dataViews);
export const authMethodSchema = /* @__PURE__ */ z.enum(authMethods);
export const authRoleSchema = /* @__PURE__ */ z.enum(authRoles);
export const authOriginSchema = /* @__PURE__ */ z.enum(authOrigins);
export const dataSetStatusSchema = /* @__PURE__ */ z.enum(dataSetStatuses);
export const recordLoadStatusSchema = /* @__PURE__ */ z.enum(recordLoadStatuses);
export const interactionModeSchema = /* @__PURE__ */ z.enum(interactionModes);
export const entityTypeSchema = /* @__PURE__ */ z.enum(entityTypes);
export const documentCategorySchema = /* @__PURE__ */ z.enum(documentCategories);
export const securedLoanDocumentCategorySchema = /* @__PURE__ */ z.enum(securedLoanDocumentCategories);
export const documentOwnerSchema = /* @__PURE__ */ z.enum(documentOwners);
export const securedLoanUploadFileTypeSchema = /* @__PURE__ */ z.enum(securedLoanUploadFileTypes);
export const featureModeSchema = /* @__PURE__ */ z.enum(featureModes);
export const approvalStatusSchema = /* @__PURE__ */ z.enum(approvalStatuses);
export const applicantRoleSchema = /* @__PURE__ */ z.enum(applicantRoles);
export const backOfficeApplicantRoleSchema = /* @__PURE__ */ z.enum(backOfficeApplicantRoles);
export const applicantModeSchema = /* @__PURE__ */ z.enum(applicantModes);
export const maritalStatusSchema = /* @__PURE__ */ z.enum(maritalStatuses);
export const educationLevelSchema = /* @__PURE__ */ z.enum(educationLevels);
export const employmentTypeSchema = /* @__PURE__ */ z.enum(employmentTypes);
export const jobLevelSchema = /* @__PURE__ */ z.enum(jobLevels);
export const industrySchema = /* @__PURE__ */ z.enum(industries);
export const loanPurposeSchema = /* @__PURE__ */ z.enum(loanPurposes);
export const livingSituationSchema = /* @__PURE__ */ z.enum(livingSituations);
export const propertyHousingTypeSchema = /* @__PURE__ */ z.enum(propertyHousingTypes);
export const carOwnershipSchema = /* @__PURE__ */ z.enum(carOwnerships);
export const debtTypeSchema = /* @__PURE__ */ z.enum(debtTypes);
export const debtSourceSchema = /* @__PURE__ */ z.literal(debtSources);
export const expenseCategoryIdSchema = /* @__PURE__ */ z.literal(expenseCategoryIds);
export const expenseCategoryNameSchema = /* @__PURE__ */ z.enum(expenseCategoryNames);
export const cloneOriginSchema = /* @__PURE__ */ z.enum(cloneOrigins);
export const providerSchema = /* @__PURE__ */ z.literal(providers);
export const archiveReasonSchema = /* @__PURE__ */ z.enum(archiveReasons);
export const entrySourceSchema = /* @__PURE__ */ z.enum(entrySources);
export const eventNameSchema = /* @__PURE__ */ z.enum(eventNames);
export const moduleEventNameSchema = /* @__PURE__ */ z.enum(moduleEventNames);
export const clientFlowEventSchema = /* @__PURE__ */ z.enum(clientFlowEvents);
export const offerTypeSchema = /* @__PURE__ */ z.enum(offerTypes);
export const loanKindSchema = /* @__PURE__ */ z.enum(loanKinds);
export const offerAcceptanceStatusSchema = /* @__PURE__ */ z.enum(offerAcceptanceStatuses);
export const creditProductTypeSchema = /* @__PURE__ */ z.enum(creditProductTypes);
export const registrationStatusSchema = /* @__PURE__ */ z.enum(registrationStatuses);
export const documentRequestStatusSchema = /* @__PURE__ */ z.enum(documentRequestStatuses);
export const documentActionSchema = /* @__PURE__ */ z.enum(documentActions);
export const documentTimingSchema = /* @__PURE__ */ z.enum(documentTimings);
export const sortOrderSchema = /* @__PURE__ */ z.enum(sortOrders);
export const assignmentViewSchema = /* @__PURE__ */ z.enum(assignmentViews);
export const selectionModeSchema = /* @__PURE__ */ z.enum(selectionModes);
export const outboundNumberTypeSchema = /* @__PURE__ */ z.enum(outboundNumberTypes);
export const addressKindSchema = /* @__PURE__ */ z.enum(addressKinds);
export const lookupStatusSchema = /* @__PURE__ */ z.enum(lookupStatuses);
export const consentStatusSchema = /* @__PURE__ */ z.enum(consentStatuses);
export const consentChannelSchema = /* @__PURE__ */ z.enum(consentChannels);
export const consentPurposeSchema = /* @__PURE__ */ z.enum(consentPurposes);
export const emailEventSchema = /* @__PURE__ */ z.enum(emailEvents);
export const smsStatusSchema = /* @__PURE__ */ z.enum(smsStatuses);
export const linkStatusSchema = /* @__PURE__ */ z.enum(linkStatuses);
export const insuranceDecisionSchema = /* @__PURE__ */ z.enum(insuranceDecisions);
export const insuranceTerminationReasonSchema = /* @__PURE__ */ z.enum(insuranceTerminationReasons);
export const paymentMandateKindSchema = /* @__PURE__ */ z.enum(paymentMandateKinds);
