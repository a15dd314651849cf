import { makeTestNationalId } from '@nordloan/domain/national-id';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { nationalIdLookupHash } from '#src/db/personal-data-cipher.ts';
import { loanApplication, loanApplicationApplicant } from '#src/db/schema/applications.ts';
import { customer, person } from '#src/db/schema/core.ts';
import { applicationVisibility } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { findApplicationWithApplicants } from './application-read.repository.ts';
import {
  listApplicantApplications,
  searchApplicationsWithApplicants,
} from './application-search.repository.ts';

// The applicant's list from its prepared statement must answer exactly what the general search answers
// for the same caller and filters (issue 12): same rows, same order, same total, on every page.

describe("the applicant's own list (prepared) against the general search", () => {
  let database: DatabaseHandle;
  const ids = { ola: '', kari: '', olaCustomer: '', otherCustomer: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const newPerson = async (serial: number) => {
      const nationalId = makeTestNationalId('NO', '1985-06-15', serial);
      const [row] = await db
        .insert(person)
        .values({ country: 'NO', nationalId, nationalIdHash: nationalIdLookupHash(nationalId) })
        .returning();
      return row!.id;
    };
    ids.ola = await newPerson(1);
    ids.kari = await newPerson(2);
    const [olaCustomer] = await db
      .insert(customer)
      .values({ personId: ids.ola, brand: 'no-main', country: 'NO' })
      .returning();
    const [otherCustomer] = await db
      .insert(customer)
      .values({ personId: ids.ola, brand: 'no-compare', country: 'NO' })
      .returning();
    ids.olaCustomer = olaCustomer!.id;
    ids.otherCustomer = otherCustomer!.id;
    const base = { product: 'UnsecuredLoan', brand: 'no-main', country: 'NO', status: 100 };
    const rows = [
      { personId: ids.ola, customerId: ids.olaCustomer },
      { personId: ids.ola, customerId: ids.olaCustomer, archivedAt: new Date('2026-11-20T10:00:00Z') },
      { personId: ids.ola, customerId: ids.otherCustomer },
      { personId: ids.kari, coApplicantPersonId: ids.ola },
      { personId: ids.kari },
      { personId: null, customerId: ids.olaCustomer },
    ];
    for (const [index, values] of rows.entries()) {
      // Two share a creation time, so the id decides their order.
      const createdAt = new Date(Date.UTC(2026, 10, 1 + Math.min(index, 4)));
      await db.insert(loanApplication).values({ ...base, ...values, createdAt, updatedAt: createdAt });
    }
  });
  afterAll(async () => database.close());

  const callers = (): Caller[] => [
    {
      kind: 'customer',
      customerId: ids.olaCustomer,
      personId: ids.ola,
      roles: [{ Name: 'Customer' }],
      email: null,
      tokenId: 't1',
    },
    {
      kind: 'customer',
      customerId: ids.olaCustomer,
      personId: null,
      roles: [{ Name: 'Customer' }],
      email: null,
      tokenId: 't2',
    },
    {
      kind: 'person',
      personId: ids.ola,
      customerId: ids.olaCustomer,
      roles: [{ Name: 'Person' }],
      email: null,
      tokenId: 't3',
    },
    {
      kind: 'person',
      personId: ids.kari,
      customerId: null,
      roles: [{ Name: 'Person' }],
      email: null,
      tokenId: 't4',
    },
  ];

  it('answers the same rows, order and total for every caller, filter and page', async () => {
    const { db } = database;
    let compared = 0;
    for (const caller of callers()) {
      if (caller.kind === 'staff') continue;
      for (const onlyCustomerId of [undefined, ids.olaCustomer, ids.otherCustomer]) {
        for (const [limit, offset] of [
          [50, 0],
          [2, 0],
          [2, 2],
          [2, 4],
          [2, 10],
        ] as const) {
          const fast = await listApplicantApplications(db, {
            personId: caller.personId,
            customerId: caller.kind === 'customer' ? caller.customerId : null,
            onlyCustomerId,
            limit,
            offset,
          });
          const general = await searchApplicationsWithApplicants(db, {
            visibility: applicationVisibility(caller),
            filters: { customerId: onlyCustomerId, excludeArchived: true },
            limit,
            offset,
          });
          expect(fast).toEqual(general);
          compared++;
        }
      }
    }
    expect(compared).toBe(4 * 3 * 5);
    // And the fixture is not trivial: Ola as a customer sees four (one archived, one Kari's left out).
    const all = await listApplicantApplications(db, {
      personId: ids.ola,
      customerId: ids.olaCustomer,
      onlyCustomerId: undefined,
      limit: 50,
      offset: 0,
    });
    expect(all.total).toBe(4);
    expect(all.items.map((item) => item.row.createdAt.getTime())).toEqual(
      [...all.items.map((item) => item.row.createdAt.getTime())].sort((a, b) => b - a),
    );
  });
});

// The read and the lists take the row, its applicants and its lock flag as one json column (issue 12): what
// they answer must be exactly the typed rows a plain select gives, every column and kind of value.
describe('an application read as one json column', () => {
  let database: DatabaseHandle;
  afterAll(async () => database?.close());

  it('answers the same row and applicants as plain selects (timestamps to the ms, jsonb, text, nulls)', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const nationalId = makeTestNationalId('NO', '1985-06-15', 3);
    const [owner] = await db
      .insert(person)
      .values({ country: 'NO', nationalId, nationalIdHash: nationalIdLookupHash(nationalId) })
      .returning();
    const [ownCustomer] = await db
      .insert(customer)
      .values({ personId: owner!.id, brand: 'no-main', country: 'NO' })
      .returning();
    // created_at/updated_at from the database's clock (microseconds); the rest as a busy application has them.
    const [application] = await db
      .insert(loanApplication)
      .values({
        product: 'UnsecuredLoan',
        brand: 'no-main',
        country: 'NO',
        status: 180,
        personId: owner!.id,
        customerId: ownCustomer!.id,
        legacyId: 'L-1 "quoted" \\ ø',
        amount: 2_000_000_000,
        durationYears: 15,
        loanPurpose: 'Renovation',
        currentStep: 'economy',
        completedSteps: ['loan', 'applicant'],
        data: {
          nested: { list: [1, 'to', null, { deep: true }] },
          text: 'æøå 🙂 \u0001 line\nbreak',
          n: 1.5e-7,
        },
        cloneOrigin: 'Cloned',
        archiveReason: 'not archived, only text',
        revision: 7,
      })
      .returning();
    const id = application!.id;
    await db.insert(loanApplicationApplicant).values([
      {
        loanApplicationId: id,
        role: 'MainApplicant',
        personId: owner!.id,
        employerName: 'Ø & Co',
        grossYearlyIncome: 650_000,
        employmentStart: '2019-03-01',
      },
      { loanApplicationId: id, role: 'CoApplicant', childrenCount: 0, isPoliticallyExposed: false },
    ]);

    const [plainRow] = await db.select().from(loanApplication).where(eq(loanApplication.id, id));
    const plainApplicants = await db
      .select()
      .from(loanApplicationApplicant)
      .where(eq(loanApplicationApplicant.loanApplicationId, id))
      .orderBy(asc(loanApplicationApplicant.role));
    const expected = { row: plainRow, applicants: plainApplicants, isLocked: false };

    expect(await findApplicationWithApplicants(db, id)).toEqual(expected);
    const list = await listApplicantApplications(db, {
      personId: owner!.id,
      customerId: ownCustomer!.id,
      onlyCustomerId: undefined,
      limit: 25,
      offset: 0,
    });
    expect(list).toEqual({ items: [expected], total: 1 });
    expect(plainRow!.createdAt).toBeInstanceOf(Date);
    expect(plainApplicants).toHaveLength(2);
  });
});
