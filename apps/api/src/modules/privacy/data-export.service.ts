import type { Country } from '@nordloan/domain/enums';
import { maskNationalId } from '@nordloan/domain/national-id';
import type { ExportedApplication, PersonDataExport } from '@nordloan/domain/privacy';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '#src/db/client.ts';
import type { LoanApplicationApplicantRow } from '#src/db/schema/applications.ts';
import { notFound } from '#src/lib/app-error.ts';
import type { Caller } from '#src/lib/caller.ts';
import { selectAuditEntries } from '#src/modules/audit/audit.repository.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { listCallContacts } from '#src/modules/contact-log/contact-log.repository.ts';
import { findTermsAcceptances } from '#src/modules/customers/customer.repository.ts';
import { findDocuments } from '#src/modules/documents/document.repository.ts';
import { listCreditInquiries } from '#src/modules/lending/presentation/transparency.repository.ts';
import type { ApplicationWithApplicants } from '#src/modules/loan-applications/application-read.repository.ts';
import { searchApplicationsWithApplicants } from '#src/modules/loan-applications/application-search.repository.ts';
import { listMessagesOfApplication, maskedAddress } from '#src/modules/messages/message.repository.ts';
import type { PersonRow } from '#src/modules/persons/person.repository.ts';
import { loadPersonForCaller } from '#src/modules/persons/person.service.ts';
import {
  bankDataOfPerson,
  debtRegisterInquiriesOfPerson,
  insuranceOfPerson,
  rateWatchesOfCustomers,
} from './data-export-products.ts';
import { findConsentRecordsOfCustomers, findCustomersOfPerson } from './privacy.repository.ts';

// Issue 36 item 3 (ADR 0069): everything we hold about one person, for that person only. Of an application
// they share, only their own part: the application's facts, their own applicant answers, the documents they
// uploaded as their part, the messages sent to them; never the other applicant's answers, documents or
// messages. No message body (a link in it is a sign-in token), no national id in the clear.

/** The most applications an export reads (a person has a handful; the cap keeps one request bounded). */
const maxApplications = 500;
const maxAuditEntries = 1000;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** The person of the caller, or 404: staff never download a person's export (they have the back office). */
export async function loadOwnPerson(options: { db: Executor; caller: Caller; personId: string }) {
  if (options.caller.kind === 'staff') throw notFound();
  return loadPersonForCaller({ ...options, access: 'read' });
}

function ownApplicant(
  found: ApplicationWithApplicants,
  personId: string,
): { role: 'MainApplicant' | 'CoApplicant'; applicant: LoanApplicationApplicantRow | undefined } {
  const applicant = found.applicants.find((candidate) => candidate.personId === personId);
  const role =
    (applicant?.role as 'MainApplicant' | 'CoApplicant' | undefined) ??
    (found.row.personId === personId ? 'MainApplicant' : 'CoApplicant');
  return { role, applicant };
}

function exportedApplication(found: ApplicationWithApplicants, personId: string): ExportedApplication {
  const { row } = found;
  const { role, applicant } = ownApplicant(found, personId);
  return {
    ID: row.id,
    HumanReadableID: row.humanReadableId,
    Product: row.product,
    Brand: row.brand,
    Country: row.country,
    Status: row.status,
    Role: role,
    Amount: row.amount,
    Duration: row.durationYears,
    LoanPurpose: row.loanPurpose,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
    Applicant: applicant
      ? {
          MaritalStatus: applicant.maritalStatus,
          Education: applicant.education,
          LivingSituation: applicant.livingSituation,
          HousingType: applicant.housingType,
          HousingCostMonthly: applicant.housingCostMonthly,
          ChildrenCount: applicant.childrenCount,
          EmploymentType: applicant.employmentType,
          EmployerName: applicant.employerName,
          EmploymentStart: applicant.employmentStart,
          JobTitle: applicant.jobTitle,
          GrossYearlyIncome: applicant.grossYearlyIncome,
          NetMonthlyIncome: applicant.netMonthlyIncome,
          OtherIncomeMonthly: applicant.otherIncomeMonthly,
          MainBank: applicant.mainBank,
          IsPoliticallyExposed: applicant.isPoliticallyExposed,
        }
      : null,
  };
}

/** The person's applications, main or co-applicant, archived ones too, newest first. */
export async function applicationsOfPerson(db: Executor, personId: string) {
  const { items } = await searchApplicationsWithApplicants(db, {
    visibility: sql`true`,
    filters: { personIds: [personId] },
    limit: maxApplications,
    offset: 0,
  });
  return items;
}

/** Contacts addressed to the co-applicant rather than the main applicant (as the contact log has it). */
const coApplicantKinds = new Set(['co-applicant-invite']);

async function partsOfApplication(db: Executor, found: ApplicationWithApplicants, personId: string) {
  const { row } = found;
  const { role } = ownApplicant(found, personId);
  const owner = role === 'MainApplicant' ? 'main-applicant' : 'co-applicant';
  // One statement after another: a transaction is one connection (node-postgres queues, and warns).
  const documents = await findDocuments(db, row.id);
  const messages = await listMessagesOfApplication(db, row.id);
  const calls = await listCallContacts(db, row.id);
  const inquiries = await listCreditInquiries(db, row.id);
  const audit = await selectAuditEntries(db, {
    loanApplicationId: row.id,
    offset: 0,
    limit: maxAuditEntries,
  });
  return {
    documents: documents
      .filter((document) => document.owner === owner)
      .map((document) => ({
        ID: document.id,
        LoanApplicationID: row.id,
        Filename: document.filename,
        Category: document.category,
        ContentType: document.contentType,
        SizeBytes: document.sizeBytes,
        UploadedAt: document.createdAt.toISOString(),
        DownloadPath: `/loan-application/${row.id}/documents/${document.id}/content`,
      })),
    // The main applicant gets what was sent about the application; the co-applicant only their invite.
    messages: messages
      .filter((message) => coApplicantKinds.has(message.kind) === (role === 'CoApplicant'))
      .map((message) => ({
        LoanApplicationID: row.id,
        Kind: message.kind,
        Channel: message.channel,
        MaskedAddress: maskedAddress(message.recipient),
        Status: message.status,
        CreatedAt: message.createdAt.toISOString(),
        SentAt: iso(message.sentAt),
      })),
    // Calls go to the customer of the application: the main applicant's.
    calls:
      role === 'MainApplicant'
        ? calls.map((call) => ({
            LoanApplicationID: row.id,
            MaskedAddress: maskedAddress(call.phone),
            Answered: call.answered,
            At: (call.initiatedAt ?? call.createdAt).toISOString(),
            EndedAt: iso(call.endedAt),
          }))
        : [],
    inquiries: inquiries.map((inquiry) => ({
      LoanApplicationID: row.id,
      LenderID: inquiry.lenderId,
      CheckedAt: inquiry.checkedAt.toISOString(),
      ConsentGivenAt: iso(inquiry.consentGivenAt),
    })),
    staffReads: audit.rows.filter((entry) => entry.actor.startsWith('staff:')),
  };
}

/** The export itself, read in one transaction (one snapshot on PostgreSQL). */
export async function buildDataExport(options: {
  db: Executor;
  person: PersonRow;
  now: Date;
}): Promise<PersonDataExport> {
  const { db, person, now } = options;
  const applications = await applicationsOfPerson(db, person.id);
  const customers = await findCustomersOfPerson(db, person.id);
  const personAudit = await selectAuditEntries(db, {
    subjectType: 'person',
    subjectId: person.id,
    offset: 0,
    limit: maxAuditEntries,
  });
  const customerIds = customers.map((row) => row.id);
  const consents = await findConsentRecordsOfCustomers(db, customerIds);
  const terms = [];
  for (const id of customerIds) terms.push(await findTermsAcceptances(db, id));
  const parts = [];
  for (const found of applications) parts.push(await partsOfApplication(db, found, person.id));
  const staffReads = [
    ...parts.flatMap((part) => part.staffReads),
    ...personAudit.rows.filter((entry) => entry.actor.startsWith('staff:')),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((entry) => ({
      At: entry.at.toISOString(),
      Action: entry.action,
      LoanApplicationID: entry.loanApplicationId,
      Country: entry.country,
    }));
  return {
    GeneratedAt: now.toISOString(),
    Person: {
      ID: person.id,
      Country: person.country,
      NationalID: maskNationalId(person.nationalId),
      BirthDate: person.birthDate,
      FirstName: person.firstName,
      LastName: person.lastName,
      Email: person.email,
      Phone: person.phone,
      StreetAddress: person.streetAddress,
      PostalCode: person.postalCode,
      City: person.city,
      Citizenship: person.citizenship,
      IsPoliticallyExposed: person.isPoliticallyExposed,
      CreatedAt: person.createdAt.toISOString(),
    },
    Customers: customers.map((row) => ({
      ID: row.id,
      Brand: row.brand,
      Country: row.country,
      Email: row.email,
      Phone: row.phone,
      AcceptedTermsVersion: row.acceptedTermsVersion,
      AcceptedTermsAt: iso(row.acceptedTermsAt),
      CreatedAt: row.createdAt.toISOString(),
    })),
    Applications: applications.map((found) => exportedApplication(found, person.id)),
    Consents: consents.map((row) => ({
      CustomerID: row.customerId,
      Brand: row.brand,
      ConsentBrand: row.consentBrand,
      Purpose: row.purpose,
      Channel: row.channel,
      Status: row.status,
      TextVersion: row.textVersion,
      Source: row.source,
      At: row.createdAt.toISOString(),
    })),
    TermsAcceptances: terms.flat().map((row) => ({
      TcType: row.tcType,
      VersionLabel: row.versionLabel,
      Brand: row.brand,
      AcceptedAt: row.acceptedAt.toISOString(),
    })),
    Documents: parts.flatMap((part) => part.documents),
    Messages: parts.flatMap((part) => part.messages),
    Calls: parts.flatMap((part) => part.calls),
    CreditInquiries: parts.flatMap((part) => part.inquiries),
    StaffReads: staffReads,
    Insurance: await insuranceOfPerson(db, person.id),
    BankData: await bankDataOfPerson(db, applications, person.id),
    DebtRegisterInquiries: await debtRegisterInquiriesOfPerson(db, applications, person.id),
    RateWatches: await rateWatchesOfCustomers(db, customerIds),
  };
}

/** GET /person/:id/data-export (and its PDF): the caller's own export; the download is an audit entry. */
export async function exportPersonData(options: {
  db: Db;
  caller: Caller;
  personId: string;
  format: 'json' | 'pdf';
  now: Date;
}): Promise<PersonDataExport> {
  const { db, caller, personId, now } = options;
  const person = await loadOwnPerson({ db, caller, personId });
  const data = await db.transaction(async (tx) => buildDataExport({ db: tx, person, now }));
  await recordAudit(db, {
    actor: caller,
    action: 'person.dataExport',
    subjectType: 'person',
    subjectId: person.id,
    country: person.country as Country,
    details: { format: options.format, applications: data.Applications.length },
    at: now,
  });
  return data;
}
