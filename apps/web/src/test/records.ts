import type { Customer } from '@nordloan/domain/customer';
import type { LoanQuote } from '@nordloan/domain/lending/loan-quote.schema';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import type { Person } from '@nordloan/domain/person';

// Answers of the API's entity calls (customer, person, application, quote) as the domain's contract shapes them, for tests that stand
// in for the network (typed: a field the contract drops or renames fails the type check here).

export function personRecord(overrides: Partial<Person> = {}): Person {
  return {
    ID: 'pers-1',
    Country: 'NO',
    NationalID: '010190*****',
    BirthDate: '1990-01-01',
    FirstName: 'Kari',
    LastName: 'Nordmann',
    Email: 'kari@example.test',
    Phone: '+4791234567',
    Address: {
      Kind: null,
      Street: 'Storgata 1',
      CoName: null,
      PostalCode: '0155',
      City: 'Oslo',
      Country: 'NO',
    },
    Citizenship: 'NO',
    IsPoliticallyExposed: false,
    PoliticallyExposedRole: null,
    CreatedAt: '2026-01-01T00:00:00.000Z',
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function customerRecord(overrides: Partial<Customer> = {}): Customer {
  return {
    ID: 'cust-1',
    PersonID: 'pers-1',
    ClientID: null,
    Email: 'kari@example.test',
    EmailVerified: false,
    Phone: '+4791234567',
    Brand: 'no-main',
    Country: 'NO',
    AcceptedTermsVersion: null,
    AcceptedTermsAt: null,
    AcceptedTermsBrand: null,
    CreatedAt: '2026-01-01T00:00:00.000Z',
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function loanApplicationRecord(overrides: Partial<LoanApplication> = {}): LoanApplication {
  return {
    ID: 'app-1',
    HumanReadableID: 'NL-100001',
    LegacyID: null,
    Product: 'UnsecuredLoan',
    Status: 100,
    StatusName: 'Draft',
    Brand: 'no-main',
    Country: 'NO',
    CustomerID: 'cust-1',
    PersonID: 'pers-1',
    CoApplicantPersonID: null,
    ApplicantMode: 'OnlyMainApplicant',
    Amount: 150_000,
    Duration: 5,
    LoanPurpose: 'Renovation',
    CurrentStep: null,
    CompletedSteps: [],
    Data: {},
    CloneOrigin: null,
    ClonedFromID: null,
    ArchivedAt: null,
    ArchiveReason: null,
    Revision: 1,
    IsLocked: false,
    MainApplicant: null,
    CoApplicant: null,
    CreatedAt: '2026-01-01T00:00:00.000Z',
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function loanQuoteRecord(overrides: Partial<LoanQuote> = {}): LoanQuote {
  return {
    ID: 'q-1',
    LoanApplicationID: 'app-1',
    LoanRequestID: 'lr-1',
    Lender: { ID: 'kyst', Name: 'Kyst Sparebank' },
    Currency: 'NOK',
    Amount: 150_000,
    DurationMonths: 60,
    NominalRate: 12.4,
    EffectiveRate: 13.3,
    MonthlyPayment: 3_370,
    TotalCost: 52_200,
    TotalPayable: 202_200,
    StartupFee: 950,
    MonthlyFee: 45,
    FeeHandling: 'financed',
    OfferType: 'Annuity',
    LoanKind: 'Consumer',
    Decision: 'approved',
    Status: 'approved',
    AcceptanceStatus: null,
    ExpiresAt: '2026-02-01T00:00:00.000Z',
    DocumentRequests: [],
    ReplacesQuoteID: null,
    CreatedAt: '2026-01-01T00:00:00.000Z',
    UpdatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
