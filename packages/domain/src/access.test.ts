import { describe, expect, it } from 'vitest';
import { staffCountriesWith, staffMay, staffPermissions, staffRolePermissions } from './access.ts';
import { knownRoleNames } from './auth.ts';

describe('staff permission table', () => {
  it('names only known roles and known permissions', () => {
    for (const [role, permissions] of Object.entries(staffRolePermissions)) {
      expect(knownRoleNames).toContain(role);
      for (const permission of permissions ?? []) expect(staffPermissions).toContain(permission);
    }
  });

  it('gives applicant roles nothing: they reach applications by ownership', () => {
    for (const role of ['Customer', 'CustomerVerifiedEmail', 'Person']) {
      expect(staffCountriesWith([{ Name: role, Country: 'NO' }], 'application.read')).toEqual([]);
    }
  });

  it('scopes roles to the Country they carry; a role without a Country grants nothing', () => {
    expect(staffMay([{ Name: 'Sales', Country: 'NO' }], 'application.update', 'NO')).toBe(true);
    expect(staffMay([{ Name: 'Sales', Country: 'NO' }], 'application.update', 'SE')).toBe(false);
    expect(staffMay([{ Name: 'Sales' }], 'application.read', 'NO')).toBe(false);
    expect(
      staffCountriesWith(
        [
          { Name: 'Sales', Country: 'SE' },
          { Name: 'Telemarketing', Country: 'NO' },
        ],
        'application.read',
      ),
    ).toEqual(['NO', 'SE']);
  });

  it('lets Super do everything everywhere', () => {
    for (const permission of staffPermissions) {
      expect(staffCountriesWith([{ Name: 'Super' }], permission)).toEqual(['FI', 'DK', 'NO', 'SE']);
    }
  });

  it('keeps read-only and no-access roles so', () => {
    expect(staffMay([{ Name: 'TelemarketingLimited', Country: 'NO' }], 'application.read', 'NO')).toBe(true);
    expect(staffMay([{ Name: 'TelemarketingLimited', Country: 'NO' }], 'application.update', 'NO')).toBe(
      false,
    );
    for (const name of [
      'Lender',
      'Affiliate',
      'Partner',
      'Developer',
      'Subscriber',
      'DeadLetterQueue',
      'SomethingNew',
    ]) {
      expect(staffMay([{ Name: name, Country: 'NO' }], 'application.read', 'NO'), name).toBe(false);
    }
    expect(staffMay([{ Name: 'Partner', Country: 'NO' }], 'application.integrate', 'NO')).toBe(true);
  });
});

describe('back-office permissions (ADR 0020)', () => {
  it('keep TelemarketingLimited read-only and team-lead work with Manager and Super', () => {
    const readOnly = [{ Name: 'TelemarketingLimited', Country: 'NO' as const }];
    for (const permission of staffPermissions) {
      expect(staffMay(readOnly, permission, 'NO'), permission).toBe(permission === 'application.read');
    }
    for (const permission of ['queue.assign', 'bucket.admin', 'screening.review', 'agent.admin'] as const) {
      expect(staffMay([{ Name: 'Sales', Country: 'NO' }], permission, 'NO'), permission).toBe(false);
      expect(staffMay([{ Name: 'Manager', Country: 'NO' }], permission, 'NO'), permission).toBe(true);
      expect(staffMay([{ Name: 'Manager', Country: 'NO' }], permission, 'SE'), permission).toBe(false);
    }
    expect(staffMay([{ Name: 'Sales', Country: 'NO' }], 'queue.work', 'NO')).toBe(true);
  });
});
