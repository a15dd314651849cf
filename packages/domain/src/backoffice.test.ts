import { describe, expect, it } from 'vitest';
import {
  agentSchema,
  assignmentFiltersSchema,
  assignmentSchema,
  backofficeMessages,
  bucketSchema,
  bucketSummarySchema,
  callListFiltersSchema,
  callOrderSchema,
  callRecordSchema,
  personCheckSchema,
  roleSchema,
} from './backoffice.ts';
import {
  insurancePolicySchema,
  insuranceRequestSchema,
  realEstateLinkSchema,
  realEstateSchema,
} from './backoffice-assets.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2025-03-01T09:30:00.000Z';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const assignment = {
  ID: id(9),
  LoanApplicationID: id(1),
  BucketID: id(2),
  AssigneeID: null,
  ProcessedAt: null,
  ProcessedBy: null,
  Country: 'NO',
  CreatedAt: at,
  UpdatedAt: at,
  BucketUpdatedAt: at,
  Revision: 3,
};

const callOrder = {
  ID: id(10),
  CreatedAt: at,
  LoanApplicationID: id(1),
  ClientID: null,
  MarketCountry: 'SE',
  LoanApplicationStatus: 310,
  BucketName: 'Missing documents',
  CustomerPhoneNumber: '+46701234567',
  OutboundNumberType: 'broker',
  Tags: null,
};

const callRecord = {
  ...callOrder,
  AgentID: id(20),
  OutboundPhoneNumber: '+4681234567',
  ExternalRef: 'CA123',
  OrderID: id(10),
  Outbound: true,
  OrderedAt: at,
  InitiatedAt: at,
  AnsweredAt: null,
  Answered: false,
  WentToVoicemail: true,
  EndedAt: at,
  StateDescription: 'voicemail',
  Outcome: 'left-voicemail',
  WrapUpNote: 'Left a message to call us back.',
  NextContactDate: '2025-02-03',
  WrappedUpAt: at,
};

const realEstate = {
  ID: id(30),
  PersonID: id(31),
  Source: 'ValuationProvider',
  FetchID: 'ev-991',
  OwnershipType: 'Cooperative',
  RealEstateType: 'Apartment',
  EstimatedValueReferenceNumber: 'EV-2025-1',
  TotalMarketValueEstimate: 4_250_000,
  TotalMarketValueEstimateApproved: null,
  MarketScoreArea: 71.5,
  MarketScoreMunicipality: 64,
  SectionNumber: null,
  StreetName: 'Thereses gate',
  StreetNumber: '14',
  StreetLetter: 'B',
  Postcode: '0358',
  Municipality: 'Oslo',
  CadastreBNumber: '123',
  CadastreFNumber: null,
  CadastreGNumber: '215',
  CadastreKNumber: '0301',
  CadastreSNumber: null,
  PrimaryLivingArea: 62.5,
  IsInsured: true,
  InsuranceCompany: 'Gjensidige',
  CooperativeApartmentCommonDebt: 380_000,
  OrganizationNumber: '948123456',
  ShareNumber: '42',
  CreatedAt: at,
  UpdatedAt: at,
};

describe('back-office schemas: ids are UUIDs', () => {
  it.each([
    ['assignment', assignmentSchema, { ...assignment, BucketID: 'bucket-1' }, 'BucketID'],
    ['call order', callOrderSchema, { ...callOrder, ID: '42' }, 'ID'],
    ['real estate', realEstateSchema, { ...realEstate, PersonID: 'not-a-uuid' }, 'PersonID'],
    [
      'real-estate link',
      realEstateLinkSchema,
      { ID: id(1), LoanApplicationID: 'x', RealEstateID: id(2), CreatedAt: at, UpdatedAt: at },
      'LoanApplicationID',
    ],
  ] as const)('%s rejects a non-UUID id with the message', (_name, schema, value, field) => {
    expect(messagesOf(schema.safeParse(value))).toContain(`${field}: ${backofficeMessages.uuid}`);
  });

  it('accepts the full valid examples', () => {
    expect(assignmentSchema.parse(assignment)).toEqual(assignment);
    expect(callOrderSchema.parse(callOrder)).toEqual(callOrder);
    expect(callRecordSchema.parse(callRecord)).toEqual(callRecord);
    expect(realEstateSchema.parse(realEstate)).toEqual(realEstate);
  });
});

describe('timestamps are strings', () => {
  it('rejects a Date object and a date without a time', () => {
    expect(assignmentSchema.safeParse({ ...assignment, CreatedAt: new Date() }).success).toBe(false);
    expect(messagesOf(assignmentSchema.safeParse({ ...assignment, UpdatedAt: '2025-03-01' }))).toEqual([
      `UpdatedAt: ${backofficeMessages.timestamp}`,
    ]);
  });
  it('accepts an offset instead of Z', () => {
    expect(
      assignmentSchema.safeParse({ ...assignment, CreatedAt: '2025-03-01T10:30:00+01:00' }).success,
    ).toBe(true);
  });
});

describe('assignment', () => {
  it('ProcessedAt, AssigneeID and ProcessedBy are nullable; processed means both when and by whom', () => {
    expect(
      assignmentSchema.safeParse({ ...assignment, AssigneeID: id(5), ProcessedAt: at, ProcessedBy: id(5) })
        .success,
    ).toBe(true);
    expect(messagesOf(assignmentSchema.safeParse({ ...assignment, ProcessedAt: at }))).toEqual([
      `ProcessedBy: ${backofficeMessages.processedPair}`,
    ]);
  });
  it('Revision is a whole number from 1', () => {
    expect(messagesOf(assignmentSchema.safeParse({ ...assignment, Revision: 0 }))).toEqual([
      'Revision: Must be at least 1',
    ]);
    expect(assignmentSchema.safeParse({ ...assignment, Revision: 1.5 }).success).toBe(false);
  });
  it('filters are optional and Processed reads query-string booleans', () => {
    expect(assignmentFiltersSchema.parse({})).toEqual({});
    expect(assignmentFiltersSchema.parse({ Processed: 'false', BucketID: id(2) })).toEqual({
      Processed: false,
      BucketID: id(2),
    });
    expect(assignmentFiltersSchema.parse({ Processed: 'true' }).Processed).toBe(true);
    expect(messagesOf(assignmentFiltersSchema.safeParse({ Processed: 'maybe' }))).toEqual([
      `Processed: ${backofficeMessages.boolean}`,
    ]);
  });
});

describe('bucket and summary', () => {
  const bucket = {
    ID: id(2),
    Name: 'Missing documents',
    Priority: 10,
    RequiresACEAction: false,
    Actions: [{ role: 'Sales', kind: 'call', name: 'Call customer', description: '' }],
    ConditionsExplanation: 'Payslip requested and not received',
    CreatedAt: at,
    UpdatedAt: at,
  };
  it('Actions is a nullable list of role, kind, name, description', () => {
    expect(bucketSchema.parse(bucket)).toEqual(bucket);
    expect(bucketSchema.parse({ ...bucket, Actions: null }).Actions).toBeNull();
    expect(bucketSchema.safeParse({ ...bucket, Actions: [{ role: 'Sales' }] }).success).toBe(false);
  });
  it('bounds name and priority', () => {
    expect(messagesOf(bucketSchema.safeParse({ ...bucket, Name: '  ' }))).toEqual([
      `Name: ${backofficeMessages.required}`,
    ]);
    expect(messagesOf(bucketSchema.safeParse({ ...bucket, Priority: -1 }))).toEqual([
      'Priority: Must be at least 0',
    ]);
  });
  it('summary total is the sum of assigned and unassigned', () => {
    const summary = { BucketID: id(2), NumApplicationsAssigned: 2, NumApplicationsUnassigned: 3, Total: 5 };
    expect(bucketSummarySchema.parse(summary)).toEqual(summary);
    expect(messagesOf(bucketSummarySchema.safeParse({ ...summary, Total: 4 }))).toEqual([
      `Total: ${backofficeMessages.summaryTotal}`,
    ]);
  });
});

describe('roles and agents', () => {
  it('a role is a known name or any string, Country optional', () => {
    expect(roleSchema.parse({ Name: 'Sales', Country: 'NO' })).toEqual({ Name: 'Sales', Country: 'NO' });
    expect(roleSchema.parse({ Name: 'NightShift' })).toEqual({ Name: 'NightShift' });
    expect(roleSchema.safeParse({ Name: 'Sales', Country: 'DE' }).success).toBe(false);
  });
  it('agent', () => {
    const agent = { ID: id(20), Name: 'Kari Nordmann', Disabled: false, MarketCountry: 'NO', Roles: [] };
    expect(agentSchema.parse(agent)).toEqual(agent);
    expect(agentSchema.safeParse({ ...agent, Disabled: 'no' }).success).toBe(false);
  });
});

describe('calls', () => {
  it('OutboundNumberType is broker, agent or uscore', () => {
    for (const type of ['broker', 'agent', 'uscore'])
      expect(callOrderSchema.safeParse({ ...callOrder, OutboundNumberType: type }).success).toBe(true);
    expect(callOrderSchema.safeParse({ ...callOrder, OutboundNumberType: 'customer' }).success).toBe(false);
  });
  it('Tags is nullable, a list of short strings otherwise', () => {
    expect(callOrderSchema.parse({ ...callOrder, Tags: ['vip', 'evening'] }).Tags).toEqual([
      'vip',
      'evening',
    ]);
    expect(callOrderSchema.safeParse({ ...callOrder, Tags: [''] }).success).toBe(false);
  });
  it('phone numbers are E.164', () => {
    expect(
      messagesOf(callOrderSchema.safeParse({ ...callOrder, CustomerPhoneNumber: '070-123 45 67' })),
    ).toEqual([`CustomerPhoneNumber: ${backofficeMessages.phoneNumber}`]);
  });
  it('the status is a §4 numbered status', () => {
    expect(callOrderSchema.safeParse({ ...callOrder, LoanApplicationStatus: 311 }).success).toBe(false);
  });
  it('an inbound call record has no order, application or outbound number type', () => {
    const inbound = {
      ...callRecord,
      OrderID: null,
      LoanApplicationID: null,
      LoanApplicationStatus: null,
      OutboundNumberType: null,
      OutboundPhoneNumber: null,
      Outbound: false,
      OrderedAt: null,
      Answered: true,
      AnsweredAt: at,
      WentToVoicemail: false,
    };
    expect(callRecordSchema.parse(inbound)).toEqual(inbound);
  });
  it('call-list filters: defaults, coercion from the query string, bounds', () => {
    expect(callListFiltersSchema.parse({})).toEqual({ offset: 0, limit: 25 });
    expect(callListFiltersSchema.parse({ country: 'FI', offset: '50', limit: '10' })).toEqual({
      country: 'FI',
      offset: 50,
      limit: 10,
    });
    expect(messagesOf(callListFiltersSchema.safeParse({ limit: '101' }))).toEqual([
      'limit: Must be at most 100',
    ]);
    expect(messagesOf(callListFiltersSchema.safeParse({ offset: '-1' }))).toEqual([
      'offset: Must be at least 0',
    ]);
    expect(callListFiltersSchema.safeParse({ country: 'DE' }).success).toBe(false);
  });
});

describe('person check', () => {
  it('has PEP, RCA and Sanctioned attributes and nullable details', () => {
    const check = {
      ID: id(40),
      CreatedAt: at,
      PersonID: id(31),
      LoanApplicationID: null,
      Details: null,
      FullName: 'Ola Nordmann',
      Attributes: { PEP: false, RCA: false, Sanctioned: false },
    };
    expect(personCheckSchema.parse(check)).toEqual(check);
    expect(personCheckSchema.safeParse({ ...check, Attributes: { PEP: true } }).success).toBe(false);
  });
});

describe('real estate', () => {
  it('every value field may be null', () => {
    const bare = Object.fromEntries(
      Object.entries(realEstate).map(([key, value]) =>
        ['ID', 'PersonID', 'Source', 'CreatedAt', 'UpdatedAt'].includes(key) ? [key, value] : [key, null],
      ),
    );
    expect(realEstateSchema.safeParse(bare).success).toBe(true);
  });
  it('checks cadastre numbers, postcode and amounts', () => {
    expect(messagesOf(realEstateSchema.safeParse({ ...realEstate, CadastreKNumber: '301' }))).toEqual([
      'CadastreKNumber: Must be a 4-digit municipality number',
    ]);
    expect(realEstateSchema.safeParse({ ...realEstate, Postcode: '114 55' }).success).toBe(true);
    expect(realEstateSchema.safeParse({ ...realEstate, TotalMarketValueEstimate: -1 }).success).toBe(false);
    expect(realEstateSchema.safeParse({ ...realEstate, OwnershipType: 'Rental' }).success).toBe(false);
  });
});

describe('insurance', () => {
  const request = {
    ID: id(50),
    PersonID: id(31),
    CustomerID: null,
    LoanApplicationID: null,
    Brand: 'no-main',
    Country: 'NO',
    Insurer: 'NordTrygg',
    InsuredMonthlyAmount: 5000,
    MonthlyPremium: 350,
    Decision: 'new',
    DecidedAt: null,
    CreatedAt: at,
    UpdatedAt: at,
  };
  it('decision is approved, denied or new; DecidedAt goes with a decision', () => {
    expect(insuranceRequestSchema.parse(request)).toEqual(request);
    expect(
      insuranceRequestSchema.safeParse({ ...request, Decision: 'approved', DecidedAt: at }).success,
    ).toBe(true);
    expect(insuranceRequestSchema.safeParse({ ...request, Decision: 'pending' }).success).toBe(false);
    expect(messagesOf(insuranceRequestSchema.safeParse({ ...request, Decision: 'denied' }))).toEqual([
      `DecidedAt: ${backofficeMessages.decidedAtWithDecision}`,
    ]);
  });
  it('only the two partner insurers', () => {
    expect(insuranceRequestSchema.safeParse({ ...request, Insurer: 'Fjordliv' }).success).toBe(true);
    expect(insuranceRequestSchema.safeParse({ ...request, Insurer: 'Other Insurance' }).success).toBe(false);
  });
  it('policy termination: reason from §3, set together with the time', () => {
    const policy = {
      ID: id(60),
      RequestID: id(50),
      PersonID: id(31),
      Insurer: 'Fjordliv',
      PolicyNumber: 'FL-1001',
      InsuredMonthlyAmount: 5000,
      MonthlyPremium: 350,
      StartsOn: '2025-04-01',
      TerminatedAt: null,
      TerminationReason: null,
      CreatedAt: at,
      UpdatedAt: at,
    };
    expect(insurancePolicySchema.parse(policy)).toEqual(policy);
    expect(
      insurancePolicySchema.safeParse({ ...policy, TerminatedAt: at, TerminationReason: 'emigration' })
        .success,
    ).toBe(true);
    expect(
      insurancePolicySchema.safeParse({ ...policy, TerminatedAt: at, TerminationReason: 'bored' }).success,
    ).toBe(false);
    expect(messagesOf(insurancePolicySchema.safeParse({ ...policy, TerminatedAt: at }))).toEqual([
      `TerminationReason: ${backofficeMessages.terminationPair}`,
    ]);
  });
});

describe('work-queue rules (ADR 0021)', () => {
  it('give each status at most one bucket, and end states none', async () => {
    const { workQueueRules, workQueueRuleFor } = await import('./backoffice.ts');
    const statuses = workQueueRules.flatMap((rule) => [...rule.statuses]);
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(workQueueRuleFor(160)).toBe('new');
    expect(workQueueRuleFor(410)).toBe('offers');
    for (const ended of [100, 190, 198, 199, 290, 700, 800])
      expect(workQueueRuleFor(ended), `${ended}`).toBeUndefined();
  });
});
