import { describe, expect, it } from 'vitest';
import { knownRoleNames } from './auth.ts';
import {
  cancelledStatusFor,
  checkTransition,
  eventsForTransition,
  expiredStatusFor,
  findTransitionRule,
  illegalTransitionPairs,
  isLoanRequestFinal,
  isLoanRequestTransitionAllowed,
  requestEndCodeFor,
  resubmissionCloneStatusFor,
  type TransitionActor,
  transitionsFrom,
  transitionTable,
  withdrawnStatusFor,
} from './status-machine.ts';
import {
  type ApplicationStatusCode,
  applicationStatusCodes,
  finerStatusCodes,
  isTerminalStatus,
  statusGroups,
} from './statuses.ts';

const applicant: TransitionActor = { kind: 'applicant', id: 'customer-1' };
const system: TransitionActor = { kind: 'system', id: 'test' };
const lender: TransitionActor = { kind: 'lender', id: 'no-fjordbank' };
const superAgent: TransitionActor = { kind: 'staff', id: 'agent', roles: [...knownRoleNames] };
const everyone = [applicant, system, lender, superAgent];

const mainPath: ApplicationStatusCode[] = [
  100, 160, 180, 200, 210, 300, 310, 400, 410, 500, 510, 600, 610, 700,
];

describe('transition table', () => {
  it('has each (from, to) pair once and every rule names at least one actor', () => {
    const pairs = transitionTable.map((rule) => `${rule.from}>${rule.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const rule of transitionTable) {
      expect(
        rule.applicant || rule.system || rule.lender || rule.staff.length > 0,
        `${rule.from}>${rule.to}`,
      ).toBe(true);
      expect(rule.why.length).toBeGreaterThan(5);
    }
  });

  it('covers every numbered status of §4: each is reached, and each non-terminal status can move on', () => {
    for (const code of applicationStatusCodes) {
      if (code !== 100)
        expect(
          transitionTable.some((rule) => rule.to === code),
          `${code} is reached`,
        ).toBe(true);
      if (!isTerminalStatus(code))
        expect(transitionsFrom(code).length, `${code} moves on`).toBeGreaterThan(0);
    }
  });

  it('leaves terminal statuses only to clone for resubmission, lift a plain block, or claw back', () => {
    const exits = transitionTable.filter((rule) => isTerminalStatus(rule.from));
    expect(exits.map((rule) => `${rule.from}>${rule.to}`).sort()).toEqual(
      ['162>100', '162>198', '162>199', '370>388', '570>588', '670>688', '700>800'].sort(),
    );
  });

  it('walks the main path from 100 to 700', () => {
    for (let index = 1; index < mainPath.length; index++) {
      const from = mainPath[index - 1]!;
      const to = mainPath[index]!;
      expect(
        everyone.some((actor) => checkTransition(from, to, actor).allowed),
        `${from} → ${to}`,
      ).toBe(true);
    }
  });

  it('lets the applicant withdraw from every active status, into the x90 of its phase', () => {
    for (const code of statusGroups.Active) {
      const withdrawn = withdrawnStatusFor(code);
      expect(withdrawn, `${code}`).toBe(Math.floor(code / 100) * 100 + 90);
      expect(checkTransition(code, withdrawn!, applicant).allowed).toBe(true);
      expect(checkTransition(code, withdrawn!, system).allowed).toBe(false);
    }
    expect(withdrawnStatusFor(700)).toBeUndefined();
    expect(withdrawnStatusFor(190)).toBeUndefined();
  });

  it('lets the system expire every active status into the x89 of its phase', () => {
    for (const code of statusGroups.Active) {
      const expired = expiredStatusFor(code);
      expect(expired, `${code}`).toBe(Math.floor(code / 100) * 100 + 89);
      expect(checkTransition(code, expired!, system).allowed).toBe(true);
      expect(checkTransition(code, expired!, applicant).allowed).toBe(false);
    }
  });

  it('lets compliance staff block every active status for sanctions (198) or fraud (199), nobody else', () => {
    const manager: TransitionActor = { kind: 'staff', id: 'm', roles: ['Manager'] };
    const sales: TransitionActor = { kind: 'staff', id: 's', roles: ['Sales'] };
    for (const code of statusGroups.Active) {
      for (const to of [198, 199]) {
        expect(checkTransition(code, to, manager).allowed).toBe(true);
        expect(checkTransition(code, to, sales).allowed).toBe(false);
        expect(checkTransition(code, to, applicant).allowed).toBe(false);
      }
    }
  });

  it('clones for resubmission only in phases 3, 5 and 6', () => {
    expect(resubmissionCloneStatusFor(310)).toBe(388);
    expect(resubmissionCloneStatusFor(370)).toBe(388);
    expect(resubmissionCloneStatusFor(510)).toBe(588);
    expect(resubmissionCloneStatusFor(670)).toBe(688);
    expect(resubmissionCloneStatusFor(410)).toBeUndefined();
    expect(resubmissionCloneStatusFor(100)).toBeUndefined();
  });

  it('has no cancellation in phase 1', () => {
    expect(cancelledStatusFor(100)).toBeUndefined();
    expect(cancelledStatusFor(310)).toBe(380);
    expect(cancelledStatusFor(610)).toBe(680);
  });

  it('refuses every pair not in the table, for every actor, even with every staff role', () => {
    const illegal = illegalTransitionPairs();
    expect(illegal.length + transitionTable.length).toBe(
      applicationStatusCodes.length * (applicationStatusCodes.length - 1),
    );
    for (const [from, to] of illegal) {
      for (const actor of everyone) {
        const check = checkTransition(from, to, actor);
        expect(check.allowed).toBe(false);
        if (!check.allowed) expect(check.refusal).toBe('not-in-table');
      }
    }
  });

  it('refuses the same status, unknown codes, and actors the rule does not name', () => {
    expect(checkTransition(300, 300, system)).toMatchObject({ allowed: false, refusal: 'same-status' });
    expect(checkTransition(300, 301, system)).toMatchObject({ allowed: false, refusal: 'unknown-status' });
    expect(checkTransition(510, 600, applicant)).toMatchObject({
      allowed: false,
      refusal: 'actor-not-allowed',
    });
    expect(checkTransition(100, 160, system)).toMatchObject({ allowed: false, refusal: 'actor-not-allowed' });
    expect(checkTransition(410, 500, lender)).toMatchObject({ allowed: false, refusal: 'actor-not-allowed' });
    const telemarketing: TransitionActor = { kind: 'staff', id: 't', roles: ['Telemarketing'] };
    expect(checkTransition(410, 500, telemarketing).allowed).toBe(true);
    expect(checkTransition(310, 380, telemarketing).allowed).toBe(false);
    expect(checkTransition(310, 380, { kind: 'staff', id: 'x', roles: [] }).allowed).toBe(false);
  });

  it('writes loan-application-status-changed always, and the step and registration events where they belong', () => {
    for (const rule of transitionTable) {
      expect(eventsForTransition(rule.from, rule.to)[0]).toBe('loan-application-status-changed');
    }
    expect(eventsForTransition(100, 160)).toContain('steps-initiated');
    expect(eventsForTransition(160, 180)).toContain('step-advanced');
    expect(eventsForTransition(180, 200)).toContain('step-advanced');
    expect(eventsForTransition(200, 210)).toContain('steps-completed');
    expect(eventsForTransition(210, 300)).toContain('application-registration-complete');
    expect(eventsForTransition(210, 270)).toContain('application-registration-complete');
    expect(eventsForTransition(410, 500)).toEqual(['loan-application-status-changed']);
    expect(findTransitionRule(700, 800)?.lender).toBe(true);
  });
});

describe('loan request (finer) codes', () => {
  it('follows the positive path 211 → 651', () => {
    const path = [211, 251, 311, 351, 411, 451, 511, 551, 611, 651] as const;
    for (let index = 1; index < path.length; index++) {
      expect(
        isLoanRequestTransitionAllowed(path[index - 1]!, path[index]!),
        `${path[index - 1]}>${path[index]}`,
      ).toBe(true);
    }
  });

  it('ends in the end codes and never leaves them', () => {
    for (const code of [261, 269, 281, 291, 361, 369, 389, 391, 461, 491, 561, 591, 651, 661, 691] as const) {
      expect(isLoanRequestFinal(code), `${code}`).toBe(true);
      for (const to of finerStatusCodes) expect(isLoanRequestTransitionAllowed(code, to)).toBe(false);
    }
  });

  it('refuses skipping a stage', () => {
    expect(isLoanRequestTransitionAllowed(211, 351)).toBe(false);
    expect(isLoanRequestTransitionAllowed(251, 451)).toBe(false);
    expect(isLoanRequestTransitionAllowed(411, 651)).toBe(false);
  });

  it('finds the stage end code for withdrawal, cancellation and expiry', () => {
    expect(requestEndCodeFor(211, 91)).toBe(291);
    expect(requestEndCodeFor(311, 91)).toBe(391);
    expect(requestEndCodeFor(351, 91)).toBe(491);
    expect(requestEndCodeFor(451, 91)).toBe(591);
    expect(requestEndCodeFor(551, 91)).toBe(691);
    expect(requestEndCodeFor(311, 89)).toBe(389);
    expect(requestEndCodeFor(411, 89)).toBe(489);
    expect(requestEndCodeFor(651, 91)).toBeUndefined();
  });
});
