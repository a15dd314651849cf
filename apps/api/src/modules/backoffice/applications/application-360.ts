import { staffMay } from '@nordloan/domain/access';
import type {
  Applicant360,
  Application360,
  LenderQuotes,
  QuoteTimelineEntry,
  StaffAction,
} from '@nordloan/domain/application-360';
import type { TokenRole } from '@nordloan/domain/auth';
import { type CaseSummaryContext, caseSummaryOf } from '@nordloan/domain/backoffice-case-summary';
import { getBrand, isBrandId } from '@nordloan/domain/brands/registry';
import {
  brandRateCeiling,
  norwayLendingRulesForApplication,
} from '@nordloan/domain/finance/norway-lending-rules';
import { findLender } from '@nordloan/domain/lending/lender-panel';
import type { Applicant } from '@nordloan/domain/loan-application';
import type { Db } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import { listOutboxEvents } from '#src/jobs/outbox.repository.ts';
import type { Caller } from '#src/lib/caller.ts';
import { personChecksOf, screeningHoldOf } from '#src/modules/compliance/screening.service.ts';
import { contactLogOf } from '#src/modules/contact-log/contact-log.service.ts';
import { findDocuments } from '#src/modules/documents/document.repository.ts';
import { toDocument } from '#src/modules/documents/document.service.ts';
import { findLeads } from '#src/modules/leads/lead.repository.ts';
import { toLead } from '#src/modules/leads/lead.service.ts';
import { listLoanRequests } from '#src/modules/lending/loan-request.repository.ts';
import { listQuotesV1 } from '#src/modules/lending/presentation/quote-presentation.service.ts';
import { listStatusTransitions } from '#src/modules/loan-applications/lifecycle/status-transition.repository.ts';
import { presentApplication } from '#src/modules/loan-applications/loan-application.service.ts';
import { listApplicationSubRecords } from '#src/modules/loan-applications/sub-record.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import { toPerson } from '#src/modules/persons/person.service.ts';
import { realEstateOfPerson } from '#src/modules/secured-loan/secured-loan.service.ts';
import { findOpenAssignment } from '../assignment.repository.ts';
import { toAssignment, toCallRecord } from '../backoffice.dto.ts';
import { findBucketById } from '../bucket.repository.ts';
import { listCallRecordsForApplication } from '../call.repository.ts';
import {
  agentNames,
  listCurrentConsents,
  listNotes,
  listTermsAccepted,
} from './staff-application.repository.ts';

// The 360° view of one application for staff (issue 9): everything a case handler needs on one page.
// National ids stay masked here; revealing one is GET /person/{id}?reveal=NationalID (audited there).

type ApplicantRole = 'MainApplicant' | 'CoApplicant';

/** The application's sub-records as the loan-application module presents them. */
async function loadSubRecords(db: Db, caller: Caller, id: string) {
  return {
    debts: await listApplicationSubRecords({ db, caller, id, kind: 'debt' }),
    expenses: await listApplicationSubRecords({ db, caller, id, kind: 'expense' }),
    children: await listApplicationSubRecords({ db, caller, id, kind: 'child' }),
    cars: await listApplicationSubRecords({ db, caller, id, kind: 'car' }),
  };
}
type SubRecords = Awaited<ReturnType<typeof loadSubRecords>>;

// The view's shape is the domain's contract (@nordloan/domain/application-360); the route writes it through
// that schema, so a field added here and not there is dropped.
export type { Application360 };

/** The newest marketing answer per channel wins (consents of every consent brand of the customer). */
function contactPreferencesOf(consents: { purpose: string; channel: string; status: string; seq: number }[]) {
  const newest = (channel: string) =>
    consents
      .filter((row) => row.purpose === 'marketing' && row.channel === channel)
      .sort((a, b) => b.seq - a.seq)[0]?.status;
  const phone = newest('phone');
  return {
    Email: newest('email') === 'given',
    Sms: newest('sms') === 'given',
    NoSalesCalls: phone === 'revoked' || phone === 'not_given',
  };
}
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function actionsFor(application: LoanApplicationRow, roles: readonly TokenRole[]): StaffAction[] {
  const base = `/backoffice/applications/${application.id}`;
  const list: Omit<StaffAction, 'Allowed' | 'Method'>[] = [
    { Name: 'Add a note', Path: `${base}/notes`, Permission: 'application.note' },
    { Name: 'Withdraw for the customer', Path: `${base}/withdraw`, Permission: 'application.withdraw' },
    { Name: 'Resend the magic link', Path: `${base}/magic-link`, Permission: 'magicLink.resend' },
    // The existing quote route (offer-action.routes.ts): body { Amount, DurationMonths } per quote.
    { Name: 'Change an offer', Path: '/loan-quote/{quoteId}/change', Permission: 'offer.change' },
    { Name: 'Order a call', Path: '/backoffice/call-orders', Permission: 'call.make' },
    { Name: 'Run the PEP/sanctions screening', Path: `${base}/screening`, Permission: 'screening.review' },
    // The insurance route (ADR 0026): an applicant's policy ended for the insurer's or the customer's reason.
    {
      Name: 'End an insurance policy',
      Path: '/insurance/v2/policy/{policyId}/termination',
      Permission: 'application.update',
    },
  ];
  return list.map((action) => ({
    ...action,
    Method: 'POST',
    Allowed: staffMay(roles, action.Permission, application.country),
  }));
}

async function applicantView(
  db: Db,
  role: ApplicantRole,
  personId: string | null,
  details: Applicant | null,
  subRecords: SubRecords,
): Promise<Applicant360> {
  const person = personId ? await findPersonById(db, personId) : undefined;
  const own = <T extends { OwnerRole: string }>(rows: T[]) => rows.filter((row) => row.OwnerRole === role);
  return {
    Role: role,
    Person: person ? toPerson(person) : null,
    Income: details,
    Debts: own(subRecords.debts),
    Expenses: own(subRecords.expenses),
    Children: own(subRecords.children),
    Cars: own(subRecords.cars),
    RealEstate: personId ? await realEstateOfPerson(db, personId) : [],
    PersonChecks: personId ? await personChecksOf(db, personId) : [],
  };
}

async function quotesByLender(
  db: Db,
  caller: Caller,
  applicationId: string,
  now: () => Date,
): Promise<LenderQuotes[]> {
  const requests = await listLoanRequests(db, applicationId);
  const quotes = await listQuotesV1({ db, caller, applicationId, now });
  const events = await listOutboxEvents(db, applicationId);
  const lenderIds = [...new Set([...requests.map((r) => r.lenderId), ...quotes.map((q) => q.Lender.ID)])];
  return lenderIds.map((lenderId) => {
    const request = requests.find((candidate) => candidate.lenderId === lenderId);
    const timeline: QuoteTimelineEntry[] = [];
    if (request) {
      timeline.push({ At: request.createdAt.toISOString(), Event: 'loan-request-created', Status: 211 });
      if (request.registeredAt) {
        timeline.push({
          At: request.registeredAt.toISOString(),
          Event: 'registered',
          Status: request.status,
        });
      }
      if (request.decidedAt) {
        timeline.push({ At: request.decidedAt.toISOString(), Event: 'decided', Status: request.status });
      }
    }
    for (const event of events) {
      if (event.aggregateType !== 'loan-quote' || event.payload.LenderID !== lenderId) continue;
      const status = event.payload.Status;
      timeline.push({
        At: event.createdAt.toISOString(),
        Event: event.eventName,
        Status: typeof status === 'string' || typeof status === 'number' ? status : null,
      });
    }
    timeline.sort((a, b) => a.At.localeCompare(b.At));
    return {
      Lender: { ID: lenderId, Name: findLender(lenderId)?.name ?? lenderId },
      Status: request?.status ?? null,
      Reason: request?.reason ?? null,
      Quotes: quotes.filter((quote) => quote.Lender.ID === lenderId),
      Timeline: timeline,
    };
  });
}

export async function describe360(
  db: Db,
  application: LoanApplicationRow,
  caller: Extract<Caller, { kind: 'staff' }>,
  now: () => Date,
): Promise<Application360> {
  const roles: readonly TokenRole[] = caller.roles;
  const presented = await presentApplication(db, application);
  const detailsOf = (role: ApplicantRole) =>
    role === 'MainApplicant' ? presented.MainApplicant : presented.CoApplicant;
  const subRecords = await loadSubRecords(db, caller, application.id);
  const applicants = [
    await applicantView(db, 'MainApplicant', application.personId, detailsOf('MainApplicant'), subRecords),
  ];
  if (application.coApplicantPersonId || detailsOf('CoApplicant')) {
    applicants.push(
      await applicantView(
        db,
        'CoApplicant',
        application.coApplicantPersonId,
        detailsOf('CoApplicant'),
        subRecords,
      ),
    );
  }
  const customerId = application.customerId;
  const consents = customerId ? await listCurrentConsents(db, customerId) : [];
  const terms = customerId ? await listTermsAccepted(db, customerId) : [];
  const open = await findOpenAssignment(db, application.id);
  const transitions = await listStatusTransitions(db, application.id);
  const parts: Omit<Application360, 'Summary'> = {
    Application: presented,
    Applicants: applicants,
    Documents: (await findDocuments(db, application.id)).map(toDocument),
    Quotes: await quotesByLender(db, caller, application.id, now),
    Consents: consents.map((row) => ({
      Brand: row.consentBrand,
      Purpose: row.purpose,
      Channel: row.channel,
      Status: row.status,
      At: row.createdAt.toISOString(),
    })),
    ContactPreferences: customerId ? contactPreferencesOf(consents) : null,
    ContactLog: await contactLogOf(db, application.id),
    TermsAccepted: terms.map((row) => ({
      Type: row.tcType,
      Version: row.versionLabel,
      Brand: row.brand,
      AcceptedAt: row.acceptedAt.toISOString(),
    })),
    Leads: (await findLeads(db, application.id)).map(toLead),
    Calls: (await listCallRecordsForApplication(db, application.id)).map(toCallRecord),
    StatusHistory: transitions.map((row) => ({
      From: row.fromStatus,
      To: row.toStatus,
      At: row.createdAt.toISOString(),
      Actor: row.actorId,
      Reason: row.reason,
    })),
    Notes: (await listNotes(db, application.id)).map((row) => ({
      ID: row.id,
      LoanApplicationID: row.loanApplicationId,
      AgentID: row.agentId,
      AgentName: row.agentName,
      Text: row.text,
      CreatedAt: row.createdAt.toISOString(),
    })),
    Assignment: open ? toAssignment(open) : null,
    PersonChecks: applicants.flatMap((applicant) => applicant.PersonChecks),
    LendingRules: isBrandId(presented.Brand)
      ? norwayLendingRulesForApplication(
          {
            country: presented.Country,
            amount: presented.Amount,
            duration: presented.Duration,
            applicants: applicants
              .map((applicant) => applicant.Income)
              .filter((income): income is Applicant => income !== null)
              .map((income) => ({
                grossYearlyIncome: income.GrossYearlyIncome,
                netMonthlyIncome: income.NetMonthlyIncome,
                housingCostMonthly: income.HousingCostMonthly,
              })),
            debts: subRecords.debts.map((debt) => ({
              balance: numberOrNull(debt.Balance),
              monthlyPayment: numberOrNull(debt.MonthlyPayment),
              isRefinanced: debt.IsRefinanced === true,
            })),
          },
          brandRateCeiling(getBrand(presented.Brand)),
        )
      : null,
    Actions: actionsFor(application, roles),
  };
  return { ...parts, Summary: caseSummaryOf(parts, await summaryContext(db, parts, caller)) };
}

/** What the case summary needs besides the view: the bucket's and the assignee's names, the screening hold. */
async function summaryContext(
  db: Db,
  view: Omit<Application360, 'Summary'>,
  caller: Extract<Caller, { kind: 'staff' }>,
): Promise<CaseSummaryContext> {
  const assignment = view.Assignment;
  const bucket = assignment ? await findBucketById(db, assignment.BucketID) : undefined;
  const assignee = assignment?.AssigneeID ? await agentNames(db, [assignment.AssigneeID]) : new Map();
  return {
    bucketName: bucket?.name ?? null,
    assigneeName: (assignment?.AssigneeID && assignee.get(assignment.AssigneeID)) || null,
    callerAgentId: caller.agentId ?? '',
    screeningHold: (await screeningHoldOf(db, view.Application.ID)) ?? null,
  };
}
