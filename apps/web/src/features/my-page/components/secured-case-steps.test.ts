import type { SecuredProperty } from '@nordloan/domain/secured-loan';
import { describe, expect, it } from 'vitest';
import { securedCaseSteps } from './secured-case-panel.tsx';

const property = (over: Partial<SecuredProperty>): SecuredProperty => ({
  ID: 'p',
  LoanApplicationID: 'a',
  Street: 'Storgata',
  StreetNumber: '1',
  Postcode: '0155',
  Municipality: 'Oslo',
  PropertyType: 'Apartment building',
  OwnershipType: 'Freehold',
  EstimatedValue: 5_000_000,
  ExistingMortgage: 1_000_000,
  CooperativeCommonDebt: 0,
  LookupStatus: 'success',
  LookupMessage: null,
  RegisterValue: 4_800_000,
  ValueUsed: 4_800_000,
  LoanToValue: 41.7,
  MaxLoanToValue: 90,
  WithinLimit: true,
  DocumentRequirements: [
    { Category: 'payslip', Owner: 'main-applicant', Received: true },
    { Category: 'tax-return', Owner: 'main-applicant', Received: false },
  ],
  UpdatedAt: '2026-11-24T12:00:00.000Z',
  ...over,
});
const states = (p: SecuredProperty) => securedCaseSteps(p).map((step) => step.state);

describe('the secured loan’s case steps', () => {
  it('valued by the register, documents outstanding: documents are the current step', () => {
    expect(states(property({}))).toEqual(['done', 'current', 'upcoming']);
  });
  it('everything received: the banks assess', () => {
    const all = property({
      DocumentRequirements: [{ Category: 'payslip', Owner: 'main-applicant', Received: true }],
    });
    expect(states(all)).toEqual(['done', 'done', 'current']);
  });
  it('without a register value the valuation report is what values the home', () => {
    const waiting = property({
      LookupStatus: 'missing_data',
      DocumentRequirements: [{ Category: 'property-value', Owner: 'main-applicant', Received: false }],
    });
    expect(states(waiting)).toEqual(['current', 'upcoming', 'upcoming']);
    const received = property({
      LookupStatus: 'missing_data',
      DocumentRequirements: [{ Category: 'property-value', Owner: 'main-applicant', Received: true }],
    });
    expect(states(received)).toEqual(['done', 'done', 'current']);
  });
});
