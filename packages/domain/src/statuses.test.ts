import { describe, expect, it } from 'vitest';
import {
  type ApplicationStatusCode,
  amlBlockStatuses,
  applicationStatus,
  applicationStatusCodeSchema,
  applicationStatusCodes,
  applicationStatuses,
  coarseStatuses,
  coarseStatusOf,
  finerStatusCodeSchema,
  finerStatusCodes,
  finerStatuses,
  finerStatusName,
  groupsOfStatus,
  isApplicationStatusCode,
  isFinerStatusCode,
  isInStatusGroup,
  isTerminalStatus,
  type StatusGroup,
  statusesInGroups,
  statusGroupNames,
  statusGroupSchema,
  statusGroups,
  statusName,
  statusPhase,
  statusPhases,
  stillApplyingStatuses,
} from './statuses.ts';

const members = (group: StatusGroup): readonly number[] => statusGroups[group];
const isSubset = (a: StatusGroup, b: StatusGroup) => members(a).every((code) => members(b).includes(code));
const disjoint = (a: StatusGroup, b: StatusGroup) => !members(a).some((code) => members(b).includes(code));

describe('application statuses', () => {
  it('has every §4 code once, in ascending order, 100 to 800', () => {
    expect(applicationStatuses).toHaveLength(51);
    expect(new Set(applicationStatusCodes).size).toBe(applicationStatusCodes.length);
    expect([...applicationStatusCodes].sort((a, b) => a - b)).toEqual(applicationStatusCodes);
    expect(applicationStatusCodes[0]).toBe(100);
    expect(applicationStatusCodes.at(-1)).toBe(800);
  });

  it('keeps the exact names', () => {
    expect(statusName(160)).toBe('Pending receipt, customer input complete');
    expect(statusName(388)).toBe('Cloned for resubmission with co-applicant');
    expect(statusName(800)).toBe('Clawbacked');
    expect(statusName(190)).toBe('Withdrawn by customer');
  });

  it('validates codes', () => {
    expect(applicationStatusCodeSchema.safeParse(305).success).toBe(true);
    expect(applicationStatusCodeSchema.safeParse(306).success).toBe(false);
    expect(applicationStatusCodeSchema.safeParse('305').success).toBe(false);
    expect(isApplicationStatusCode(700)).toBe(true);
    expect(isApplicationStatusCode(211)).toBe(false);
  });
});

describe('status groups', () => {
  it('has all sixteen groups, each non-empty, members known and unique', () => {
    expect(Object.keys(statusGroups).sort()).toEqual([...statusGroupNames].sort());
    expect(statusGroupNames).toHaveLength(16);
    for (const group of statusGroupNames) {
      expect(members(group).length, group).toBeGreaterThan(0);
      expect(new Set(members(group)).size, group).toBe(members(group).length);
      for (const code of members(group)) expect(isApplicationStatusCode(code), `${group} ${code}`).toBe(true);
    }
    expect(statusGroupSchema.safeParse('Active').success).toBe(true);
    expect(statusGroupSchema.safeParse('active').success).toBe(false);
  });

  it('nests as documented', () => {
    expect(isSubset('Incomplete', 'Editable')).toBe(true);
    expect(isSubset('Editable', 'Unsubmitted')).toBe(true);
    expect(isSubset('Unsubmitted', 'Active')).toBe(true);
    expect(isSubset('Grooming', 'Registered')).toBe(true);
    expect(isSubset('ClonedForResubmission', 'Cloned')).toBe(true);
    for (const phase of ['Registered', 'Approved', 'Accepted', 'Disbursing'] as const) {
      expect(isSubset(phase, 'Active'), phase).toBe(true);
    }
  });

  it('keeps phases and end groups apart', () => {
    const phases = ['Unsubmitted', 'Registered', 'Approved', 'Accepted', 'Disbursing', 'Disbursed'] as const;
    for (const a of phases)
      for (const b of phases) if (a !== b) expect(disjoint(a, b), `${a}/${b}`).toBe(true);
    const ends = ['Cancelled', 'Expired', 'WithdrawnByCustomer', 'Cloned', 'Blocked'] as const;
    for (const a of ends) for (const b of ends) if (a !== b) expect(disjoint(a, b), `${a}/${b}`).toBe(true);
  });

  it('Active and terminal partition the statuses', () => {
    for (const code of applicationStatusCodes) {
      expect(isTerminalStatus(code), `${code}`).toBe(!members('Active').includes(code));
    }
    for (const group of [
      'Cancelled',
      'Expired',
      'WithdrawnByCustomer',
      'Cloned',
      'ClonedForResubmission',
      'Blocked',
      'Disbursed',
    ] as const) {
      for (const code of statusGroups[group]) expect(isTerminalStatus(code), `${group} ${code}`).toBe(true);
    }
    for (const code of [270, 299, 370, 470, 570, 670, 198, 199, 700, 800] as const) {
      expect(isTerminalStatus(code)).toBe(true);
    }
    for (const code of [100, 200, 305, 410, 510, 610] as const) expect(isTerminalStatus(code)).toBe(false);
  });

  it('agrees with the status names', () => {
    for (const { code, name } of applicationStatuses) {
      const groups = groupsOfStatus(code);
      if (name === 'Expired') expect(groups, `${code}`).toContain('Expired');
      if (name.startsWith('Withdrawn')) expect(groups, `${code}`).toContain('WithdrawnByCustomer');
      if (name.includes('Cancelled') || name.includes('cancelled'))
        expect(groups, `${code}`).toContain('Cancelled');
      if (name.startsWith('Cloned')) expect(groups, `${code}`).toContain('Cloned');
      if (name.startsWith('Cloned for resubmission'))
        expect(groups, `${code}`).toContain('ClonedForResubmission');
      if (name.startsWith('Blocked')) expect(groups, `${code}`).toContain('Blocked');
    }
  });

  it('statusesInGroups returns the sorted union; groupsOfStatus inverts the table', () => {
    expect(statusesInGroups(['Grooming'])).toEqual([305]);
    expect(statusesInGroups(['Disbursing', 'Approved', 'Approved'])).toEqual([400, 410, 600, 610]);
    expect(statusesInGroups([])).toEqual([]);
    expect(groupsOfStatus(305)).toEqual(['Active', 'Registered', 'Grooming']);
    expect(groupsOfStatus(299)).toEqual([]);
    for (const code of applicationStatusCodes) {
      for (const group of groupsOfStatus(code)) {
        expect(statusesInGroups([group]) as ApplicationStatusCode[]).toContain(code);
      }
    }
  });
});

describe('finer status codes', () => {
  it('are unique, ascending, 211 to 691, and none collides with a different phase', () => {
    expect(new Set(finerStatusCodes).size).toBe(finerStatusCodes.length);
    expect([...finerStatusCodes].sort((a, b) => a - b)).toEqual(finerStatusCodes);
    expect(finerStatusCodes[0]).toBe(211);
    expect(finerStatusCodes.at(-1)).toBe(691);
    for (const { name } of finerStatuses) expect(name.length).toBeGreaterThan(0);
  });

  it('enumerates the 261–269 range reason by reason', () => {
    expect(finerStatusName(261)).toBe('Not Registered, PID error');
    expect(finerStatusName(267)).toBe('Not Registered, bank filter co-applicant');
    expect(finerStatusName(269)).toBe('Not Registered, other');
    expect(isFinerStatusCode(268)).toBe(false);
    for (let code = 261; code <= 269; code++) {
      if (isFinerStatusCode(code)) expect(coarseStatusOf(code)).toBe('NotRegistered');
    }
  });

  it('enumerates the ten pending-bank-decision reasons 311–320', () => {
    for (let code = 311; code <= 320; code++) {
      expect(isFinerStatusCode(code), `${code}`).toBe(true);
      if (isFinerStatusCode(code)) expect(finerStatusName(code)).toMatch(/^Pending Bank Decision, /);
    }
    expect(finerStatusName(314)).toBe('Pending Bank Decision, PSD2 consent');
  });

  it('maps to coarse statuses', () => {
    expect(coarseStatusOf(211)).toBe('PendingRegistration');
    expect(coarseStatusOf(251)).toBe('Registered');
    expect(coarseStatusOf(311)).toBe('Registered');
    expect(coarseStatusOf(351)).toBe('Active');
    expect(coarseStatusOf(651)).toBe('Active');
    expect(coarseStatusOf(281)).toBe('Cancelled');
    expect(coarseStatusOf(691)).toBe('Cancelled');
    const used = new Set(finerStatuses.map((status) => status.coarse));
    expect([...used].sort()).toEqual([...coarseStatuses].sort());
    for (const { code, name, coarse } of finerStatuses) {
      if (
        /Cancelled|cancelled|Withdrawn|Expired|Not Approved|Not Accepted|Not Disbursed|Rejected/.test(name)
      ) {
        expect(coarse, `${code} ${name}`).toBe('Cancelled');
      }
    }
  });

  it('validates finer codes', () => {
    expect(finerStatusCodeSchema.safeParse(451).success).toBe(true);
    expect(finerStatusCodeSchema.safeParse(450).success).toBe(false);
  });
});

describe('statuses by name', () => {
  it('names every §4 code exactly once', () => {
    const named = Object.values(applicationStatus);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort((a, b) => a - b)).toEqual([...applicationStatusCodes]);
  });

  it('answers group membership and phases', () => {
    for (const group of statusGroupNames) {
      for (const code of applicationStatusCodes) {
        expect(isInStatusGroup(code, group)).toBe(groupsOfStatus(code).includes(group));
      }
    }
    expect(applicationStatusCodes.map(statusPhase)).toEqual(
      applicationStatusCodes.map((code) => Math.floor(code / 100)),
    );
    expect(statusPhase(applicationStatus.offerApproved)).toBe(statusPhases.customerDecision);
    expect(statusPhase(applicationStatus.clawbacked)).toBe(statusPhases.clawback);
  });

  it('lists the statuses still being filled in and the AML blocks', () => {
    expect(stillApplyingStatuses).toEqual([100, 155, 161]);
    expect(amlBlockStatuses).toEqual([198, 199]);
    expect(amlBlockStatuses.every((code) => isInStatusGroup(code, 'Blocked'))).toBe(true);
  });
});
