import type { Application360 } from '@nordloan/domain/application-360';
import { caseSummaryOf } from '@nordloan/domain/backoffice-case-summary';
import { vi } from 'vitest';

// The API as the browser sees it, for component tests: answers by method and path, records every call.
// The real API is tested in apps/api and end to end in e2e/backoffice-*.e2e.ts.

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: RecordedCall) => { status?: number; body?: unknown } | undefined;

export function installFakeApi(routes: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://backoffice.localhost');
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer ? answer.body : { Message: 'This page could not be found' };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const ids = {
  agentNO: '11111111-1111-4111-8111-111111111111',
  agentSE: '22222222-2222-4222-8222-222222222222',
  bucket: '33333333-3333-4333-8333-333333333333',
  application: '44444444-4444-4444-8444-444444444444',
  personCheck: '55555555-5555-4555-8555-555555555555',
  person: '66666666-6666-4666-8666-666666666666',
  callOrder: '77777777-7777-4777-8777-777777777777',
  callRecord: '88888888-8888-4888-8888-888888888888',
  assignment: '99999999-9999-4999-8999-999999999999',
  note: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
};

export const agentNO = {
  ID: ids.agentNO,
  Name: 'Nora Handler',
  Disabled: false,
  MarketCountry: 'NO',
  Roles: [{ Name: 'Sales', Country: 'NO' }],
};

export const me = {
  Agent: agentNO,
  Permissions: { 'application.read': ['NO'], 'application.update': ['NO'] },
};

export const assignment = {
  ID: ids.assignment,
  LoanApplicationID: ids.application,
  BucketID: ids.bucket,
  AssigneeID: ids.agentNO,
  ProcessedAt: null,
  ProcessedBy: null,
  Country: 'NO' as const,
  CreatedAt: '2026-11-24T08:00:00Z',
  UpdatedAt: '2026-11-24T08:00:00Z',
  BucketUpdatedAt: '2026-11-24T08:00:00Z',
  Revision: 3,
  HumanReadableID: '100234',
  Product: 'ConsumerLoan',
  Status: 100,
  ApplicantName: 'Ola Nordmann',
};

/** The assignment as the 360° view carries it (the queue list adds the application's summary to it). */
const {
  HumanReadableID: _id,
  Product: _product,
  Status: _status,
  ApplicantName: _name,
  ...openAssignment
} = assignment;

/** The 360° view as the API writes it (typed by the domain's contract: a field it drops or renames fails here). */
const application360Parts: Omit<Application360, 'Summary'> = {
  Application: {
    ID: ids.application,
    HumanReadableID: '100234',
    LegacyID: null,
    Product: 'UnsecuredLoan',
    Status: 300,
    StatusName: 'Registered',
    Brand: 'no-main',
    Country: 'NO',
    CustomerID: null,
    PersonID: ids.person,
    CoApplicantPersonID: null,
    ApplicantMode: 'OnlyMainApplicant',
    Amount: 150000,
    Duration: 5,
    LoanPurpose: null,
    CurrentStep: null,
    CompletedSteps: [],
    Data: {},
    CloneOrigin: null,
    ClonedFromID: null,
    ArchivedAt: null,
    ArchiveReason: null,
    Revision: 3,
    IsLocked: false,
    MainApplicant: null,
    CoApplicant: null,
    CreatedAt: '2026-11-24T08:00:00.000Z',
    UpdatedAt: '2026-11-24T08:00:00.000Z',
  },
  Applicants: [
    {
      Role: 'MainApplicant',
      Person: {
        ID: ids.person,
        Country: 'NO',
        NationalID: '140386*****',
        BirthDate: '1986-03-14',
        FirstName: 'Ola',
        LastName: 'Nordmann',
        Email: null,
        Phone: null,
        Address: { Kind: null, Street: null, CoName: null, PostalCode: null, City: null, Country: null },
        Citizenship: 'NO',
        IsPoliticallyExposed: false,
        PoliticallyExposedRole: null,
        CreatedAt: '2026-11-24T08:00:00.000Z',
        UpdatedAt: '2026-11-24T08:00:00.000Z',
      },
      Income: {
        Role: 'MainApplicant',
        PersonID: ids.person,
        MaritalStatus: null,
        Education: null,
        LivingSituation: null,
        HousingType: null,
        HousingCostMonthly: null,
        PartnerLivingCostMonthly: null,
        ChildrenCount: null,
        EmploymentType: null,
        EmployerName: null,
        EmploymentStart: null,
        EmploymentEnd: null,
        Industry: null,
        JobLevel: null,
        JobTitle: null,
        GrossYearlyIncome: 720000,
        NetMonthlyIncome: 45000,
        OtherIncomeMonthly: null,
        MainBank: null,
        IsPoliticallyExposed: false,
      },
      Debts: [
        {
          ID: 'd1',
          LoanApplicationID: ids.application,
          OwnerRole: 'MainApplicant',
          DebtType: 'CreditCard',
          Source: 1,
          Creditor: null,
          Balance: 20000,
          CreditLimit: null,
          MonthlyPayment: null,
          InterestRate: null,
          RemainingTermMonths: null,
          IsRefinanced: false,
          ExternalRef: null,
          CreatedAt: '2026-11-24T08:00:00.000Z',
          UpdatedAt: '2026-11-24T08:00:00.000Z',
        },
      ],
      Expenses: [
        {
          ID: 'e1',
          LoanApplicationID: ids.application,
          OwnerRole: 'MainApplicant',
          CategoryID: 1,
          MonthlyAmount: 9000,
          CreatedAt: '2026-11-24T08:00:00.000Z',
          UpdatedAt: '2026-11-24T08:00:00.000Z',
        },
      ],
      Children: [],
      Cars: [],
      RealEstate: [],
      PersonChecks: [],
    },
  ],
  Documents: [],
  Quotes: [
    {
      Lender: { ID: 'kyst', Name: 'Kyst Sparebank' },
      Status: 300,
      Reason: null,
      Quotes: [
        {
          ID: 'q1',
          LoanApplicationID: ids.application,
          LoanRequestID: 'lr1',
          Lender: { ID: 'kyst', Name: 'Kyst Sparebank' },
          Currency: 'NOK',
          Amount: 150000,
          DurationMonths: 60,
          NominalRate: 12.4,
          EffectiveRate: 13.3,
          MonthlyPayment: 3370,
          TotalCost: 52200,
          TotalPayable: 202200,
          StartupFee: 950,
          MonthlyFee: 45,
          FeeHandling: 'financed',
          OfferType: 'Annuity',
          LoanKind: 'Consumer',
          Decision: 'approved',
          Status: 'approved',
          AcceptanceStatus: null,
          ExpiresAt: '2026-12-24T08:00:00.000Z',
          DocumentRequests: [],
          ReplacesQuoteID: null,
          CreatedAt: '2026-11-24T08:01:00.000Z',
          UpdatedAt: '2026-11-24T08:01:00.000Z',
        },
      ],
      Timeline: [{ At: '2026-11-24T08:01:00Z', Event: 'registered', Status: 300 }],
    },
  ],
  Consents: [],
  ContactPreferences: null,
  ContactLog: [],
  TermsAccepted: [],
  Leads: [],
  Calls: [],
  StatusHistory: [{ From: 100, To: 300, At: '2026-11-24T08:00:00Z', Actor: 'system', Reason: 'submitted' }],
  Notes: [
    {
      ID: ids.note,
      LoanApplicationID: ids.application,
      AgentID: ids.agentNO,
      AgentName: 'Nora Handler',
      Text: 'Customer asked to be called after 16.',
      CreatedAt: '2026-11-24T08:30:00Z',
    },
  ],
  Assignment: openAssignment,
  PersonChecks: [],
  LendingRules: null,
  Actions: [
    {
      Name: 'Add a note',
      Method: 'POST',
      Path: `/backoffice/applications/${ids.application}/notes`,
      Permission: 'application.note',
      Allowed: true,
    },
    {
      Name: 'Withdraw',
      Method: 'POST',
      Path: `/backoffice/applications/${ids.application}/withdraw`,
      Permission: 'application.withdraw',
      Allowed: true,
    },
    {
      Name: 'Screen',
      Method: 'POST',
      Path: `/backoffice/applications/${ids.application}/screening`,
      Permission: 'screening.review',
      Allowed: false,
    },
  ],
};

/** The case summary as the API builds it (the domain's caseSummaryOf), in the bucket "Offers to present". */
export const application360: Application360 = {
  ...application360Parts,
  Summary: caseSummaryOf(application360Parts, {
    bucketName: 'Offers to present',
    assigneeName: 'Nora Handler',
    callerAgentId: ids.agentNO,
    screeningHold: null,
  }),
};
