import { z } from 'zod';

// §4 "Application statuses (numbered)": code and name exactly as the spec gives them. The hundreds are
// the phase (1 applying, 2 completed/registration, 3 bank decision, 4 customer decision, 5 disbursement
// decision, 6 disbursement, 7 disbursed); inside a phase x70 = negative end, x80 cancelled, x89 expired,
// x90 withdrawn.
export const applicationStatuses = [
  { code: 100, name: 'Started' },
  { code: 155, name: 'Pending co-applicant' },
  { code: 160, name: 'Pending receipt, customer input complete' },
  { code: 161, name: 'Cloned' },
  { code: 162, name: 'Blocked' },
  { code: 169, name: 'Validation failed' },
  { code: 180, name: 'Pending receipt, fetching external data' },
  { code: 181, name: 'Fetching external data failed' },
  { code: 189, name: 'Expired' },
  { code: 190, name: 'Withdrawn by customer' },
  { code: 198, name: 'Blocked by sanctions' },
  { code: 199, name: 'Fraud' },
  { code: 200, name: 'Completed' },
  { code: 201, name: 'Review, manual adjustment' },
  { code: 209, name: 'Review, automatic adjustment' },
  { code: 210, name: 'Pending registration with banks' },
  { code: 270, name: 'Not registered with any bank' },
  { code: 280, name: 'Cancelled' },
  { code: 289, name: 'Expired' },
  { code: 290, name: 'Withdrawn' },
  { code: 299, name: 'Duplicate' },
  { code: 300, name: 'Registered' },
  { code: 305, name: 'Grooming' },
  { code: 310, name: 'Pending bank approval' },
  { code: 370, name: 'Not approved by any bank' },
  { code: 380, name: 'Cancelled' },
  { code: 388, name: 'Cloned for resubmission with co-applicant' },
  { code: 389, name: 'Expired' },
  { code: 390, name: 'Withdrawn' },
  { code: 400, name: 'Offer approved' },
  { code: 410, name: 'Pending customer accept' },
  { code: 470, name: 'Not accepted by customer' },
  { code: 480, name: 'Cancelled' },
  { code: 489, name: 'Expired' },
  { code: 490, name: 'Withdrawn' },
  { code: 500, name: 'Offer accepted' },
  { code: 510, name: 'Pending bank approval for disbursement' },
  { code: 570, name: 'Not approved for disbursement' },
  { code: 580, name: 'Cancelled' },
  { code: 588, name: 'Cloned for resubmission' },
  { code: 589, name: 'Expired' },
  { code: 590, name: 'Withdrawn' },
  { code: 600, name: 'Approved for disbursement' },
  { code: 610, name: 'Pending disbursement' },
  { code: 670, name: 'Not disbursed' },
  { code: 680, name: 'Disbursement cancelled' },
  { code: 688, name: 'Cloned for resubmission' },
  { code: 689, name: 'Expired' },
  { code: 690, name: 'Withdrawn' },
  { code: 700, name: 'Loan disbursed' },
  { code: 800, name: 'Clawbacked' },
] as const satisfies readonly { code: number; name: string }[];

export type ApplicationStatus = (typeof applicationStatuses)[number];
export type ApplicationStatusCode = ApplicationStatus['code'];

export const applicationStatusCodes: readonly ApplicationStatusCode[] = applicationStatuses.map(
  (status) => status.code,
);
export const applicationStatusCodeSchema = /* @__PURE__ */ z.literal(
  applicationStatusCodes as readonly ApplicationStatusCode[],
);

const applicationStatusNameByCode: ReadonlyMap<number, string> = new Map(
  applicationStatuses.map((status) => [status.code, status.name]),
);

export function isApplicationStatusCode(code: number): code is ApplicationStatusCode {
  return applicationStatusNameByCode.has(code);
}

export function statusName(code: ApplicationStatusCode): string {
  return applicationStatusNameByCode.get(code)!;
}

// ── Status groups ─────────────────────────────────────────────────────────────────────────────────

// §4 names the sixteen groups (and §7 filters GET /loan-application by `group`) but not their
// members. THE membership table below is our decision: docs/decisions/0003-status-groups.md.
export const statusGroupNames = [
  'Editable',
  'Active',
  'Cancelled',
  'Registered',
  'Accepted',
  'Disbursing',
  'Incomplete',
  'Grooming',
  'Disbursed',
  'Approved',
  'Cloned',
  'Blocked',
  'Expired',
  'ClonedForResubmission',
  'WithdrawnByCustomer',
  'Unsubmitted',
] as const;
export const statusGroupSchema = /* @__PURE__ */ z.enum(statusGroupNames);
export type StatusGroup = z.infer<typeof statusGroupSchema>;

export const statusGroups = {
  // Not yet received by us: the applicant is still filling in, or we are still receiving it.
  Unsubmitted: [100, 155, 160, 169, 180, 181],
  // The applicant may still change the form: not while we are receiving it (160, 180).
  Editable: [100, 155, 169, 181],
  // The applicant's input is missing or invalid.
  Incomplete: [100, 155, 169],
  // Still moving: every status that is not an end state (see isTerminalStatus).
  Active: [100, 155, 160, 169, 180, 181, 200, 201, 209, 210, 300, 305, 310, 400, 410, 500, 510, 600, 610],
  // Registered with banks, waiting for their decision.
  Registered: [300, 305, 310],
  Grooming: [305],
  // A bank approved; waiting for the customer.
  Approved: [400, 410],
  // The customer accepted; waiting for the bank's disbursement decision.
  Accepted: [500, 510],
  // Approved for disbursement, money not yet paid out.
  Disbursing: [600, 610],
  // The loan was paid out; a clawback (800) concerns our commission, the loan was still disbursed.
  Disbursed: [700, 800],
  Cancelled: [280, 380, 480, 580, 680],
  Expired: [189, 289, 389, 489, 589, 689],
  // §3 names 'Withdrawn-by-customer' as the only withdrawal reason: every x90 is the customer's.
  WithdrawnByCustomer: [190, 290, 390, 490, 590, 690],
  Cloned: [161, 388, 588, 688],
  ClonedForResubmission: [388, 588, 688],
  Blocked: [162, 198, 199],
} as const satisfies Record<StatusGroup, readonly ApplicationStatusCode[]>;

export function statusesInGroups(groups: readonly StatusGroup[]): ApplicationStatusCode[] {
  const codes = new Set<ApplicationStatusCode>(groups.flatMap((group) => statusGroups[group]));
  return applicationStatusCodes.filter((code) => codes.has(code));
}

export function groupsOfStatus(code: ApplicationStatusCode): StatusGroup[] {
  return statusGroupNames.filter((group) => (statusGroups[group] as readonly number[]).includes(code));
}

/**
 * End states: expired, withdrawn, cancelled, not registered/approved/accepted/disbursed, duplicate,
 * blocked, fraud, cloned (work continues on the clone), disbursed and clawbacked. Defined as "not Active"
 * so the group table stays the one source.
 */
export function isTerminalStatus(code: ApplicationStatusCode): boolean {
  return !(statusGroups.Active as readonly number[]).includes(code);
}

// ── Statuses by name ──────────────────────────────────────────────────────────────────────────────

// Code outside this file and status-machine.ts tests and lists statuses by these names, the groups above
// and the predicates below, never by three-digit numbers (`npm run lint`, scripts/check-status-literals.mjs).
// The spec's names, made unique by their phase where §4 repeats one (Expired, Cancelled, Withdrawn, Cloned).
export const applicationStatus = {
  started: 100,
  pendingCoApplicant: 155,
  submitted: 160,
  cloned: 161,
  blocked: 162,
  validationFailed: 169,
  fetchingExternalData: 180,
  externalDataFailed: 181,
  expiredWhileApplying: 189,
  withdrawnWhileApplying: 190,
  blockedBySanctions: 198,
  fraud: 199,
  completed: 200,
  manualReview: 201,
  automaticReview: 209,
  pendingRegistration: 210,
  notRegistered: 270,
  cancelledInRegistration: 280,
  expiredInRegistration: 289,
  withdrawnInRegistration: 290,
  duplicate: 299,
  registered: 300,
  grooming: 305,
  pendingBankApproval: 310,
  notApproved: 370,
  cancelledInBankDecision: 380,
  clonedWithCoApplicant: 388,
  expiredInBankDecision: 389,
  withdrawnInBankDecision: 390,
  offerApproved: 400,
  pendingCustomerAccept: 410,
  notAccepted: 470,
  cancelledInCustomerDecision: 480,
  expiredInCustomerDecision: 489,
  withdrawnInCustomerDecision: 490,
  offerAccepted: 500,
  pendingDisbursementApproval: 510,
  notApprovedForDisbursement: 570,
  cancelledInDisbursementDecision: 580,
  clonedForResubmission: 588,
  expiredInDisbursementDecision: 589,
  withdrawnInDisbursementDecision: 590,
  approvedForDisbursement: 600,
  pendingDisbursement: 610,
  notDisbursed: 670,
  disbursementCancelled: 680,
  clonedForResubmissionInDisbursement: 688,
  expiredInDisbursement: 689,
  withdrawnInDisbursement: 690,
  loanDisbursed: 700,
  clawbacked: 800,
} as const satisfies Record<string, ApplicationStatusCode>;

/** Whether `code` is a member of §4's group `group` (statusGroups). */
export function isInStatusGroup(code: number, group: StatusGroup): boolean {
  return (statusGroups[group] as readonly number[]).includes(code);
}

// §4's phases: the hundreds of a code (see the head of applicationStatuses). Clawback (800) follows the payout.
export const statusPhases = {
  applying: 1,
  registration: 2,
  bankDecision: 3,
  customerDecision: 4,
  disbursementDecision: 5,
  disbursement: 6,
  disbursed: 7,
  clawback: 8,
} as const;
export type StatusPhase = (typeof statusPhases)[keyof typeof statusPhases];

/** The phase a status code is in (statusPhases). */
export function statusPhase(code: number): number {
  return Math.floor(code / 100);
}

/**
 * The applicant is still filling in the form: Started, Pending co-applicant, and Cloned (a clone is a form
 * to go through again). Not a §4 group: the back office does not filter by it.
 */
export const stillApplyingStatuses: readonly number[] = [
  applicationStatus.started,
  applicationStatus.pendingCoApplicant,
  applicationStatus.cloned,
];

/** Blocks for sanctions and fraud: staff see them, applicants see the ordinary block (162). */
export const amlBlockStatuses: readonly number[] = [
  applicationStatus.blockedBySanctions,
  applicationStatus.fraud,
];

// ── Finer status codes (back-office family) ───────────────────────────────────────────────────────

// §4 "Coarse statuses: Active, Cancelled, Registered, PendingRegistration, NotRegistered".
export const coarseStatuses = [
  'Active',
  'Cancelled',
  'Registered',
  'PendingRegistration',
  'NotRegistered',
] as const;
export const coarseStatusSchema = /* @__PURE__ */ z.enum(coarseStatuses);
export type CoarseStatus = z.infer<typeof coarseStatusSchema>;

// §4 "Finer status codes": per-bank request statuses. Where the spec lists a range with reasons
// ("261 to 269 Not Registered (PID error, address error, …)") each reason gets its own code in the order
// given and the last reason ('other') takes the x9 code, as 249/349/449/549 do; codes of a range that no
// reason fills (e.g. 268) are not issued. Reasons for ranges the spec leaves unnamed (461–469, 511–519,
// 561–569, the x81–x95 end variants) are OUR CHOICE. Coarse mapping: before the bank has the request →
// PendingRegistration; the bank has it and has not decided → Registered; positive path from approval to
// disbursement → Active; registration failed → NotRegistered; every other negative end → Cancelled.
// See docs/decisions/0003-status-groups.md.
export const finerStatuses = [
  { code: 211, name: 'Pending Registration', coarse: 'PendingRegistration' },
  { code: 212, name: 'Pending Registration, manual adjustment', coarse: 'PendingRegistration' },
  { code: 213, name: 'Pending Registration, automatic adjustment', coarse: 'PendingRegistration' },
  { code: 249, name: 'Pending Registration, other', coarse: 'PendingRegistration' },
  { code: 251, name: 'Registered', coarse: 'Registered' },
  { code: 261, name: 'Not Registered, PID error', coarse: 'NotRegistered' },
  { code: 262, name: 'Not Registered, address error', coarse: 'NotRegistered' },
  { code: 263, name: 'Not Registered, bank error', coarse: 'NotRegistered' },
  { code: 264, name: 'Not Registered, credit score', coarse: 'NotRegistered' },
  { code: 265, name: 'Not Registered, bank disabled', coarse: 'NotRegistered' },
  { code: 266, name: 'Not Registered, bank filter', coarse: 'NotRegistered' },
  { code: 267, name: 'Not Registered, bank filter co-applicant', coarse: 'NotRegistered' },
  { code: 269, name: 'Not Registered, other', coarse: 'NotRegistered' },
  { code: 281, name: 'Cancelled', coarse: 'Cancelled' },
  { code: 291, name: 'Withdrawn', coarse: 'Cancelled' },

  { code: 311, name: 'Pending Bank Decision, validation', coarse: 'Registered' },
  { code: 312, name: 'Pending Bank Decision, form submit', coarse: 'Registered' },
  { code: 313, name: 'Pending Bank Decision, tax consent', coarse: 'Registered' },
  { code: 314, name: 'Pending Bank Decision, PSD2 consent', coarse: 'Registered' },
  { code: 315, name: 'Pending Bank Decision, documents', coarse: 'Registered' },
  { code: 316, name: 'Pending Bank Decision, information', coarse: 'Registered' },
  { code: 317, name: 'Pending Bank Decision, co-applicant', coarse: 'Registered' },
  { code: 318, name: 'Pending Bank Decision, signature', coarse: 'Registered' },
  { code: 319, name: 'Pending Bank Decision, slow response', coarse: 'Registered' },
  { code: 320, name: 'Pending Bank Decision, bank', coarse: 'Registered' },
  { code: 349, name: 'Pending Bank Decision, other', coarse: 'Registered' },
  { code: 351, name: 'Approved by Bank', coarse: 'Active' },
  { code: 361, name: 'Not Approved, duplicate', coarse: 'Cancelled' },
  { code: 362, name: 'Not Approved, re-register', coarse: 'Cancelled' },
  { code: 363, name: 'Not Approved, add co-applicant', coarse: 'Cancelled' },
  { code: 369, name: 'Not Approved, other', coarse: 'Cancelled' },
  { code: 381, name: 'Cancelled by bank', coarse: 'Cancelled' },
  { code: 382, name: 'Cancelled by broker', coarse: 'Cancelled' },
  { code: 383, name: 'Cancelled, cloned for resubmission', coarse: 'Cancelled' },
  { code: 389, name: 'Expired', coarse: 'Cancelled' },
  { code: 391, name: 'Withdrawn by customer', coarse: 'Cancelled' },
  { code: 392, name: 'Withdrawn by bank', coarse: 'Cancelled' },
  { code: 395, name: 'Expired, automatic end status', coarse: 'Cancelled' },

  { code: 411, name: 'Pending Customer Decision', coarse: 'Active' },
  { code: 448, name: 'Pending Customer Decision, accept failed', coarse: 'Active' },
  { code: 449, name: 'Pending Customer Decision, other', coarse: 'Active' },
  { code: 451, name: 'Accepted', coarse: 'Active' },
  { code: 452, name: 'Accepted, changed offer', coarse: 'Active' },
  { code: 461, name: 'Not Accepted, declined by customer', coarse: 'Cancelled' },
  { code: 462, name: 'Not Accepted, other offer accepted', coarse: 'Cancelled' },
  { code: 469, name: 'Not Accepted, other', coarse: 'Cancelled' },
  { code: 481, name: 'Cancelled by bank', coarse: 'Cancelled' },
  { code: 482, name: 'Cancelled by broker', coarse: 'Cancelled' },
  { code: 485, name: 'Rejected by bank', coarse: 'Cancelled' },
  { code: 489, name: 'Expired', coarse: 'Cancelled' },
  { code: 491, name: 'Withdrawn by customer', coarse: 'Cancelled' },
  { code: 492, name: 'Withdrawn by bank', coarse: 'Cancelled' },
  { code: 495, name: 'Expired, automatic end status', coarse: 'Cancelled' },

  { code: 511, name: 'Pending Bank Disbursement Decision, signature', coarse: 'Active' },
  { code: 512, name: 'Pending Bank Disbursement Decision, co-applicant signature', coarse: 'Active' },
  { code: 513, name: 'Pending Bank Disbursement Decision, identification', coarse: 'Active' },
  { code: 514, name: 'Pending Bank Disbursement Decision, documents', coarse: 'Active' },
  { code: 515, name: 'Pending Bank Disbursement Decision, information', coarse: 'Active' },
  { code: 516, name: 'Pending Bank Disbursement Decision, KYC', coarse: 'Active' },
  { code: 517, name: 'Pending Bank Disbursement Decision, refinancing details', coarse: 'Active' },
  { code: 518, name: 'Pending Bank Disbursement Decision, payout account', coarse: 'Active' },
  { code: 519, name: 'Pending Bank Disbursement Decision, bank', coarse: 'Active' },
  { code: 541, name: 'Pending Bank Disbursement Decision, manual review', coarse: 'Active' },
  { code: 548, name: 'Pending Bank Disbursement Decision, accept failed', coarse: 'Active' },
  { code: 549, name: 'Pending Bank Disbursement Decision, other', coarse: 'Active' },
  { code: 551, name: 'Approved for Disbursement', coarse: 'Active' },
  { code: 561, name: 'Not Approved for Disbursement, documents', coarse: 'Cancelled' },
  { code: 562, name: 'Not Approved for Disbursement, credit check', coarse: 'Cancelled' },
  { code: 563, name: 'Not Approved for Disbursement, identification', coarse: 'Cancelled' },
  { code: 569, name: 'Not Approved for Disbursement, other', coarse: 'Cancelled' },
  { code: 581, name: 'Cancelled by bank', coarse: 'Cancelled' },
  { code: 582, name: 'Cancelled by broker', coarse: 'Cancelled' },
  { code: 589, name: 'Expired', coarse: 'Cancelled' },
  { code: 591, name: 'Withdrawn by customer', coarse: 'Cancelled' },
  { code: 592, name: 'Withdrawn by bank', coarse: 'Cancelled' },
  { code: 595, name: 'Expired, automatic end status', coarse: 'Cancelled' },

  { code: 611, name: 'Pending Disbursement', coarse: 'Active' },
  { code: 649, name: 'Pending Disbursement, other', coarse: 'Active' },
  { code: 651, name: 'Disbursed', coarse: 'Active' },
  { code: 661, name: 'Not Disbursed', coarse: 'Cancelled' },
  { code: 681, name: 'Disbursement cancelled by bank', coarse: 'Cancelled' },
  { code: 682, name: 'Disbursement cancelled by broker', coarse: 'Cancelled' },
  { code: 691, name: 'Withdrawn by customer', coarse: 'Cancelled' },
] as const satisfies readonly { code: number; name: string; coarse: CoarseStatus }[];

export type FinerStatus = (typeof finerStatuses)[number];
export type FinerStatusCode = FinerStatus['code'];

export const finerStatusCodes: readonly FinerStatusCode[] = finerStatuses.map((status) => status.code);
export const finerStatusCodeSchema = /* @__PURE__ */ z.literal(
  finerStatusCodes as readonly FinerStatusCode[],
);

const finerStatusByCode: ReadonlyMap<number, FinerStatus> = new Map(
  finerStatuses.map((status) => [status.code, status]),
);

export function isFinerStatusCode(code: number): code is FinerStatusCode {
  return finerStatusByCode.has(code);
}

export function finerStatusName(code: FinerStatusCode): string {
  return finerStatusByCode.get(code)!.name;
}

export function coarseStatusOf(code: FinerStatusCode): CoarseStatus {
  return finerStatusByCode.get(code)!.coarse;
}
