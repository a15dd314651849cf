import { z } from 'zod';
import type { KnownRoleName } from './auth.ts';
import type { EventName } from './enums.ts';
import {
  type ApplicationStatusCode,
  applicationStatusCodes,
  type FinerStatusCode,
  finerStatusCodes,
  isApplicationStatusCode,
  statusGroups,
} from './statuses.ts';

// The one table of allowed application status transitions. Spec §4 lists the numbered statuses but says
// "Allowed transitions between statuses: not shown": this table is OUR DECISION, recorded in
// docs/decisions/0008-status-transitions.md. Anything not listed is illegal (the API answers 409 and
// changes nothing). Each rule names who may cause it: the applicant (the customer or person who owns the
// application), the system (our worker and services), a lender (its adapter or its Lender-role callback),
// or staff holding one of the listed roles in the application's country.

export const transitionActorKinds = ['applicant', 'system', 'lender', 'staff'] as const;
export const transitionActorKindSchema = /* @__PURE__ */ z.enum(transitionActorKinds);
export type TransitionActorKind = z.infer<typeof transitionActorKindSchema>;

/** Who causes a transition. `id` is stored with it (customer/person id, job name, lender id, agent). */
export type TransitionActor =
  | { kind: 'applicant'; id: string }
  | { kind: 'system'; id: string }
  | { kind: 'lender'; id: string }
  /** `roles`: the staff role names the agent holds in the application's country (Super everywhere). */
  | { kind: 'staff'; id: string; roles: readonly string[] };

// ── Staff role sets (§3 back-office roles; what each may do is "not shown" in §6: ours) ───────────────

/** Work an application: review, grooming, cancel, submit or clone on the customer's behalf. */
export const caseworkRoles = [
  'Super',
  'Manager',
  'BusinessManager',
  'Sales',
  'SecuredSales',
] as const satisfies readonly KnownRoleName[];
/** Talk to the customer and record their answer (accept or decline an offer by phone: entry source ACE). */
export const customerContactRoles = [
  ...caseworkRoles,
  'Telemarketing',
] as const satisfies readonly KnownRoleName[];
/** Block for sanctions or fraud, and lift a plain block: money-laundering rules keep this narrow. */
export const complianceRoles = ['Super', 'Manager'] as const satisfies readonly KnownRoleName[];
/** Record a lender's decision that reached us outside its integration (phone, e-mail). */
export const lenderOverrideRoles = ['Super'] as const satisfies readonly KnownRoleName[];
/** Record a commission clawback. */
export const clawbackRoles = [
  'Super',
  'Manager',
  'BusinessManager',
] as const satisfies readonly KnownRoleName[];

export interface TransitionRule {
  from: ApplicationStatusCode;
  to: ApplicationStatusCode;
  applicant: boolean;
  system: boolean;
  lender: boolean;
  /** Staff roles allowed; empty when staff may not cause it. */
  staff: readonly string[];
  /** Why the transition exists, for the ADR and for staff tooling. */
  why: string;
}

interface RuleActors {
  applicant?: boolean;
  system?: boolean;
  lender?: boolean;
  staff?: readonly string[];
}

type Code = ApplicationStatusCode;

function rules(from: readonly Code[], to: Code, actors: RuleActors, why: string): TransitionRule[] {
  return from.map((source) => ({
    from: source,
    to,
    applicant: actors.applicant ?? false,
    system: actors.system ?? false,
    lender: actors.lender ?? false,
    staff: actors.staff ?? [],
    why,
  }));
}

// Active statuses per phase (the hundreds, statuses.ts): withdrawal, expiry and cancellation move an
// application to the end status of the phase it is in.
const phase1Active = [100, 155, 160, 169, 180, 181] as const satisfies readonly Code[];
const phase2Active = [200, 201, 209, 210] as const satisfies readonly Code[];
const phase3Active = [300, 305, 310] as const satisfies readonly Code[];
const phase4Active = [400, 410] as const satisfies readonly Code[];
const phase5Active = [500, 510] as const satisfies readonly Code[];
const phase6Active = [600, 610] as const satisfies readonly Code[];
const allActive = statusGroups.Active as readonly Code[];

const applicant = { applicant: true } as const;
const system = { system: true } as const;
// The customer withdraws, in the app or by asking staff (phone, e-mail): staff record it for them with a
// reason (back office, ADR 0020). Every x90 is still the customer's decision (§3 Withdrawn-by-customer).
const customerWithdrawal = { applicant: true, staff: customerContactRoles } as const;

export const transitionTable: readonly TransitionRule[] = [
  // ── 1xx applying ──────────────────────────────────────────────────────────────────────────────
  ...rules(
    [100],
    155,
    { ...applicant, ...system },
    'A co-applicant was added; the application waits for their part',
  ),
  ...rules([155], 100, { ...applicant, ...system }, 'The co-applicant was removed'),
  ...rules(
    [100, 155, 169, 181],
    160,
    { ...applicant, staff: caseworkRoles },
    'The applicant submits (PATCH …/application-complete); staff may submit what the customer gave by phone',
  ),
  ...rules([160], 169, system, 'Validation of the submitted application failed'),
  ...rules([160], 180, system, 'Validation passed; fetching external data (debt register, credit report)'),
  ...rules([180], 181, system, 'An external data source failed'),
  ...rules([181], 180, { ...system, staff: caseworkRoles }, 'Retry of the external data fetch'),
  ...rules([180], 200, system, 'External data received: the application is complete'),
  ...rules(
    [100, 155, 169, 181],
    161,
    { ...applicant, ...system, staff: caseworkRoles },
    'Replaced by a copy (POST …/clone) before it was submitted',
  ),
  ...rules(phase1Active, 162, { ...system, staff: complianceRoles }, 'Blocked (e.g. too many applications)'),
  ...rules([162], 100, { staff: complianceRoles }, 'Block lifted; the applicant may continue'),
  ...rules(phase1Active, 189, system, 'Expired: not submitted or not completed in time'),
  ...rules(phase1Active, 190, customerWithdrawal, 'Withdrawn by the customer while applying'),
  ...rules(
    [...allActive, 162],
    198,
    { ...system, staff: complianceRoles },
    'Sanctions screening hit (penningtvättslagen / hvitvaskingsloven)',
  ),
  ...rules([...allActive, 162], 199, { ...system, staff: complianceRoles }, 'Fraud suspected'),

  // ── 2xx completed, registration with banks ──────────────────────────────────────────────────────
  ...rules([200], 201, { ...system, staff: caseworkRoles }, 'Needs a manual review before banks see it'),
  ...rules([200], 209, system, 'Adjusted automatically (e.g. amount to the brand grid)'),
  ...rules([200, 209], 210, system, 'Sent to the lender panel'),
  ...rules([201], 210, { staff: caseworkRoles }, 'Reviewed by staff and sent to the lender panel'),
  ...rules(
    [200, 201, 209],
    299,
    { ...system, staff: caseworkRoles },
    'Duplicate of another active application',
  ),
  ...rules([210], 300, system, 'At least one lender registered the application'),
  ...rules([210], 270, system, 'No lender registered the application'),
  ...rules(phase2Active, 280, { staff: caseworkRoles }, 'Cancelled by staff'),
  ...rules(phase2Active, 289, system, 'Expired during registration'),
  ...rules(phase2Active, 290, customerWithdrawal, 'Withdrawn by the customer during registration'),

  // ── 3xx bank decision ──────────────────────────────────────────────────────────────────────────
  ...rules([300], 305, { ...system, staff: caseworkRoles }, 'Grooming: staff improve the application'),
  ...rules([300, 305], 310, { ...system, staff: caseworkRoles }, 'Waiting for the banks to decide'),
  ...rules(
    phase3Active,
    400,
    { ...system, lender: true },
    'A lender approved: the first offer that may be shown arrived',
  ),
  ...rules(phase3Active, 370, system, 'Every lender decided and none gave an offer that may be shown'),
  ...rules(phase3Active, 380, { staff: caseworkRoles }, 'Cancelled by staff'),
  ...rules(phase3Active, 389, system, 'Expired: the banks did not decide in time'),
  ...rules(phase3Active, 390, customerWithdrawal, 'Withdrawn by the customer while banks decide'),
  ...rules(
    [...phase3Active, 370],
    388,
    { ...applicant, staff: caseworkRoles },
    'Resubmitted as a copy with a co-applicant (a lender answered 363 "add co-applicant")',
  ),

  // ── 4xx customer decision ──────────────────────────────────────────────────────────────────────
  ...rules([400], 410, system, 'Every lender has answered; the offers wait for the customer'),
  ...rules(
    phase4Active,
    500,
    { ...applicant, ...system, staff: customerContactRoles },
    'An offer was accepted (entry source MyPage, AutoAccept or ACE)',
  ),
  ...rules(
    phase4Active,
    470,
    { ...applicant, staff: customerContactRoles },
    'The customer declined every offer',
  ),
  ...rules(phase4Active, 480, { lender: true, staff: caseworkRoles }, 'Offers cancelled (bank or staff)'),
  ...rules(phase4Active, 489, system, 'Every offer expired without an acceptance'),
  ...rules(phase4Active, 490, customerWithdrawal, 'Withdrawn by the customer while choosing'),

  // ── 5xx disbursement decision ──────────────────────────────────────────────────────────────────
  ...rules([500], 510, { ...system, lender: true }, 'The acceptance reached the lender; signing and checks'),
  ...rules(
    [500],
    410,
    system,
    'The lender refused the acceptance (request 448 accept failed); the other offers are open again',
  ),
  ...rules([510], 600, { lender: true, staff: lenderOverrideRoles }, 'The lender approved the payout'),
  ...rules([510], 570, { lender: true, staff: lenderOverrideRoles }, 'The lender refused the payout'),
  ...rules(phase5Active, 580, { lender: true, staff: caseworkRoles }, 'Cancelled (bank or staff)'),
  ...rules(phase5Active, 589, system, 'Expired: not signed or approved in time'),
  ...rules(phase5Active, 590, customerWithdrawal, 'Withdrawn by the customer after accepting'),
  ...rules(
    [...phase5Active, 570],
    588,
    { ...applicant, staff: caseworkRoles },
    'Resubmitted as a copy (the lender wants other terms or papers)',
  ),

  // ── 6xx disbursement ───────────────────────────────────────────────────────────────────────────
  ...rules([600], 610, { ...system, lender: true }, 'The payout was ordered'),
  ...rules([610], 700, { lender: true, staff: lenderOverrideRoles }, 'The lender paid the loan out'),
  ...rules(phase6Active, 670, { lender: true, staff: lenderOverrideRoles }, 'The payout did not happen'),
  ...rules(phase6Active, 680, { lender: true, staff: caseworkRoles }, 'Payout cancelled (bank or staff)'),
  ...rules(phase6Active, 689, system, 'Expired: not paid out in time'),
  ...rules(phase6Active, 690, customerWithdrawal, 'Withdrawn by the customer before payout'),
  ...rules(
    [...phase6Active, 670],
    688,
    { ...applicant, staff: caseworkRoles },
    'Resubmitted as a copy (the payout could not be made on these terms)',
  ),

  // ── 7xx disbursed ──────────────────────────────────────────────────────────────────────────────
  ...rules(
    [700],
    800,
    { lender: true, staff: clawbackRoles },
    'Commission clawed back (the customer used the 14-day right of withdrawal or repaid early)',
  ),
];

const ruleByPair: ReadonlyMap<string, TransitionRule> = new Map(
  transitionTable.map((rule) => [`${rule.from}>${rule.to}`, rule]),
);

export function findTransitionRule(from: number, to: number): TransitionRule | undefined {
  return ruleByPair.get(`${from}>${to}`);
}

/** Every status reachable from `from` in one step, whoever causes it. */
export function transitionsFrom(from: ApplicationStatusCode): TransitionRule[] {
  return transitionTable.filter((rule) => rule.from === from);
}

export function actorMayCause(rule: TransitionRule, actor: TransitionActor): boolean {
  switch (actor.kind) {
    case 'applicant':
      return rule.applicant;
    case 'system':
      return rule.system;
    case 'lender':
      return rule.lender;
    case 'staff':
      return actor.roles.some((role) => rule.staff.includes(role));
  }
}

export type TransitionRefusal = 'unknown-status' | 'same-status' | 'not-in-table' | 'actor-not-allowed';

export type TransitionCheck =
  | { allowed: true; rule: TransitionRule; events: EventName[] }
  | { allowed: false; refusal: TransitionRefusal; message: string };

/** Decides whether `actor` may move an application from `from` to `to`, and which §3 events it writes. */
export function checkTransition(from: number, to: number, actor: TransitionActor): TransitionCheck {
  if (!isApplicationStatusCode(from) || !isApplicationStatusCode(to)) {
    return { allowed: false, refusal: 'unknown-status', message: `Unknown status ${from} or ${to}` };
  }
  if (from === to) {
    return { allowed: false, refusal: 'same-status', message: `The application is already in status ${to}` };
  }
  const rule = findTransitionRule(from, to);
  if (!rule) {
    return {
      allowed: false,
      refusal: 'not-in-table',
      message: `Status ${from} cannot change to ${to}`,
    };
  }
  if (!actorMayCause(rule, actor)) {
    return {
      allowed: false,
      refusal: 'actor-not-allowed',
      message: `Status ${from} cannot be changed to ${to} by ${describeActorKind(actor)}`,
    };
  }
  return { allowed: true, rule, events: eventsForTransition(from, to) };
}

function describeActorKind(actor: TransitionActor): string {
  if (actor.kind === 'staff') return actor.roles.length ? `the roles ${actor.roles.join(', ')}` : 'staff';
  return `the ${actor.kind}`;
}

/**
 * §3 events a transition writes to the outbox. Every transition writes `loan-application-status-changed`.
 * The intake pipeline (submit → validation → external data → completed → sent to banks) is the "steps"
 * of `steps-initiated` / `step-advanced` / `steps-completed`; the end of registration writes
 * `application-registration-complete`. Quote events (`loan-quote-*`) belong to quotes, not to transitions.
 */
export function eventsForTransition(from: ApplicationStatusCode, to: ApplicationStatusCode): EventName[] {
  const events: EventName[] = ['loan-application-status-changed'];
  if (to === 160) events.push('steps-initiated');
  else if ((from === 160 && to === 180) || (from === 181 && to === 180) || (from === 180 && to === 200)) {
    events.push('step-advanced');
  } else if (to === 210) events.push('steps-completed');
  else if (from === 210 && (to === 300 || to === 270)) events.push('application-registration-complete');
  return events;
}

// ── Phase end statuses ─────────────────────────────────────────────────────────────────────────────

function phaseOf(code: number): number {
  return Math.floor(code / 100);
}

function phaseEnd(from: ApplicationStatusCode, suffix: number): ApplicationStatusCode | undefined {
  if (!(allActive as readonly number[]).includes(from)) return undefined;
  const candidate = phaseOf(from) * 100 + suffix;
  return findTransitionRule(from, candidate) ? (candidate as ApplicationStatusCode) : undefined;
}

/** x90 "Withdrawn" of the phase the application is in (§4); undefined when it cannot be withdrawn. */
export function withdrawnStatusFor(from: ApplicationStatusCode): ApplicationStatusCode | undefined {
  return phaseEnd(from, 90);
}
/** x89 "Expired" of the phase. */
export function expiredStatusFor(from: ApplicationStatusCode): ApplicationStatusCode | undefined {
  return phaseEnd(from, 89);
}
/** x80 "Cancelled" of the phase (phase 1 has none). */
export function cancelledStatusFor(from: ApplicationStatusCode): ApplicationStatusCode | undefined {
  return phaseEnd(from, 80);
}
/** 388 / 588 / 688 "Cloned for resubmission" for the phase, when resubmission is allowed from `from`. */
export function resubmissionCloneStatusFor(from: ApplicationStatusCode): ApplicationStatusCode | undefined {
  const candidate = phaseOf(from) * 100 + 88;
  return findTransitionRule(from, candidate) ? (candidate as ApplicationStatusCode) : undefined;
}

/** Every (from, to) pair of numbered statuses that the table does NOT allow, for tests and tooling. */
export function illegalTransitionPairs(): [ApplicationStatusCode, ApplicationStatusCode][] {
  const pairs: [ApplicationStatusCode, ApplicationStatusCode][] = [];
  for (const from of applicationStatusCodes) {
    for (const to of applicationStatusCodes) {
      if (from !== to && !findTransitionRule(from, to)) pairs.push([from, to]);
    }
  }
  return pairs;
}

// ── Per-lender loan request codes (§4 finer status codes) ───────────────────────────────────────────

// One loan request per lender and application carries a finer code. Its own small machine, by stage:
// pending registration (21x/249) → registered (251) → pending bank decision (311–349) → approved (351) →
// pending customer decision (411/448/449) → accepted (451/452) → pending disbursement decision (511–549) →
// approved for disbursement (551) → pending disbursement (611/649) → disbursed (651). Each stage may also
// end (not registered, not approved, cancelled, withdrawn, expired…). Our decision, ADR 0008.

const between = (low: number, high: number) =>
  finerStatusCodes.filter((code) => code >= low && code <= high) as FinerStatusCode[];

const requestStages: { members: FinerStatusCode[]; next: FinerStatusCode[] }[] = [
  {
    members: between(211, 249),
    next: [...between(211, 249), 251, ...between(261, 269), 281, 291],
  },
  { members: [251], next: [...between(311, 349), 351, ...between(361, 395)] },
  { members: between(311, 349), next: [...between(311, 349), 351, ...between(361, 395)] },
  { members: [351], next: [411, 449, ...between(461, 495)] },
  { members: [411, 448, 449], next: [411, 448, 449, 451, 452, ...between(461, 495)] },
  { members: [451, 452], next: [448, ...between(511, 549), 551, ...between(561, 595)] },
  { members: between(511, 549), next: [...between(511, 549), 551, ...between(561, 595)] },
  { members: [551], next: [611, 649, 661, ...between(681, 691)] },
  { members: [611, 649], next: [611, 649, 651, 661, ...between(681, 691)] },
];

/** Whether a lender's request may move from finer code `from` to `to`; end codes move nowhere. */
export function isLoanRequestTransitionAllowed(from: FinerStatusCode, to: FinerStatusCode): boolean {
  if (from === to) return false;
  const stage = requestStages.find((candidate) => candidate.members.includes(from));
  return stage ? stage.next.includes(to) : false;
}

/** Finer codes from which a request moves nowhere. */
export function isLoanRequestFinal(code: FinerStatusCode): boolean {
  return !requestStages.some((stage) => stage.members.includes(code));
}

/**
 * The end code with the given last two digits (91 withdrawn by customer, 82 cancelled by broker, 89
 * expired…) for the stage a request is in: tried in the request's own hundred, then the next (an approved
 * 351 request ends in the 4xx family, as the customer decides next). Undefined when none fits.
 */
export function requestEndCodeFor(from: FinerStatusCode, suffix: number): FinerStatusCode | undefined {
  if (isLoanRequestFinal(from)) return undefined;
  for (const hundred of [Math.floor(from / 100), Math.floor(from / 100) + 1]) {
    const candidate = hundred * 100 + suffix;
    if (
      (finerStatusCodes as readonly number[]).includes(candidate) &&
      isLoanRequestTransitionAllowed(from, candidate as FinerStatusCode)
    ) {
      return candidate as FinerStatusCode;
    }
  }
  return undefined;
}
