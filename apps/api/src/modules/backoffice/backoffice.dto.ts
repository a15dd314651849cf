import type {
  Agent,
  Assignment,
  Bucket,
  BucketSummary,
  CallOrder,
  CallRecord,
  PersonCheck,
} from '@nordloan/domain/backoffice';
import type {
  InsurancePolicy,
  InsuranceRequest,
  PartnerInsurer,
  RealEstate,
  RealEstateLink,
  RealEstateOwnershipType,
  RealEstateSource,
} from '@nordloan/domain/backoffice-assets';
import type {
  Country,
  InsuranceDecision,
  InsuranceTerminationReason,
  OutboundNumberType,
} from '@nordloan/domain/enums';
import type { ApplicationStatusCode } from '@nordloan/domain/statuses';
import type { AgentRow } from './agent.repository.ts';
import type { AssignmentRow } from './assignment.repository.ts';
import type { BucketRow, BucketSummaryRow } from './bucket.repository.ts';
import type { CallOrderRow, CallRecordRow } from './call.repository.ts';
import type { InsurancePolicyRow, InsuranceRequestRow } from './insurance.repository.ts';
import type { PersonCheckRow } from './person-check.repository.ts';
import type { RealEstateLinkRow, RealEstateRow } from './real-estate.repository.ts';

// Rows → the §3 shapes of packages/domain/src/backoffice.ts (PascalCase, timestamps as ISO strings, §5).
// The text columns hold only values their CHECK constraints allow, which are the domain's enums; the
// casts below rely on that (backoffice repository tests parse every mapped row with the domain schema).

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function toAgent(row: AgentRow): Agent {
  return {
    ID: row.id,
    Name: row.name,
    Disabled: row.disabled,
    MarketCountry: row.marketCountry as Country,
    Roles: row.roles,
  };
}

export function toBucket(row: BucketRow): Bucket {
  return {
    ID: row.id,
    Name: row.name,
    Priority: row.priority,
    RequiresACEAction: row.requiresAceAction,
    Actions: row.actions ?? null,
    ConditionsExplanation: row.conditionsExplanation,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toBucketSummary(row: BucketSummaryRow): BucketSummary {
  return {
    BucketID: row.bucketId,
    NumApplicationsAssigned: row.assigned,
    NumApplicationsUnassigned: row.unassigned,
    Total: row.total,
  };
}

export function toAssignment(row: AssignmentRow): Assignment {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    BucketID: row.bucketId,
    AssigneeID: row.assigneeId,
    ProcessedAt: isoOrNull(row.processedAt),
    ProcessedBy: row.processedBy,
    Country: row.country as Country,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
    BucketUpdatedAt: iso(row.bucketUpdatedAt),
    Revision: row.revision,
  };
}

export function toCallOrder(row: CallOrderRow): CallOrder {
  return {
    ID: row.id,
    CreatedAt: iso(row.createdAt),
    LoanApplicationID: row.loanApplicationId,
    ClientID: row.clientId,
    MarketCountry: row.marketCountry as Country,
    LoanApplicationStatus: row.loanApplicationStatus as ApplicationStatusCode,
    BucketName: row.bucketName,
    CustomerPhoneNumber: row.customerPhoneNumber,
    OutboundNumberType: row.outboundNumberType as OutboundNumberType,
    Tags: row.tags,
  };
}

export function toCallRecord(row: CallRecordRow): CallRecord {
  return {
    ID: row.id,
    CreatedAt: iso(row.createdAt),
    LoanApplicationID: row.loanApplicationId,
    ClientID: row.clientId,
    MarketCountry: row.marketCountry as Country,
    LoanApplicationStatus: row.loanApplicationStatus as ApplicationStatusCode | null,
    BucketName: row.bucketName,
    CustomerPhoneNumber: row.customerPhoneNumber,
    OutboundNumberType: row.outboundNumberType as OutboundNumberType | null,
    Tags: row.tags,
    AgentID: row.agentId,
    OutboundPhoneNumber: row.outboundPhoneNumber,
    ExternalRef: row.externalRef,
    OrderID: row.orderId,
    Outbound: row.outbound,
    OrderedAt: isoOrNull(row.orderedAt),
    InitiatedAt: isoOrNull(row.initiatedAt),
    AnsweredAt: isoOrNull(row.answeredAt),
    Answered: row.answered,
    WentToVoicemail: row.wentToVoicemail,
    EndedAt: isoOrNull(row.endedAt),
    StateDescription: row.stateDescription,
  };
}

export function toPersonCheck(row: PersonCheckRow): PersonCheck {
  return {
    ID: row.id,
    CreatedAt: iso(row.createdAt),
    PersonID: row.personId,
    LoanApplicationID: row.loanApplicationId,
    Details: row.details,
    FullName: row.fullName,
    Attributes: { PEP: row.isPep, RCA: row.isRca, Sanctioned: row.isSanctioned },
  };
}

export function toRealEstate(row: RealEstateRow): RealEstate {
  return {
    ID: row.id,
    PersonID: row.personId,
    Source: row.source as RealEstateSource,
    FetchID: row.fetchId,
    OwnershipType: row.ownershipType as RealEstateOwnershipType | null,
    RealEstateType: row.realEstateType,
    EstimatedValueReferenceNumber: row.estimatedValueReferenceNumber,
    TotalMarketValueEstimate: row.totalMarketValueEstimate,
    TotalMarketValueEstimateApproved: row.totalMarketValueEstimateApproved,
    MarketScoreArea: row.marketScoreArea,
    MarketScoreMunicipality: row.marketScoreMunicipality,
    SectionNumber: row.sectionNumber,
    StreetName: row.streetName,
    StreetNumber: row.streetNumber,
    StreetLetter: row.streetLetter,
    Postcode: row.postcode,
    Municipality: row.municipality,
    CadastreBNumber: row.cadastreBNumber,
    CadastreFNumber: row.cadastreFNumber,
    CadastreGNumber: row.cadastreGNumber,
    CadastreKNumber: row.cadastreKNumber,
    CadastreSNumber: row.cadastreSNumber,
    PrimaryLivingArea: row.primaryLivingArea,
    IsInsured: row.isInsured,
    InsuranceCompany: row.insuranceCompany,
    CooperativeApartmentCommonDebt: row.cooperativeCommonDebt,
    OrganizationNumber: row.cooperativeOrganizationNumber,
    ShareNumber: row.cooperativeShareNumber,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toRealEstateLink(row: RealEstateLinkRow): RealEstateLink {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    RealEstateID: row.realEstateId,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toInsuranceRequest(row: InsuranceRequestRow): InsuranceRequest {
  return {
    ID: row.id,
    PersonID: row.personId,
    CustomerID: row.customerId,
    LoanApplicationID: row.loanApplicationId,
    Brand: row.brand,
    Country: row.country as Country,
    Insurer: row.insurer as PartnerInsurer,
    InsuredMonthlyAmount: row.insuredMonthlyAmount,
    MonthlyPremium: row.monthlyPremium,
    Decision: row.decision as InsuranceDecision,
    DecidedAt: isoOrNull(row.decidedAt),
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toInsurancePolicy(row: InsurancePolicyRow): InsurancePolicy {
  return {
    ID: row.id,
    RequestID: row.requestId,
    PersonID: row.personId,
    Insurer: row.insurer as PartnerInsurer,
    PolicyNumber: row.policyNumber,
    InsuredMonthlyAmount: row.insuredMonthlyAmount,
    MonthlyPremium: row.monthlyPremium,
    StartsOn: row.startsOn,
    TerminatedAt: isoOrNull(row.terminatedAt),
    TerminationReason: row.terminationReason as InsuranceTerminationReason | null,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}
