import type { InsurancePolicy, InsuranceRequest, PartnerInsurer } from '@nordloan/domain/backoffice-assets';
import type { Country, InsuranceDecision, InsuranceTerminationReason } from '@nordloan/domain/enums';
import type { InsurancePolicyRow, InsuranceRequestRow } from './insurance-policy.repository.ts';

// Insurance request and policy rows → their §3 shapes (PascalCase, timestamps as ISO strings). The text
// columns hold only what their CHECK constraints allow, which are the domain's enums; the casts rely on that
// (insurance-policy.repository.test.ts parses every mapped row with the domain schema).

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

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
