import { z } from 'zod';
import type { KnownRoleName, TokenRole } from './auth.ts';
import { type Country, countries } from './enums.ts';

// §6 "What each role may do: not shown." THIS TABLE is our decision: docs/decisions/0006-application-access.md.
// Applicants (Customer, CustomerVerifiedEmail, Person) are not in it: they reach an application by being
// its customer, main applicant or co-applicant, never by role.

export const staffPermissions = [
  /** See an application, its revisions, sub-records and channel snapshots; search. */
  'application.read',
  /** Change an application's form data, co-applicant and sub-records. */
  'application.update',
  /** Create an application on a customer's behalf (POST /loan-application with CustomerID). */
  'application.create',
  /** Clone an application (POST …/clone), e.g. to resubmit it with a co-applicant. */
  'application.clone',
  /** Archive an application (POST …/archive). */
  'application.archive',
  /** Move an application's status outside the automatic flow (lending engine, back office). */
  'application.changeStatus',
  /** Create/re-apply through the integration service (POST v1/loan-application/…). */
  'application.integrate',
  /**
   * See a person's full national identity number (GET /person/{id}?reveal=NationalID; every reveal is
   * logged). Case handlers who must identify the customer have it; list callers and machines do not.
   */
  'person.revealNationalId',
  // ── Back office (docs/decisions/0020-backoffice-roles.md) ──
  /** Work a queue: take the next item, take or hand back an item of one's own, mark it processed. */
  'queue.work',
  /** Assign or reassign queue items to other agents (team leads). */
  'queue.assign',
  /** Create and change buckets (name, priority, conditions, actions). */
  'bucket.admin',
  /** Read the audit log of an application (who read or changed what, when, why). */
  'audit.read',
  /** Write a staff note on an application. */
  'application.note',
  /** Withdraw an application on the customer's behalf (the customer asked by phone or e-mail). */
  'application.withdraw',
  /** Change a lender's offer for the customer (POST …/loan-quotes/{id}/change-offer). */
  'offer.change',
  /** Send the customer a new magic link to their application. */
  'magicLink.resend',
  /** Order and place outbound calls, and read call records. */
  'call.make',
  /** Clear or block a PEP/sanctions screening hit, and run a screening again. */
  'screening.review',
  /** Read and answer an applicant's request for a human review of an automated decision (CCD2 art. 18(8), ADR 0065). */
  'humanReview.answer',
  /** Enable and disable agents. */
  'agent.admin',
  /** See the periods of regulatory figures and the one in force (GET /backoffice/regulatory-figures). */
  'regulatoryFigures.read',
  /** Add the next period of a regulatory figure (POST /backoffice/regulatory-figures; issue 17, ADR 0019). */
  'regulatoryFigures.manage',
  /** See, add, edit, pause and resume the country's lenders (the panel as data; docs/decisions/0067). */
  'lender.manage',
] as const;
export const staffPermissionSchema = /* @__PURE__ */ z.enum(staffPermissions);
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

const everything: readonly StaffPermission[] = staffPermissions;
const caseWork: readonly StaffPermission[] = [
  'application.read',
  'application.update',
  'application.create',
  'application.clone',
  'application.archive',
  'regulatoryFigures.read',
  'humanReview.answer',
];
/** What every member of staff who talks to customers about their application does in the back office. */
const customerContact: readonly StaffPermission[] = [
  'queue.work',
  'application.note',
  'application.withdraw',
  'offer.change',
  'magicLink.resend',
  'call.make',
];
/** Team leads: run the queues and the team, see the audit trail, decide screening hits. */
const teamLead: readonly StaffPermission[] = [
  'queue.assign',
  'bucket.admin',
  'audit.read',
  'screening.review',
  'agent.admin',
];

/**
 * What each staff role may do with applications, in the countries its Country names. Roles missing here
 * (Lender, Affiliate, Subscriber, DeadLetterQueue, InsuranceBroker, Developer…) have no direct access:
 * lenders see what the lending engine sends them, partners only what they create through the integration
 * service, developers work on the demo data set.
 */
export const staffRolePermissions: Partial<Record<KnownRoleName, readonly StaffPermission[]>> = {
  Super: everything,
  Manager: [
    ...caseWork,
    'application.changeStatus',
    'person.revealNationalId',
    ...customerContact,
    ...teamLead,
    'regulatoryFigures.manage',
    'lender.manage',
  ],
  // Runs the business side (partners, lenders): reads the audit trail, does not lead a queue team.
  BusinessManager: [...caseWork, 'application.changeStatus', ...customerContact, 'audit.read'],
  Sales: [...caseWork, 'person.revealNationalId', ...customerContact],
  // Secured-loan case handlers work the same applications as Sales (their product is a loan product).
  SecuredSales: [...caseWork, 'person.revealNationalId', ...customerContact],
  Telemarketing: ['application.read', 'application.update', 'application.create', ...customerContact],
  // Calls customers from a list; may look, may not change (not even a note or a queue item).
  TelemarketingLimited: ['application.read'],
  // Machine accounts (internal services) that act for the product.
  Service: [
    'application.read',
    'application.update',
    'application.changeStatus',
    'application.integrate',
    'offer.change',
  ],
  // Partners and the platform we migrated from send applications in; they cannot read ours.
  Partner: ['application.integrate'],
  Affiliate: ['application.integrate'],
  LegacyPlatform: ['application.integrate'],
};

/** Roles whose permissions hold in every country, whatever Country they carry. */
export const globalStaffRoles: readonly string[] = ['Super'];

function roleGrants(role: TokenRole, permission: StaffPermission): boolean {
  const granted = staffRolePermissions[role.Name as KnownRoleName];
  return granted?.includes(permission) ?? false;
}

/**
 * The countries in which `roles` hold `permission`. A country-scoped role without a Country grants
 * nothing: staff access is always to a market (docs/decisions/0006).
 */
export function staffCountriesWith(roles: readonly TokenRole[], permission: StaffPermission): Country[] {
  const granted = new Set<Country>();
  for (const role of roles) {
    if (!roleGrants(role, permission)) continue;
    if (globalStaffRoles.includes(role.Name)) return [...countries];
    if (role.Country) granted.add(role.Country);
  }
  return countries.filter((country) => granted.has(country));
}

/** Whether `roles` hold `permission` for an application of `country`. */
export function staffMay(roles: readonly TokenRole[], permission: StaffPermission, country: string): boolean {
  return staffCountriesWith(roles, permission).includes(country as Country);
}
