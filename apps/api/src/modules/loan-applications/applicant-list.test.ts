import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { nationalIdLookupHash } from '#src/db/personal-data-cipher.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { customer, person } from '#src/db/schema/core.ts';
import { applicationVisibility } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import {
  listApplicantApplications,
  searchApplicationsWithApplicants,
} from './loan-application.repository.ts';

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
