import { type StaffPermission, staffCountriesWith, staffMay } from '@nordloan/domain/access';
import type { Country } from '@nordloan/domain/enums';
import { complianceRoles } from '@nordloan/domain/status-machine';
import type { CallerProfile } from './world.ts';

// THE access policy of every route, one line each, keyed by method and path as Fastify registers them.
// The route × caller matrix (route-matrix.test.ts) reads the server's own route table and fails on any
// route missing here, so a new route cannot go untested. Rules: docs/decisions/0006 and 0025.

export type RoutePolicy = AccessRule & {
  /**
   * §8 messages an allowed caller may still get as 401/403 from a business rule (one active application
   * per product, an unknown magic token): anything else refused to an allowed caller fails the matrix.
   */
  allowedRefusals?: string[];
  /** The back-office gate (ADR 0020): staff must also sign in as an enabled agent (not disabled, not a machine). */
  agent?: true;
};

type AccessRule =
  /** Anyone, without a token (a bad token is still refused: the auth hook checks every token it gets). */
  | { access: 'public' }
  /** CORS preflight: answered before any token is read (browsers never send one), and never with data. */
  | { access: 'preflight' }
  /** Any valid token; what it sees is its own (e.g. /auth/me, lists filtered to the caller). */
  | { access: 'signedIn' }
  /**
   * The application in the path: its owner and co-applicant (unless `applicants` says otherwise), and
   * staff holding every one of `staff` in its country (Super: all countries).
   */
  | {
      access: 'application';
      /** null: no staff role may (e.g. only the customer withdraws). */
      staff: StaffPermission[] | null;
      /** Staff must also hold one of these roles in the application's country (Super: everywhere). */
      staffRoles?: readonly string[];
      applicants?: 'parties' | 'none';
    }
  /** The owner's customer record (or their person record): themselves, and staff by `staff` (null: no staff). */
  | { access: 'customer' | 'person'; staff: StaffPermission[] | null; coApplicant?: boolean }
  /** Staff holding `staff` in the country the request names (Norway here, or `country`); no applicant. */
  | { access: 'staff'; staff: StaffPermission[]; country?: Country }
  /** A lender's service account (Lender role, subject lender:<id>) for its own offers, or Super staff. */
  | { access: 'lender' }
  /**
   * Signed by the lender's own secret (the lender API's callbacks, ADR 0062): no token opens it, so every
   * caller of the matrix is refused (401: unsigned, before the lender is looked up).
   */
  | { access: 'lenderSignature' }
  /**
   * The lender portal (ADR 0068): only a Lender-role agent tied to a lender, for its own lender's
   * applications. The world has none, so every caller is refused; lender-portal.test.ts holds the allowed side.
   */
  | { access: 'lenderPortal' }
  /** The owner acting for themselves (the body names their customer), or staff holding `staff`. */
  | { access: 'self'; staff: StaffPermission[] }
  /** Any member of staff signed in as an enabled agent (GET /backoffice/me); applicants are refused. */
  | { access: 'agent' }
  /** Lists: staff holding `staff` in ANY country, filtered to those countries (none of the world's data for the others). */
  | { access: 'anyCountry'; staff: StaffPermission[] };

const ACTIVE_EXISTS = 'An active application for this product already exists';
// Staff never take out insurance for a customer; a customer token without a person has not used its e-ID.
const INSURANCE_APPLICANT_ONLY = [
  'Only the customer takes out insurance and signs its mandates',
  'Only the customer signs insurance mandates',
  'Sign in with your e-ID first',
];

const rateWatch: RoutePolicy = {
  access: 'application',
  staff: null,
  allowedRefusals: ['Only the main applicant, who took the loan, manages its rate watch'],
};
const read: RoutePolicy = { access: 'application', staff: ['application.read'] };
const write: RoutePolicy = { access: 'application', staff: ['application.read', 'application.update'] };
// A status change is a write; which move a role may make is the transition table's (409 otherwise).
const changeStatus: RoutePolicy = {
  access: 'application',
  staff: ['application.read', 'application.update'],
  applicants: 'none',
};

// Back office: a record of the world's application or its country (application, assignment, call order or
// record, person check, agent): 404 without application.read there, 403 without the permission; staff only.
const backofficeRecord = (staff: StaffPermission[]): RoutePolicy => ({
  access: 'application',
  staff: ['application.read', ...staff],
  applicants: 'none',
  agent: true,
});
// Back-office lists and searches: any country where the caller holds the permission, filtered to them.
const backofficeList = (staff: StaffPermission[]): RoutePolicy => ({
  access: 'anyCountry',
  staff,
  agent: true,
});

export const routePolicies: Record<string, RoutePolicy> = {
  // ── platform ──
  // CORS preflight (@fastify/cors): answers every path, never with data.
  'OPTIONS *': { access: 'preflight' },
  'GET /docs': { access: 'public' },
  'GET /docs/static/index.html': { access: 'public' },
  'GET /docs/static/swagger-initializer.js': { access: 'public' },
  'GET /docs/static/*': { access: 'public' },
  'GET /docs/json': { access: 'public' },
  'GET /docs/yaml': { access: 'public' },
  'GET /openapi.json': { access: 'public' },
  // The lender API's document (ADR 0062): what a lender reads before it has any account with us.
  'GET /lender-api/openapi.json': { access: 'public' },
  // Open as the tests configure it (no METRICS_TOKEN); with a token only its bearer, in production without one
  // absent (ADR 0051, plugins/metrics.test.ts).
  'GET /metrics': { access: 'public' },
  'GET /health': { access: 'public' },
  'GET /health/live': { access: 'public' },
  'GET /health/ready': { access: 'public' },
  'GET /dev/mailbox': { access: 'public' },
  // Development inbox (ADR 0030): outside production only, like the dev login; 404 in production.
  'GET /dev/inbox': { access: 'public' },
  'GET /dev/inbox/messages': { access: 'public' },
  'GET /.well-known/jwks.json': { access: 'public' },
  // ── sign-in ──
  'GET /auth/me': { access: 'signedIn' },
  'POST /auth/magic-token': { access: 'public', allowedRefusals: ['Invalid or expired magic token'] },
  'POST /auth/dev/login': { access: 'public' },
  'POST /auth/dev/staff-login': { access: 'public' },
  // The e-ID login (ADR 0029): anyone may start one; the callback is the provider's redirect, checked by
  // its state, browser binding, code and ID token (a sample request without them is a 400).
  'POST /auth/oidc/:provider/start': { access: 'public' },
  'GET /auth/oidc/callback': {
    access: 'public',
    allowedRefusals: ['The login is unknown, expired or already used'],
  },
  'GET /api/cms/terms-and-conditions': { access: 'public' },
  'POST /calculator/loan-cost': { access: 'public' },
  'GET /calculator/representative-example': { access: 'public' },
  // ── applications ──
  'GET /loan-application': { access: 'signedIn' },
  'POST /loan-application': {
    access: 'self',
    staff: ['application.create'],
    allowedRefusals: [ACTIVE_EXISTS],
  },
  'GET /loan-application/statuses/all': { access: 'signedIn' },
  'POST /loan-application/check/app': { access: 'signedIn' },
  'GET /loan-application/check/app/:id': read,
  'GET /loan-application/magic/:magicToken': { access: 'public' },
  'GET /loan-application/:id': read,
  'PATCH /loan-application/:id': write,
  'GET /loan-application/:id/revisions': read,
  'GET /loan-application/:id/revisions/:revision': read,
  'PATCH /loan-application/:id/step-complete': write,
  'POST /loan-application/:id/clone': {
    access: 'application',
    staff: ['application.read', 'application.clone'],
    allowedRefusals: [ACTIVE_EXISTS],
  },
  'POST /loan-application/:id/archive': {
    access: 'application',
    staff: ['application.read', 'application.update', 'application.archive'],
  },
  'DELETE /loan-application/:id/co-applicant': write,
  'PATCH /loan-application/:id/application-complete': write,
  // §7: only the customer withdraws (their right of withdrawal); staff end an application by status.
  'POST /loan-application/:id/withdraw': { access: 'application', staff: null },
  // CCD2 art. 26 (ADR 0066): withdrawal from the signed credit agreement — the applicants; staff may read it.
  'GET /loan-application/:id/credit-withdrawal': { access: 'application', staff: ['application.read'] },
  'POST /loan-application/:id/credit-withdrawal': { access: 'application', staff: null },
  // Issue 36 item 1 (ADR 0075): the credit agreement signed with e-ID — the applicants sign; staff may read.
  'GET /loan-application/:id/agreement': read,
  'POST /loan-application/:id/agreement/signatures': { access: 'application', staff: null },
  'GET /loan-application/:id/agreement/signatures/:signatureId': read,
  'GET /loan-application/:id/agreement/document': read,
  'GET /loan-application/:id/agreement/evidence': read,
  'POST /loan-application/:id/block': { ...changeStatus, staffRoles: complianceRoles },
  'POST /loan-application/:id/status': changeStatus,
  'POST /loan-application/:id/resubmission': write,
  'GET /loan-application/:id/lending': read,
  // Issue 13: the transparency view (staff read it too); the live stream is the applicants' own.
  'GET /loan-application/:id/transparency': read,
  // Issue 13 item 7 (ADR 0037): the contact log (masked addresses, no bodies), staff read it in the 360 view.
  'GET /loan-application/:id/contact-log': read,
  'GET /loan-application/:id/events': { access: 'application', staff: null },
  // Changes every open offer: a write (each change also needs offer.change, as POST /loan-quote/:quoteId/change).
  'POST /loan-application/:id/re-quote': {
    access: 'application',
    staff: ['application.read', 'application.update', 'offer.change'],
  },
  'POST /loan-application/:id/magic-link': write,
  // Issue 13 item 8 (ADR 0038): only the main applicant invites and sees the invite; no staff role.
  'POST /loan-application/:id/co-applicant-invite': {
    access: 'application',
    staff: null,
    allowedRefusals: ['Only the main applicant invites a co-applicant'],
  },
  'GET /loan-application/:id/co-applicant-invite': {
    access: 'application',
    staff: null,
    allowedRefusals: ['Only the main applicant invites a co-applicant'],
  },
  // Any signed-in caller may try a token; only the co-applicant it names gets further (the service checks).
  'POST /co-applicant-invite/accept': {
    access: 'signedIn',
    allowedRefusals: ['Invalid or expired invite', 'Only the invited co-applicant accepts an invite'],
  },
  'GET /loan-application/:id/channel-snapshot': read,
  'POST /loan-application/:id/channel-snapshot': write,
  'POST /v1/loan-application': {
    access: 'self',
    staff: ['application.integrate'],
    allowedRefusals: [ACTIVE_EXISTS],
  },
  'POST /v1/loan-application/reapply/:id': {
    access: 'application',
    staff: ['application.read', 'application.clone'],
    allowedRefusals: [ACTIVE_EXISTS],
  },
  // ── sub-records and documents ──
  ...Object.fromEntries(
    ['car', 'child', 'debt', 'expense'].flatMap((kind) => [
      [`GET /loan-application/:id/${kind}`, read],
      [`POST /loan-application/:id/${kind}`, write],
      [`PATCH /loan-application/:id/${kind}`, write],
      [`DELETE /loan-application/:id/${kind}`, write],
    ]),
  ),
  'POST /loan-application/:id/documents': write,
  'GET /loan-application/:id/documents': read,
  'GET /loan-application/:id/document-requests': read,
  'POST /loan-application/:id/document-requests/:requestId/share': write,
  'GET /loan-application/:id/documents/:documentId': read,
  'PATCH /loan-application/:id/documents/:documentId': write,
  'DELETE /loan-application/:id/documents/:documentId': write,
  // Verified income from the bank (ADR 0076): only the applicants connect and correct; staff read.
  'POST /loan-application/:id/bank-data/connect': { access: 'application', staff: null },
  'GET /bank-data/callback': { access: 'public' },
  'GET /loan-application/:id/bank-data': read,
  'PUT /loan-application/:id/bank-data/corrections': {
    access: 'application',
    staff: null,
    allowedRefusals: ['No figures from the bank to correct'],
  },
  'DELETE /loan-application/:id/bank-data': { access: 'application', staff: null },
  // Debts from the national debt register (ADR 0079): only the applicants consent and correct; staff read.
  'GET /loan-application/:id/debt-register': read,
  'POST /loan-application/:id/debt-register/fetch': {
    access: 'application',
    staff: null,
    allowedRefusals: [
      'There is no debt register to ask in this country; the credit bureau is asked once at intake',
    ],
  },
  'PUT /loan-application/:id/debt-register/debts/:debtId': {
    access: 'application',
    staff: null,
    allowedRefusals: ['No such debt from the debt register', 'No debt register inquiry'],
  },
  // Refinancing (ADR 0080): the chosen debts against each offer; the applicants and staff of the country read.
  'GET /loan-application/:id/refinancing': read,
  // Rate watch after the loan (ADR 0081): only the main applicant, who took the loan; the co-applicant 403.
  ...Object.fromEntries(
    [
      'GET /loan-application/:id/rate-watch',
      'POST /loan-application/:id/rate-watch',
      'PATCH /loan-application/:id/rate-watch',
      'POST /loan-application/:id/rate-watch/stop',
      'POST /loan-application/:id/rate-watch/renew',
    ].map((route) => [route, rateWatch]),
  ),
  // Secured loans (ADR 0027): the property the loan is secured on, its register lookup and loan-to-value.
  'PUT /loan-application/:id/property': write,
  'GET /loan-application/:id/property': read,
  // One-form pre-check and discovery pre-qualification (ADR 0028): answers only, nothing stored or read.
  'POST /loan-application/pre-check': { access: 'public' },
  // Approval odds (ADR 0074): the applicant's figures only, nothing stored, no credit inquiry.
  'POST /approval-odds': { access: 'public' },
  'GET /loan-application/:id/documents/:documentId/content': read,
  // ── offers ──
  'POST /loan-quote/:quoteId/accept': write,
  'POST /loan-quote/:quoteId/change': write,
  'POST /loan-quote/:quoteId/go-to-bank': read,
  'GET /loan-quote/:quoteId/secci': read,
  'GET /loan-quote/:quoteId/secci.pdf': read,
  'GET /loan-quote-presentation/application/:id/quotes': read,
  'GET /loan-quote-presentation/v2/application/:id/quotes': read,
  'GET /loan-quote-presentation/v2/application/:id/payment-remarks': read,
  'GET /loan-quote-presentation/product-recommendation/loan-application/:id/latest': read,
  'POST /loan-quote-presentation/product-recommendation/loan-application/:id': write,
  'GET /loan-quote-presentation/consent/loan-application/:applicationId': read,
  'POST /loan-quote-presentation/consent/loan-application/:applicationId': write,
  ...Object.fromEntries(
    ['disbursement-decision', 'disbursed', 'not-disbursed', 'clawback', 'cancelled'].map((event) => [
      `POST /lender-callback/:lenderId/loan-quote/:quoteId/${event}`,
      { access: 'lender' } satisfies RoutePolicy,
    ]),
  ),
  'POST /lender-api/callbacks/:lenderId': { access: 'lenderSignature' },
  // The circuits of the lenders called over HTTP, in the markets where the caller may read applications.
  'GET /backoffice/lender-api/circuits': backofficeList(['application.read']),
  // ── customers, persons, consent, leads ──
  'POST /customer': { access: 'public' },
  'GET /customer': { access: 'staff', staff: ['application.read'] },
  'GET /customer/:id': { access: 'customer', staff: ['application.read'] },
  'PATCH /customer/:id': { access: 'customer', staff: ['application.read', 'application.update'] },
  'DELETE /customer/:id/consent': { access: 'customer', staff: ['application.read', 'application.update'] },
  'POST /person': { access: 'staff', staff: ['application.update'] },
  'GET /person/:id': { access: 'person', staff: ['application.read'] },
  'PATCH /person/:id': { access: 'person', staff: ['application.read', 'application.update'] },
  // A register lookup is the person's own to make (issue 38): no staff role reaches it.
  'GET /person/:id/registered-address': { access: 'person', staff: null },
  // Issue 36 item 3 (ADR 0069): the person's own data export and erasure request; no staff role reaches them.
  'GET /person/:id/data-export': { access: 'person', staff: null },
  'GET /person/:id/data-export.pdf': { access: 'person', staff: null },
  'GET /person/:id/erasure-request': { access: 'person', staff: null },
  'POST /person/:id/erasure-request': { access: 'person', staff: null },
  'GET /backoffice/erasure-requests': backofficeList(['audit.read']),
  'GET /backoffice/erasure-requests/:id': backofficeRecord(['audit.read']),
  'POST /backoffice/erasure-requests/:id/close': backofficeRecord(['audit.read']),
  'GET /consent/v2/config/snapshot': { access: 'public' },
  'GET /consent/v2/consent': { access: 'signedIn' },
  'GET /consent/v2/consent/items': { access: 'signedIn' },
  'POST /consent/v1/consent': { access: 'signedIn' },
  'GET /consent/v1/partner': { access: 'signedIn' },
  'PATCH /consent/v1/consent/:country/:customerID': {
    access: 'customer',
    staff: ['application.read', 'application.update'],
  },
  // ── back office (issue 9, ADR 0020/0022): every route behind the agent gate ──
  // Development sign-in page's agent list (absent in production, like POST /auth/dev/login).
  'GET /backoffice/dev/agents': { access: 'public' },
  'GET /backoffice/me': { access: 'agent', agent: true },
  // Buckets are shared by all markets: holding the permission somewhere is enough.
  'GET /backoffice/buckets': backofficeList(['application.read']),
  'POST /backoffice/buckets': backofficeList(['bucket.admin']),
  'PATCH /backoffice/buckets/:id': backofficeList(['bucket.admin']),
  'GET /backoffice/buckets/summary': backofficeList(['application.read']),
  'GET /backoffice/assignments': backofficeList(['application.read']),
  'POST /backoffice/assignments/next': backofficeList(['queue.work']),
  // An item the caller hands to another agent (the matrix's AssigneeID is nobody): queue.assign.
  'POST /backoffice/assignments/:id/assign': backofficeRecord(['queue.assign']),
  // An unassigned item (or the caller's own): queue.work.
  'POST /backoffice/assignments/:id/processed': backofficeRecord(['queue.work']),
  'GET /backoffice/search': backofficeList(['application.read']),
  'GET /backoffice/applications/:id': backofficeRecord([]),
  'POST /backoffice/applications/:id/notes': backofficeRecord(['application.note']),
  'POST /backoffice/applications/:id/withdraw': backofficeRecord(['application.withdraw']),
  'POST /backoffice/applications/:id/magic-link': backofficeRecord(['magicLink.resend']),
  'GET /backoffice/applications/:id/audit': backofficeRecord(['audit.read']),
  'GET /backoffice/call-list': backofficeList(['call.make']),
  'POST /backoffice/call-orders': backofficeRecord(['call.make']),
  'POST /backoffice/call-orders/:id/calls': backofficeRecord(['call.make']),
  'GET /backoffice/call-records': backofficeList(['application.read']),
  'GET /backoffice/call-records/:id': backofficeRecord([]),
  'POST /backoffice/call-records/:id/wrap-up': backofficeRecord(['call.make']),
  'GET /backoffice/agents': backofficeList(['application.read']),
  'PATCH /backoffice/agents/:id': backofficeRecord(['agent.admin']),
  'POST /backoffice/applications/:id/screening': backofficeRecord(['screening.review']),
  'GET /backoffice/screening/reviews': backofficeList(['screening.review']),
  'POST /backoffice/person-checks/:id/decision': backofficeRecord(['screening.review']),
  // ── human review of automated decisions (CCD2 art. 18(8), ADR 0065): the applicant asks, staff of the country answer ──
  'GET /loan-application/:id/human-review': { access: 'application', staff: ['application.read'] },
  'POST /loan-application/:id/human-review': { access: 'application', staff: null },
  'GET /backoffice/human-reviews': backofficeList(['humanReview.answer']),
  'GET /backoffice/human-reviews/:id': backofficeRecord(['humanReview.answer']),
  'POST /backoffice/human-reviews/:id/answer': backofficeRecord(['humanReview.answer']),
  // ── regulatory figures (issue 17): behind the agent gate; the body names the country ──
  'GET /backoffice/regulatory-figures': backofficeList(['regulatoryFigures.read']),
  // Only SE and FI have figures: the matrix's body adds a Swedish period (the SE Manager may, Norway's not).
  'POST /backoffice/regulatory-figures': {
    access: 'staff',
    staff: ['regulatoryFigures.manage'],
    country: 'SE',
    agent: true,
  },
  // ── the lender panel as data (ADR 0067): the lender's country's Manager (the world's lender is Norwegian) ──
  'GET /backoffice/lenders': backofficeList(['lender.manage']),
  'POST /backoffice/lenders': { access: 'staff', staff: ['lender.manage'], agent: true },
  'GET /backoffice/lenders/:lenderId': { access: 'staff', staff: ['lender.manage'], agent: true },
  'PATCH /backoffice/lenders/:lenderId': { access: 'staff', staff: ['lender.manage'], agent: true },
  'POST /backoffice/lenders/:lenderId/pause': { access: 'staff', staff: ['lender.manage'], agent: true },
  'POST /backoffice/lenders/:lenderId/resume': { access: 'staff', staff: ['lender.manage'], agent: true },
  'GET /backoffice/lenders/:lenderId/users': { access: 'staff', staff: ['lender.manage'], agent: true },
  'POST /backoffice/lenders/:lenderId/users': { access: 'staff', staff: ['lender.manage'], agent: true },
  'GET /backoffice/lender-portal/me': { access: 'lenderPortal' },
  'GET /backoffice/lender-portal/applications': { access: 'lenderPortal' },
  'GET /backoffice/lender-portal/applications/:reference': { access: 'lenderPortal' },
  'POST /backoffice/lender-portal/applications/:reference/offer': { access: 'lenderPortal' },
  'POST /backoffice/lender-portal/applications/:reference/decline': { access: 'lenderPortal' },
  'POST /backoffice/lender-portal/applications/:reference/documents': { access: 'lenderPortal' },
  'GET /lead/:id': read,
  'POST /lead/:id': write,
  'DELETE /lead/:id/:leadId': write,
  // ── insurance (ADR 0026): each caller's own requests and policies (others' answer 404); staff read by
  // application.read in the request's country. Only the insured person takes it out and signs mandates.
  'GET /insurance/v2/eligibility': { access: 'signedIn' },
  'POST /insurance/v2/eligibility': { access: 'signedIn', allowedRefusals: INSURANCE_APPLICANT_ONLY },
  'POST /insurance/v2/mandate/:provider': { access: 'signedIn', allowedRefusals: INSURANCE_APPLICANT_ONLY },
  'GET /insurance/v2/mandate/:provider/:id': { access: 'signedIn' },
  'GET /insurance/v2/policy': { access: 'signedIn' },
  'POST /insurance/v2/policy/:id/termination': { access: 'signedIn' },
  'POST /insurance-payment-mandate/:kind': { access: 'signedIn', allowedRefusals: INSURANCE_APPLICANT_ONLY },
  'GET /insurance-payment-mandate/:kind': { access: 'signedIn' },
  'GET /insurance-payment-mandate/:kind/:id': { access: 'signedIn' },
};

export type Expectation = 'allow' | 'deny';

const NO = 'NO';
function staffHolds(profile: CallerProfile, permissions: StaffPermission[], country: string = NO): boolean {
  return profile.kind === 'staff' && permissions.every((p) => staffMay(profile.roles, p, country));
}

function staffHoldsAnywhere(profile: CallerProfile, permissions: StaffPermission[]): boolean {
  return (
    profile.kind === 'staff' && permissions.every((p) => staffCountriesWith(profile.roles, p).length > 0)
  );
}

/**
 * An allowed caller that must still see none of the world's data: a list route (`anyCountry`) called by
 * staff holding the permission only in other countries than the world's (Norway).
 */
export function seesOnlyOtherCountries(policy: RoutePolicy, profile: CallerProfile): boolean {
  return policy.access === 'anyCountry' && !staffHolds(profile, policy.staff);
}

function holdsRole(profile: CallerProfile, names: readonly string[]): boolean {
  return (
    profile.kind === 'staff' &&
    profile.roles.some((role) => names.includes(role.Name) && (role.Name === 'Super' || role.Country === NO))
  );
}

/** Whether `profile` may pass the route's access check under `policy`. */
export function expectationFor(policy: RoutePolicy, profile: CallerProfile): Expectation {
  if (policy.access === 'preflight') return 'allow';
  if (profile.kind === 'badToken') return 'deny';
  if (policy.agent && profile.kind === 'staff' && profile.agent !== undefined) return 'deny';
  const allow = (yes: boolean): Expectation => (yes ? 'allow' : 'deny');
  switch (policy.access) {
    case 'public':
      return 'allow';
    case 'lenderSignature':
    case 'lenderPortal':
      return 'deny';
    case 'signedIn':
      return allow(profile.kind !== 'anonymous');
    case 'self':
      return allow(profile.kind === 'owner' || staffHolds(profile, policy.staff));
    case 'application':
      if (profile.kind === 'owner' || profile.kind === 'coApplicant')
        return allow(policy.applicants !== 'none');
      return allow(
        policy.staff !== null &&
          staffHolds(profile, policy.staff) &&
          (policy.staffRoles === undefined || holdsRole(profile, policy.staffRoles)),
      );
    case 'customer':
    case 'person':
      if (profile.kind === 'owner') return 'allow';
      if (profile.kind === 'coApplicant') return allow(policy.coApplicant === true);
      return allow(policy.staff !== null && staffHolds(profile, policy.staff));
    case 'staff':
      return allow(staffHolds(profile, policy.staff, policy.country));
    case 'agent':
      return allow(profile.kind === 'staff');
    case 'anyCountry':
      return allow(staffHoldsAnywhere(profile, policy.staff));
    case 'lender':
      return allow(
        profile.kind === 'staff' &&
          profile.roles.some(
            (role) => role.Name === 'Super' || (role.Name === 'Lender' && role.Country === NO),
          ),
      );
  }
}
