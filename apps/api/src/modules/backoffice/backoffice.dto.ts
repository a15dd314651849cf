import type {
  Assignment,
  Bucket,
  BucketSummary,
  CallOrder,
  CallOutcome,
  CallRecord,
} from '@nordloan/domain/backoffice';
import type { Country, OutboundNumberType } from '@nordloan/domain/enums';
import type { ApplicationStatusCode } from '@nordloan/domain/statuses';
import type { AssignmentRow } from './assignment.repository.ts';
import type { BucketRow, BucketSummaryRow } from './bucket.repository.ts';
import type { CallOrderRow, CallRecordRow } from './call.repository.ts';

// Rows → the §3 shapes of packages/domain/src/backoffice.ts (PascalCase, timestamps as ISO strings, §5).
// The text columns hold only values their CHECK constraints allow, which are the domain's enums; the
// casts below rely on that (backoffice repository tests parse every mapped row with the domain schema).

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

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
    Outcome: row.outcome as CallOutcome | null,
    WrapUpNote: row.wrapUpNote,
    NextContactDate: row.nextContactDate,
    WrappedUpAt: isoOrNull(row.wrappedUpAt),
  };
}
