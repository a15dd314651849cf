import { publishedRegulatoryFigures } from '@nordloan/domain/finance/regulatory-figures.data';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { listQuotes } from '#src/modules/lending/loan-quote.repository.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createMissingFigureWarnings } from './missing-figure-warnings.ts';
import { insertRegulatoryFigure } from './regulatory-figure.repository.ts';

// Issue 17 through the API: who may read and add periods, what is refused, the audit line, the warning
// for a missing running period, and a stored quote keeping the figures it was checked against.

// A day of the first half of 2023, before the file's first periods: no published Swedish or Finnish figure
// covers it, so the strict bound applies until a Manager adds the period. (A day of the past: the test
// clock must not run ahead of the database's, which decides when jobs are due.)
const today = new Date('2023-03-10T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(today));

const url = '/backoffice/regulatory-figures';
const seReferenceRate = {
  Country: 'SE',
  Figure: 'referenceRate',
  Value: 2,
  ValidFrom: '2023-01-01',
  ValidTo: '2023-06-30',
  Source: 'Test notice: Riksbankens referensränta 1 januari – 30 juni 2023',
};

const post = (token: string | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const get = (token: string | null, query = '') =>
  t.app.inject({ method: 'GET', url: `${url}${query}`, headers: token ? bearer(token) : {} });

const staff = (name: string, country?: 'SE' | 'FI' | 'NO') =>
  t.staffToken([country ? { Name: name, Country: country } : { Name: name }], `${name}-${country ?? 'all'}`);

describe('adding a period', () => {
  it('a Swedish Manager adds the Swedish reference rate of the running half-year; it is audited and in force', async () => {
    const manager = await staff('Manager', 'SE');
    const before = (await get(manager, '?country=SE')).json();
    expect(before.InForce).toContainEqual(
      expect.objectContaining({ Figure: 'referenceRate', Fallback: true, Value: 0, ValidFrom: '2023-01-01' }),
    );

    const response = await post(manager, seReferenceRate);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      Country: 'SE',
      Figure: 'referenceRate',
      Value: 2,
      ValidFrom: '2023-01-01',
      ValidTo: '2023-06-30',
      Origin: 'api',
      InForce: true,
    });

    const after = (await get(manager, '?country=SE')).json();
    expect(after.InForce).toContainEqual({
      Country: 'SE',
      Figure: 'referenceRate',
      Date: '2023-03-10',
      Value: 2,
      ValidFrom: '2023-01-01',
      ValidTo: '2023-06-30',
      Source: seReferenceRate.Source,
      Fallback: false,
    });
    expect(after.Periods.filter((period: { Origin: string }) => period.Origin === 'api')).toHaveLength(1);
    // Only Swedish periods were asked for.
    expect(after.Periods.every((period: { Country: string }) => period.Country === 'SE')).toBe(true);

    const audit = await listAudit(t.database.db, { subjectType: 'regulatory-figure', offset: 0, limit: 10 });
    expect(audit.Items).toContainEqual(
      expect.objectContaining({
        Action: 'regulatoryFigure.create',
        Country: 'SE',
        Details: expect.objectContaining({ figure: 'referenceRate', value: 2, validFrom: '2023-01-01' }),
      }),
    );
  });

  it('refuses the same period twice (409) and a published one: periods never change', async () => {
    const manager = await staff('Manager', 'SE');
    const again = await post(manager, { ...seReferenceRate, Value: 2.5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toMatch(/exists already/);
  });

  it('Super adds a period in any country', async () => {
    const response = await post(await staff('Super'), {
      Country: 'FI',
      Figure: 'referenceRate',
      Value: 2.5,
      ValidFrom: '2023-01-01',
      ValidTo: '2023-06-30',
      Source: 'Test notice: Suomen Pankki, viitekorko 1.1.–30.6.2023',
    });
    expect(response.statusCode).toBe(201);
  });

  it('a Norwegian Manager, a Swedish Sales agent, an applicant and no token cannot add one', async () => {
    const period = {
      ...seReferenceRate,
      Figure: 'priceBaseAmount',
      Value: 52_500,
      ValidFrom: '2023-01-01',
      ValidTo: '2023-12-31',
    };
    expect((await post(await staff('Manager', 'NO'), period)).statusCode).toBe(403);
    expect((await post(await staff('Sales', 'SE'), period)).statusCode).toBe(403);
    const applicant = await t.login({ nationalId: makeTestNationalId('SE', '1985-04-07', 7), country: 'SE' });
    expect((await post(applicant.token, period)).statusCode).toBe(403);
    const anonymous = await post(null, period);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().Message).toBe('Missing token');
    // Nothing was stored.
    const list = (await get(await staff('Manager', 'SE'), '?country=SE')).json();
    expect(
      list.Periods.some(
        (p: { Figure: string; ValidFrom: string }) =>
          p.Figure === 'priceBaseAmount' && p.ValidFrom === '2023-01-01',
      ),
    ).toBe(false);
  });

  it('refuses a period that is not the statutory one, has ended, is not published yet, or a figure the country has not', async () => {
    const manager = await staff('Manager', 'SE');
    const fieldOf = async (payload: object) => {
      const response = await post(manager, payload);
      expect(response.statusCode).toBe(400);
      return response.json().Errors.map((error: { Field: string }) => error.Field);
    };
    expect(await fieldOf({ ...seReferenceRate, ValidTo: '2027-06-29' })).toEqual(['ValidTo']);
    expect(await fieldOf({ ...seReferenceRate, Value: 2.2 })).toEqual(['Value']);
    expect(await fieldOf({ ...seReferenceRate, Source: '' })).toEqual(['Source']);
    expect(await fieldOf({ ...seReferenceRate, ValidFrom: '2022-07-01', ValidTo: '2022-12-31' })).toEqual([
      'ValidTo',
    ]);
    expect(await fieldOf({ ...seReferenceRate, ValidFrom: '2024-01-01', ValidTo: '2024-06-30' })).toEqual([
      'ValidFrom',
    ]);
    // (Super: a Swedish Manager may not add Finnish figures at all, 403.)
    const finnish = await post(await staff('Super'), {
      ...seReferenceRate,
      Country: 'FI',
      Figure: 'priceBaseAmount',
      Value: 52_500,
      ValidFrom: '2023-01-01',
      ValidTo: '2023-12-31',
    });
    expect(finnish.statusCode).toBe(400);
    expect(finnish.json().Errors.map((error: { Field: string }) => error.Field)).toContain('Figure');
    expect(await fieldOf({ ...seReferenceRate, Value: 'two' })).toContain('Value');
  });

  it('the database refuses to change or remove a period that has begun', async () => {
    const { db } = t.database;
    // The database counts its own calendar day: a period of the past has begun whatever the test clock says.
    await insertRegulatoryFigure(db, {
      country: 'FI',
      figure: 'referenceRate',
      value: 2.5,
      validFrom: '2026-07-01',
      validTo: '2026-12-31',
      source: 'Test notice: a period that has begun',
      createdBy: 'test',
    });
    await expect(db.execute(sql`UPDATE regulatory_figure SET value = 9`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM regulatory_figure`)).rejects.toThrow();
  });
});

describe('reading the periods', () => {
  it('staff of the country read them; other countries, applicants and no token do not', async () => {
    const sales = await get(await staff('Sales', 'SE'), '?country=SE');
    expect(sales.statusCode).toBe(200);
    const published = publishedRegulatoryFigures.filter((period) => period.country === 'SE');
    expect(sales.json().Periods.length).toBeGreaterThanOrEqual(published.length);
    expect((await get(await staff('Manager', 'NO'), '?country=SE')).statusCode).toBe(403);
    // Without a country: the countries the caller may read (a Norwegian has no dated figures).
    expect((await get(await staff('Manager', 'NO'))).json()).toEqual({
      Periods: [],
      InForce: [],
      Caps: [],
      Reminders: [],
    });
    const fi = (await get(await staff('Manager', 'FI'))).json();
    expect(fi.InForce.every((figure: { Country: string }) => figure.Country === 'FI')).toBe(true);
    const applicant = await t.login({ nationalId: makeTestNationalId('SE', '1985-04-08', 8), country: 'SE' });
    expect((await get(applicant.token, '?country=SE')).statusCode).toBe(403);
    expect((await get(null, '?country=SE')).statusCode).toBe(401);
    expect((await get(await staff('Manager', 'SE'), '?country=XX')).statusCode).toBe(400);
  });
});

describe('warnings for a missing running period', () => {
  it('logs one per missing figure at start and again once a day, until the figure is added', async () => {
    const fresh = await createTestApp();
    try {
      fresh.clock.set(today);
      const warnings: string[] = [];
      const log = {
        warn: (_fields: object, message: string) => {
          warnings.push(message);
        },
        error: () => undefined,
      };
      const monitor = createMissingFigureWarnings({ db: fresh.database.db, log, now: fresh.clock.now });
      await monitor.check();
      expect(warnings.sort()).toEqual([
        'FI reference rate: no figure for 2023-01-01 – 2023-06-30; applying the strict bound',
        'SE price base amount: no figure for 2023-01-01 – 2023-12-31; applying the strict bound',
        'SE reference rate: no figure for 2023-01-01 – 2023-06-30; applying the strict bound',
      ]);
      warnings.length = 0;
      fresh.clock.advance(6 * 60 * 60 * 1000);
      await monitor.check();
      expect(warnings).toEqual([]);

      const manager = await fresh.staffToken([{ Name: 'Manager', Country: 'SE' }]);
      const added = await fresh.app.inject({
        method: 'POST',
        url,
        headers: bearer(manager),
        payload: seReferenceRate,
      });
      expect(added.statusCode).toBe(201);
      fresh.clock.advance(24 * 60 * 60 * 1000);
      await monitor.check();
      expect(warnings.sort()).toEqual([
        'FI reference rate: no figure for 2023-01-01 – 2023-06-30; applying the strict bound',
        'SE price base amount: no figure for 2023-01-01 – 2023-12-31; applying the strict bound',
      ]);
      monitor.stop();
    } finally {
      await fresh.close();
    }
  }, 240_000);
});

describe('issue 39: the figures of 2026, the caps in force and the reminders', () => {
  it('today (2026-11-28) Sweden has its figures; thirty days before the half-year ends the next periods are reminded and warned of', async () => {
    const fresh = await createTestApp();
    try {
      const warnings: string[] = [];
      const log = {
        warn: (_fields: object, message: string) => {
          warnings.push(message);
        },
        error: () => undefined,
      };
      const monitor = createMissingFigureWarnings({ db: fresh.database.db, log, now: fresh.clock.now });
      // Tokens are issued on the test clock: one per look, after the clock is set.
      const view = async () => {
        const token = await fresh.staffToken([{ Name: 'Super' }], 'Super Viewer');
        const response = await fresh.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, response.body).toBe(200);
        return response.json();
      };

      fresh.clock.set(new Date('2026-11-28T10:00:00Z'));
      const now = await view();
      expect(now.Caps).toEqual([
        { Country: 'SE', Date: '2026-11-28', NominalRateCap: 22, StartupFeeCap: 592, Fallback: false },
        // The Finnish figure of 1 Jul – 31 Dec 2026 could not be sourced (unsourcedPeriods): strict bound.
        { Country: 'FI', Date: '2026-11-28', NominalRateCap: 15, StartupFeeCap: null, Fallback: true },
      ]);
      expect(now.Reminders).toEqual([
        expect.objectContaining({ Country: 'FI', Kind: 'missing', ValidFrom: '2026-07-01', DaysLeft: 0 }),
      ]);
      await monitor.check();
      // No warning for Sweden; only the Finnish period whose notice the file could not source.
      expect(warnings).toEqual([
        'FI reference rate: no figure for 2026-07-01 – 2026-12-31; applying the strict bound',
      ]);

      warnings.length = 0;
      fresh.clock.set(new Date('2026-12-01T10:00:00Z'));
      const due = await view();
      expect(
        due.Reminders.map((r: { Kind: string; Country: string; Figure: string; ValidFrom: string }) =>
          [r.Kind, r.Country, r.Figure, r.ValidFrom].join(' '),
        ),
      ).toEqual([
        'due SE referenceRate 2027-01-01',
        'due SE priceBaseAmount 2027-01-01',
        'missing FI referenceRate 2026-07-01',
        'due FI referenceRate 2027-01-01',
      ]);
      expect(due.Reminders[0]).toMatchObject({ ValidTo: '2027-06-30', DaysLeft: 31 });
      expect(due.Reminders[0].WhereToFind).toMatch(/riksbank\.se/);
      await monitor.check();
      expect(warnings.sort()).toEqual([
        'FI reference rate: no figure for 2026-07-01 – 2026-12-31; applying the strict bound',
        'FI reference rate: no figure yet for 2027-01-01 – 2027-06-30, which starts in 31 days; from then on offers get the strict bound until it is entered',
        'SE price base amount: no figure yet for 2027-01-01 – 2027-12-31, which starts in 31 days; from then on offers get the strict bound until it is entered',
        'SE reference rate: no figure yet for 2027-01-01 – 2027-06-30, which starts in 31 days; from then on offers get the strict bound until it is entered',
      ]);
      // Once a local day: not again the same day.
      warnings.length = 0;
      fresh.clock.advance(6 * 60 * 60 * 1000);
      await monitor.check();
      expect(warnings).toEqual([]);

      // A Finnish Manager enters the running period and the next one: Finland's reminders end.
      const manager = await fresh.staffToken([{ Name: 'Manager', Country: 'FI' }]);
      for (const [ValidFrom, ValidTo] of [
        ['2026-07-01', '2026-12-31'],
        ['2027-01-01', '2027-06-30'],
      ] as const) {
        const added = await fresh.app.inject({
          method: 'POST',
          url,
          headers: bearer(manager),
          payload: {
            Country: 'FI',
            Figure: 'referenceRate',
            Value: 2.5,
            ValidFrom,
            ValidTo,
            Source: `Test notice: Suomen Pankki, viitekorko ${ValidFrom}`,
          },
        });
        expect(added.statusCode, added.body).toBe(201);
      }
      const after = await view();
      expect(after.Reminders.some((r: { Country: string }) => r.Country === 'FI')).toBe(false);
      expect(after.Caps[1]).toMatchObject({ Country: 'FI', NominalRateCap: 17.5, Fallback: false });
      fresh.clock.advance(24 * 60 * 60 * 1000);
      await monitor.check();
      expect(warnings.every((warning) => warning.startsWith('SE '))).toBe(true);
      monitor.stop();
    } finally {
      await fresh.close();
    }
  }, 240_000);

  it('staff see the reminders of their own countries only', async () => {
    t.clock.set(new Date('2026-12-02T10:00:00Z'));
    const se = (await get(await staff('Sales', 'SE'))).json();
    expect(se.Reminders.length).toBeGreaterThan(0);
    expect(se.Reminders.every((r: { Country: string }) => r.Country === 'SE')).toBe(true);
    expect(se.Caps.map((c: { Country: string }) => c.Country)).toEqual(['SE']);
    expect((await get(await staff('Manager', 'NO'))).json()).toEqual({
      Periods: [],
      InForce: [],
      Caps: [],
      Reminders: [],
    });
  });
});

describe('a stored quote', () => {
  it('keeps the figures it was checked against after a new period is added', async () => {
    const fresh = await createTestApp();
    try {
      fresh.clock.set(today);
      const worker = testWorker(fresh, { externalData: fixedExternalData() });
      const first = await createCompleteApplication(fresh, { country: 'SE' });
      await submit(fresh, first);
      await settle(fresh, worker);
      const [quote] = await listQuotes(fresh.database.db, first.id);
      expect(quote?.capsBasis).toMatchObject({
        country: 'SE',
        fallback: true,
        figures: [
          { figure: 'referenceRate', value: 0, fallback: true, validFrom: '2023-01-01', source: null },
          // The strict bound of the price base amount: the lowest one known (2025's 58 800 → 588 SEK).
          { figure: 'priceBaseAmount', value: 58_800, fallback: true, validFrom: '2023-01-01' },
        ],
      });

      const manager = await fresh.staffToken([{ Name: 'Manager', Country: 'SE' }]);
      const added = await fresh.app.inject({
        method: 'POST',
        url,
        headers: bearer(manager),
        payload: seReferenceRate,
      });
      expect(added.statusCode).toBe(201);

      const [reread] = (await listQuotes(fresh.database.db, first.id)).filter((row) => row.id === quote!.id);
      expect(reread?.capsBasis).toEqual(quote?.capsBasis);

      const second = await createCompleteApplication(fresh, { country: 'SE' });
      await submit(fresh, second);
      await settle(fresh, worker);
      const [newer] = await listQuotes(fresh.database.db, second.id);
      expect(newer?.capsBasis?.figures[0]).toMatchObject({
        figure: 'referenceRate',
        value: 2,
        fallback: false,
        source: seReferenceRate.Source,
      });
    } finally {
      await fresh.close();
    }
  }, 240_000);
});
