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

export const countrySchema = z.enum(countries);
export const currencySchema = z.enum(currencies);
export const localeSchema = z.enum(locales);
export const productSchema = z.enum(products);
export const productSlugSchema = z.enum(productSlugs);
export const dataViewSchema = z.enum(dataViews);
export const authMethodSchema = z.enum(authMethods);
export const authRoleSchema = z.enum(authRoles);
export const authOriginSchema = z.enum(authOrigins);
export const dataSetStatusSchema = z.enum(dataSetStatuses);
export const recordLoadStatusSchema = z.enum(recordLoadStatuses);
export const interactionModeSchema = z.enum(interactionModes);
export const entityTypeSchema = z.enum(entityTypes);
export const documentCategorySchema = z.enum(documentCategories);
export const securedLoanDocumentCategorySchema = z.enum(securedLoanDocumentCategories);
export const documentOwnerSchema = z.enum(documentOwners);
export const securedLoanUploadFileTypeSchema = z.enum(securedLoanUploadFileTypes);
export const featureModeSchema = z.enum(featureModes);
export const approvalStatusSchema = z.enum(approvalStatuses);
export const applicantRoleSchema = z.enum(applicantRoles);
export const backOfficeApplicantRoleSchema = z.enum(backOfficeApplicantRoles);
export const applicantModeSchema = z.enum(applicantModes);
export const maritalStatusSchema = z.enum(maritalStatuses);
export const educationLevelSchema = z.enum(educationLevels);
export const employmentTypeSchema = z.enum(employmentTypes);
export const jobLevelSchema = z.enum(jobLevels);
export const industrySchema = z.enum(industries);
export const loanPurposeSchema = z.enum(loanPurposes);
export const livingSituationSchema = z.enum(livingSituations);
export const propertyHousingTypeSchema = z.enum(propertyHousingTypes);
export const carOwnershipSchema = z.enum(carOwnerships);
export const debtTypeSchema = z.enum(debtTypes);
export const debtSourceSchema = z.literal(debtSources);
export const expenseCategoryIdSchema = z.literal(expenseCategoryIds);
export const expenseCategoryNameSchema = z.enum(expenseCategoryNames);
export const cloneOriginSchema = z.enum(cloneOrigins);
export const providerSchema = z.literal(providers);
export const archiveReasonSchema = z.enum(archiveReasons);
export const entrySourceSchema = z.enum(entrySources);
export const eventNameSchema = z.enum(eventNames);
export const clientFlowEventSchema = z.enum(clientFlowEvents);
export const offerTypeSchema = z.enum(offerTypes);
export const loanKindSchema = z.enum(loanKinds);
export const offerAcceptanceStatusSchema = z.enum(offerAcceptanceStatuses);
export const creditProductTypeSchema = z.enum(creditProductTypes);
export const registrationStatusSchema = z.enum(registrationStatuses);
export const documentRequestStatusSchema = z.enum(documentRequestStatuses);
export const documentActionSchema = z.enum(documentActions);
export const documentTimingSchema = z.enum(documentTimings);
export const sortOrderSchema = z.enum(sortOrders);
export const assignmentViewSchema = z.enum(assignmentViews);
export const selectionModeSchema = z.enum(selectionModes);
export const outboundNumberTypeSchema = z.enum(outboundNumberTypes);
export const addressKindSchema = z.enum(addressKinds);
export const lookupStatusSchema = z.enum(lookupStatuses);
export const consentStatusSchema = z.enum(consentStatuses);
export const consentChannelSchema = z.enum(consentChannels);
export const consentPurposeSchema = z.enum(consentPurposes);
export const emailEventSchema = z.enum(emailEvents);
export const smsStatusSchema = z.enum(smsStatuses);
export const linkStatusSchema = z.enum(linkStatuses);
export const insuranceDecisionSchema = z.enum(insuranceDecisions);
export const insuranceTerminationReasonSchema = z.enum(insuranceTerminationReasons);
export const paymentMandateKindSchema = z.enum(paymentMandateKinds);
