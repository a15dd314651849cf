import type { PersonDataExport } from '@nordloan/domain/privacy';
import type { Executor } from '#src/db/client.ts';
import { findBankDataConnection } from '#src/modules/bank-data/bank-data.repository.ts';
import { findInquiries } from '#src/modules/debt-registers/debt-registers.repository.ts';
import {
  listMandatesOfRequest,
  listPaymentMandatesOfRequest,
} from '#src/modules/insurance/insurance.repository.ts';
import {
  listInsurancePoliciesForPerson,
  listInsuranceRequestsForPerson,
} from '#src/modules/insurance/insurance-policy.repository.ts';
import type { ApplicationWithApplicants } from '#src/modules/loan-applications/application-read.repository.ts';
import { findRateWatchesOfCustomers } from '#src/modules/rate-watch/rate-watch.repository.ts';

// What the export holds beside the applications (ADR 0069, ADR 0081): the person's insurance (requests,
// policies, the mandates they signed), the bank consent and figures of the applications where they are the
// main applicant, their own debt-register inquiries (ADR 0079), and the rate watches of their loans. Each read is by the person's own id or customer ids;
// of a shared application the co-applicant's export has no bank figures (the main applicant connects their
// bank, ADR 0076) — the tests check both ways.

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function insuranceOfPerson(
  db: Executor,
  personId: string,
): Promise<PersonDataExport['Insurance']> {
  const requests = await listInsuranceRequestsForPerson(db, personId);
  const policies = await listInsurancePoliciesForPerson(db, personId);
  const result: PersonDataExport['Insurance'] = [];
  for (const request of requests) {
    const policy = policies.find((row) => row.requestId === request.id);
    const signatures = (await listMandatesOfRequest(db, request.id)).filter(
      (row) => row.personId === personId,
    );
    const payments = (await listPaymentMandatesOfRequest(db, request.id)).filter(
      (row) => row.personId === personId,
    );
    result.push({
      RequestID: request.id,
      LoanApplicationID: request.loanApplicationId,
      Brand: request.brand,
      Country: request.country,
      Insurer: request.insurer,
      InsuredMonthlyAmount: request.insuredMonthlyAmount,
      MonthlyPremium: request.monthlyPremium,
      Decision: request.decision,
      DecidedAt: iso(request.decidedAt),
      CreatedAt: request.createdAt.toISOString(),
      Policy: policy
        ? {
            PolicyNumber: policy.policyNumber,
            StartsOn: policy.startsOn,
            TerminatedAt: iso(policy.terminatedAt),
            TerminationReason: policy.terminationReason,
          }
        : null,
      Mandates: [
        ...signatures.map((row) => ({
          Kind: `e-id-signature (${row.provider})`,
          Status: row.status,
          PayerLast4: null,
          At: iso(row.signedAt),
          CreatedAt: row.createdAt.toISOString(),
        })),
        ...payments.map((row) => ({
          Kind: `payment-mandate (${row.kind})`,
          Status: row.status,
          PayerLast4: row.payerLast4,
          At: iso(row.activatedAt),
          CreatedAt: row.createdAt.toISOString(),
        })),
      ],
    });
  }
  return result;
}

/** The bank consent and figures of the applications where the person is the main applicant. */
export async function bankDataOfPerson(
  db: Executor,
  applications: readonly ApplicationWithApplicants[],
  personId: string,
): Promise<PersonDataExport['BankData']> {
  const result: PersonDataExport['BankData'] = [];
  for (const found of applications) {
    const main = found.applicants.find((applicant) => applicant.role === 'MainApplicant');
    const isMain = main ? main.personId === personId : found.row.personId === personId;
    if (!isMain) continue;
    const row = await findBankDataConnection(db, found.row.id);
    if (!row) continue;
    result.push({
      LoanApplicationID: found.row.id,
      State: row.state,
      ConsentScope: row.consentScope,
      ConsentGrantedAt: iso(row.consentGrantedAt),
      ConsentExpiresAt: iso(row.consentExpiresAt),
      Figures: row.figures ?? null,
      Corrected: row.corrected ?? null,
      UpdatedAt: row.updatedAt.toISOString(),
    });
  }
  return result;
}

/**
 * The person's own debt-register inquiries: of each application, only the inquiry of the part they are
 * named in (main or co-applicant) — what a register says about the other applicant is that person's alone.
 * An application where the person is not positively named (neither applicant row nor main person) gives
 * nothing, rather than a guess.
 */
export async function debtRegisterInquiriesOfPerson(
  db: Executor,
  applications: readonly ApplicationWithApplicants[],
  personId: string,
): Promise<PersonDataExport['DebtRegisterInquiries']> {
  const result: PersonDataExport['DebtRegisterInquiries'] = [];
  for (const found of applications) {
    const own = found.applicants.find((applicant) => applicant.personId === personId);
    const role = own?.role ?? (found.row.personId === personId ? 'MainApplicant' : null);
    if (role !== 'MainApplicant' && role !== 'CoApplicant') continue;
    for (const row of await findInquiries(db, found.row.id)) {
      if (row.ownerRole !== role) continue;
      result.push({
        LoanApplicationID: found.row.id,
        Role: role,
        Register: row.register,
        State: row.state,
        Failure: row.failureReason,
        ConsentGivenAt: row.consentGivenAt.toISOString(),
        ConsentScope: row.consentScope,
        ConsentPurpose: row.consentPurpose,
        RegisterReference: row.registerReference,
        FetchedAt: row.fetchedAt.toISOString(),
        Found: (row.found ?? []).map((debt) => ({
          DebtType: debt.DebtType,
          Creditor: debt.Creditor,
          Balance: debt.Balance,
          CreditLimit: debt.CreditLimit,
          MonthlyPayment: debt.MonthlyPayment,
          InterestRate: debt.InterestRate,
          RemainingTermMonths: debt.RemainingTermMonths,
        })),
      });
    }
  }
  return result;
}

/** The rate watches of the person's customer records, every look with its basis. */
export async function rateWatchesOfCustomers(
  db: Executor,
  customerIds: readonly string[],
): Promise<PersonDataExport['RateWatches']> {
  return (await findRateWatchesOfCustomers(db, customerIds)).map(({ watch, checks }) => ({
    LoanApplicationID: watch.loanApplicationId,
    State: watch.state,
    IntervalMonths: watch.intervalMonths,
    ThresholdAmount: watch.thresholdAmount,
    Currency: watch.currency,
    Channel: watch.channel,
    StartedAt: watch.startedAt.toISOString(),
    ExpiresAt: watch.expiresAt.toISOString(),
    StoppedAt: iso(watch.stoppedAt),
    StopReason: watch.stopReason,
    Checks: checks.map((check) => ({
      CheckedAt: check.checkedAt.toISOString(),
      LendersAsked: check.lendersAsked,
      LendersAnswered: check.lendersAnswered,
      Saving: check.saving,
      ThresholdAmount: check.thresholdAmount,
      Notified: check.notified,
      Basis: check.basis ?? null,
    })),
  }));
}
