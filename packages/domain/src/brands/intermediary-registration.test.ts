import { describe, expect, it } from 'vitest';
import { intermediaryAuthorities } from '../compliance/intermediary-registers.ts';
import { brandConfigSchema } from './brand-config.schema.ts';
import { brandIds, brands } from './registry.ts';
import { validateBrandRegistry } from './registry-validation.ts';

// Issue 34 item 6 (CCD2 arts. 37–38): every brand names its company's registration as a credit
// intermediary and whether it is tied to a lender; a brand without them does not parse, so the API does not
// start (registry-validation.ts, called by buildApp).

const issuesOf = (candidate: unknown) => {
  const result = brandConfigSchema.safeParse(candidate);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('intermediary registration in the brand registry', () => {
  it.each(brandIds)(
    '%s: registered with its country’s authority, in its register, not tied to a lender',
    (id) => {
      const { organisation, country } = brands[id];
      const competent = intermediaryAuthorities[country];
      expect(organisation.registration).toMatchObject({
        authority: competent.authority,
        register: competent.register,
        registerUrl: competent.registerUrl,
      });
      expect(organisation.registration.registrationNumber.length).toBeGreaterThan(0);
      expect(organisation.tiedToLender).toBe(false);
      expect(organisation.tiedLenderIds).toEqual([]);
    },
  );

  it('marks every registration number as a stand-in: the real numbers are not ours to know', () => {
    expect(brandIds.filter((id) => !brands[id].organisation.registration.fictional)).toEqual([]);
  });

  it('brands of one company share one registration', () => {
    const byCompany = new Map<string, string>();
    for (const id of brandIds) {
      const { name, registration } = brands[id].organisation;
      const key = JSON.stringify(registration);
      expect(byCompany.get(name) ?? key).toBe(key);
      byCompany.set(name, key);
    }
  });

  it('refuses a brand without its registration or without saying whether it is tied', () => {
    const { registration: _, ...unregistered } = brands['dk-main'].organisation;
    expect(issuesOf({ ...brands['dk-main'], organisation: unregistered })).toEqual([
      expect.stringMatching(/^organisation\.registration: /),
    ]);
    const { tiedToLender: __, ...silent } = brands['dk-main'].organisation;
    expect(issuesOf({ ...brands['dk-main'], organisation: silent })).toEqual([
      expect.stringMatching(/^organisation\.tiedToLender: /),
    ]);
  });

  it('refuses another country’s authority or register, and a link that is not https', () => {
    const se = brands['se-main'];
    const withNorwegian = {
      ...se,
      organisation: {
        ...se.organisation,
        registration: { ...se.organisation.registration, authority: 'Finanstilsynet' },
      },
    };
    expect(issuesOf(withNorwegian)).toEqual([
      'organisation.registration.authority: SE intermediaries are registered with Finansinspektionen (Finansinspektionen)',
    ]);
    const plainHttp = {
      ...se,
      organisation: {
        ...se.organisation,
        registration: {
          ...se.organisation.registration,
          registerUrl: 'http://www.fi.se/sv/vara-register/foretagsregistret/',
        },
      },
    };
    expect(
      issuesOf(plainHttp).some((issue) => issue.startsWith('organisation.registration.registerUrl')),
    ).toBe(true);
  });

  it('refuses a tied intermediary that names no lender, and an independent one that names some', () => {
    const base = brands['fi-main'];
    expect(issuesOf({ ...base, organisation: { ...base.organisation, tiedToLender: true } })).toEqual([
      'organisation.tiedLenderIds: a tied intermediary names its lenders, an independent one names none',
    ]);
    expect(
      issuesOf({ ...base, organisation: { ...base.organisation, tiedLenderIds: ['fi-saimaa-pankki'] } }),
    ).toEqual([
      'organisation.tiedLenderIds: a tied intermediary names its lenders, an independent one names none',
    ]);
  });

  it('stops the start-up check, naming the brand and the field', () => {
    const { registration: _, ...unregistered } = brands['no-alt4'].organisation;
    expect(() =>
      validateBrandRegistry({ ...brands, 'no-alt4': { ...brands['no-alt4'], organisation: unregistered } }),
    ).toThrow(/no-alt4: organisation\.registration: /);
  });
});
