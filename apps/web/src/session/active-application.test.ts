import { beforeEach, describe, expect, it } from 'vitest';
import {
  type ApplicationSummary,
  activeLookupPageSize,
  activeLookupQuery,
  applicationSessionStorageKey,
  createApplicationSessionStore,
  newestOfProduct,
  toPageNumber,
} from '#src/session/active-application.ts';

const app = (
  ID: string,
  Product: ApplicationSummary['Product'],
  CreatedAt: string,
  UpdatedAt = CreatedAt,
): ApplicationSummary => ({
  ID,
  Product,
  CreatedAt,
  UpdatedAt,
});

const applications = [
  app('old-unsecured', 'UnsecuredLoan', '2026-01-01T10:00:00Z'),
  app('new-card', 'CreditCard', '2026-03-01T10:00:00Z'),
  app('new-unsecured', 'UnsecuredLoan', '2026-02-01T10:00:00Z', '2026-02-05T10:00:00Z'),
  app('mid-unsecured', 'UnsecuredLoan', '2026-01-15T10:00:00Z'),
];

beforeEach(() => sessionStorage.clear());

describe('§4 auto-select', () => {
  it('makes the newest application of the current product the active one', () => {
    const store = createApplicationSessionStore();
    const active = store.getState().autoSelect('UnsecuredLoan', applications);
    expect(active).toEqual({
      id: 'new-unsecured',
      mode: 'edit',
      createdAt: '2026-02-01T10:00:00Z',
      updatedAt: '2026-02-05T10:00:00Z',
    });
    expect(store.getState().activeApplications.UnsecuredLoan?.id).toBe('new-unsecured');
  });

  it('ignores applications of other products', () => {
    expect(newestOfProduct(applications, 'CreditCard')?.ID).toBe('new-card');
    expect(newestOfProduct(applications, 'SecuredLoan')).toBeNull();
  });

  it('keeps the current active application when none of the product exists', () => {
    const store = createApplicationSessionStore();
    store.getState().setActiveApplication('SecuredLoan', app('kept', 'SecuredLoan', '2026-01-01T00:00:00Z'));
    expect(store.getState().autoSelect('SecuredLoan', applications)).toBeNull();
    expect(store.getState().activeApplications.SecuredLoan?.id).toBe('kept');
  });

  it('breaks a CreatedAt tie by UpdatedAt', () => {
    const tied = [
      app('a', 'CreditCard', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
      app('b', 'CreditCard', '2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z'),
    ];
    expect(newestOfProduct(tied, 'CreditCard')?.ID).toBe('b');
  });
});

describe('§3/§9 active application per product in session storage (version 1)', () => {
  it('keeps one active application per product as {id, mode: edit, createdAt, updatedAt}', () => {
    const store = createApplicationSessionStore();
    store.getState().setActiveApplication('UnsecuredLoan', applications[0]!);
    store.getState().setActiveApplication('CreditCard', applications[1]!);
    expect(store.getState().activeApplications).toEqual({
      UnsecuredLoan: {
        id: 'old-unsecured',
        mode: 'edit',
        createdAt: '2026-01-01T10:00:00Z',
        updatedAt: '2026-01-01T10:00:00Z',
      },
      CreditCard: {
        id: 'new-card',
        mode: 'edit',
        createdAt: '2026-03-01T10:00:00Z',
        updatedAt: '2026-03-01T10:00:00Z',
      },
    });
  });

  it('persists the active applications and the interaction mode in sessionStorage, version 1', () => {
    const store = createApplicationSessionStore();
    store.getState().setActiveApplication('UnsecuredLoan', applications[0]!);
    const stored = JSON.parse(sessionStorage.getItem(applicationSessionStorageKey) ?? '{}');
    expect(stored.version).toBe(1);
    expect(Object.keys(stored.state).sort()).toEqual(['activeApplications', 'interactionMode']);
    expect(stored.state.interactionMode).toBe('edit');
    expect(createApplicationSessionStore().getState().activeApplications.UnsecuredLoan?.id).toBe(
      'old-unsecured',
    );
  });

  it('clears one product', () => {
    const store = createApplicationSessionStore();
    store.getState().setActiveApplication('UnsecuredLoan', applications[0]!);
    store.getState().clearActiveApplication('UnsecuredLoan');
    expect(store.getState().activeApplications).toEqual({});
  });
});

describe('§9 the active lookup', () => {
  it('uses page size 100', () => {
    expect(activeLookupPageSize).toBe(100);
    expect(activeLookupQuery('UnsecuredLoan', { customerId: 'c', personId: 'p' })).toEqual({
      customerID: 'c',
      personID: undefined,
      product: 'UnsecuredLoan',
      pageSize: 100,
      pageNumber: 1,
    });
  });

  it('asks by person id for an unscoped user without a customer id', () => {
    expect(activeLookupQuery('CreditCard', { customerId: null, personId: 'p' })).toMatchObject({
      customerID: undefined,
      personID: 'p',
    });
  });

  it('pageNumber is always offset plus 1', () => {
    expect(toPageNumber(0)).toBe(1);
    expect(toPageNumber(4)).toBe(5);
    expect(activeLookupQuery('CreditCard', { customerId: 'c', personId: null }, 2).pageNumber).toBe(3);
  });
});
