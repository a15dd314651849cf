import type {
  Applicant,
  Car,
  ChannelSnapshot,
  Child,
  Debt,
  Expense,
  LoanApplication,
  LoanApplicationRevision,
} from '@nordloan/domain/loan-application';
import { amlBlockStatuses, isApplicationStatusCode, statusName } from '@nordloan/domain/statuses';
import type {
  CarRow,
  ChannelSnapshotRow,
  ChildRow,
  DebtRow,
  ExpenseRow,
  LoanApplicationApplicantRow,
  LoanApplicationRevisionRow,
  LoanApplicationRow,
} from '#src/db/schema/applications.ts';
import { statusForApplicant } from '#src/lib/application-access.ts';

// Rows (camelCase, Dates) → the API contract (§3 PascalCase, ISO strings). Enumerated text columns are
// only ever written from validated input, so the casts below restate what the schemas already checked.

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function nameOfStatus(code: number): string {
  return isApplicationStatusCode(code) ? statusName(code) : `Status ${code}`;
}

/** An application (or a revision snapshot) as an applicant may see it: AML blocks shown as 162. */
export function withApplicantStatus<T extends { Status: number; StatusName: string }>(record: T): T {
  if (!amlBlockStatuses.includes(record.Status)) return record;
  const Status = statusForApplicant(record.Status);
  return { ...record, Status, StatusName: nameOfStatus(Status) };
}

export function toApplicant(row: LoanApplicationApplicantRow): Applicant {
  return {
    Role: row.role as Applicant['Role'],
    PersonID: row.personId,
    MaritalStatus: row.maritalStatus as Applicant['MaritalStatus'],
    Education: row.education as Applicant['Education'],
    LivingSituation: row.livingSituation as Applicant['LivingSituation'],
    HousingType: row.housingType as Applicant['HousingType'],
    HousingCostMonthly: row.housingCostMonthly,
    PartnerLivingCostMonthly: row.partnerLivingCostMonthly,
    ChildrenCount: row.childrenCount,
    EmploymentType: row.employmentType as Applicant['EmploymentType'],
    EmployerName: row.employerName,
    EmploymentStart: row.employmentStart,
    EmploymentEnd: row.employmentEnd,
    Industry: row.industry as Applicant['Industry'],
    JobLevel: row.jobLevel as Applicant['JobLevel'],
    JobTitle: row.jobTitle,
    GrossYearlyIncome: row.grossYearlyIncome,
    NetMonthlyIncome: row.netMonthlyIncome,
    OtherIncomeMonthly: row.otherIncomeMonthly,
    MainBank: row.mainBank,
    IsPoliticallyExposed: row.isPoliticallyExposed,
  };
}

export function toLoanApplication(
  row: LoanApplicationRow,
  extras: { applicants: LoanApplicationApplicantRow[]; isLocked: boolean },
): LoanApplication {
  const applicant = (role: string) => {
    const found = extras.applicants.find((candidate) => candidate.role === role);
    return found ? toApplicant(found) : null;
  };
  return {
    ID: row.id,
    HumanReadableID: row.humanReadableId,
    LegacyID: row.legacyId,
    Product: row.product as LoanApplication['Product'],
    Status: row.status,
    StatusName: nameOfStatus(row.status),
    Brand: row.brand,
    Country: row.country as LoanApplication['Country'],
    CustomerID: row.customerId,
    PersonID: row.personId,
    CoApplicantPersonID: row.coApplicantPersonId,
    ApplicantMode: row.applicantMode as LoanApplication['ApplicantMode'],
    Amount: row.amount,
    Duration: row.durationYears,
    LoanPurpose: row.loanPurpose as LoanApplication['LoanPurpose'],
    CurrentStep: row.currentStep,
    CompletedSteps: row.completedSteps,
    Data: row.data,
    CloneOrigin: row.cloneOrigin as LoanApplication['CloneOrigin'],
    ClonedFromID: row.clonedFromId,
    ArchivedAt: isoOrNull(row.archivedAt),
    ArchiveReason: row.archiveReason,
    Revision: row.revision,
    IsLocked: extras.isLocked,
    MainApplicant: applicant('MainApplicant'),
    CoApplicant: applicant('CoApplicant'),
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toRevision(row: LoanApplicationRevisionRow): LoanApplicationRevision {
  return {
    LoanApplicationID: row.loanApplicationId,
    Revision: row.revision,
    Status: row.status,
    StatusName: nameOfStatus(row.status),
    ChangedBy: row.changedBy,
    Reason: row.reason,
    CreatedAt: iso(row.createdAt),
    Snapshot: row.snapshot,
  };
}

export function toCar(row: CarRow): Car {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    OwnerRole: row.ownerRole as Car['OwnerRole'],
    Ownership: row.ownership as Car['Ownership'],
    RegistrationNumber: row.registrationNumber,
    Make: row.make,
    Model: row.model,
    ModelYear: row.modelYear,
    EstimatedValue: row.estimatedValue,
    MonthlyCost: row.monthlyCost,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toChild(row: ChildRow): Child {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    OwnerRole: row.ownerRole as Child['OwnerRole'],
    BirthYear: row.birthYear,
    SharedCustody: row.sharedCustody,
    ChildSupportPaidMonthly: row.childSupportPaidMonthly,
    ChildSupportReceivedMonthly: row.childSupportReceivedMonthly,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toDebt(row: DebtRow): Debt {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    OwnerRole: row.ownerRole as Debt['OwnerRole'],
    DebtType: row.debtType as Debt['DebtType'],
    Source: row.source as Debt['Source'],
    Creditor: row.creditor,
    Balance: row.balance,
    CreditLimit: row.creditLimit,
    MonthlyPayment: row.monthlyPayment,
    InterestRate: row.interestRate,
    RemainingTermMonths: row.remainingTermMonths,
    IsRefinanced: row.isRefinanced,
    ExternalRef: row.externalRef,
    PayoffAccount: row.payoffAccount,
    PayoffReference: row.payoffReference,
    PayoffConfirmedAmount: row.payoffConfirmedAmount,
    PayoffConfirmedAt: row.payoffConfirmedAt ? iso(row.payoffConfirmedAt) : null,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toExpense(row: ExpenseRow): Expense {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    OwnerRole: row.ownerRole as Expense['OwnerRole'],
    CategoryID: row.categoryId as Expense['CategoryID'],
    MonthlyAmount: row.monthlyAmount,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

export function toChannelSnapshot(row: ChannelSnapshotRow): ChannelSnapshot {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    UtmSource: row.utmSource,
    UtmMedium: row.utmMedium,
    UtmCampaign: row.utmCampaign,
    UtmTerm: row.utmTerm,
    UtmContent: row.utmContent,
    Referrer: row.referrer,
    Partner: row.partner,
    LandingPage: row.landingPage,
    Device: row.device,
    IsInternal: row.isInternal,
    CreatedAt: iso(row.createdAt),
  };
}
