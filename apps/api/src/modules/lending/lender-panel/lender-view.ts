import { getBrand } from '@nordloan/domain/brands/registry';
import type { ApplicantRole, Country, Currency, Product } from '@nordloan/domain/enums';
import { currencyByCountry } from '@nordloan/domain/enums';
import { checkPayoffInstruction } from '@nordloan/domain/finance/payoff-account';
import type { LenderApplicant, LenderApplication, LenderDebt } from '@nordloan/domain/lending/credit-policy';
import { hashString } from '@nordloan/domain/lending/seeded-random';
import { statusGroups } from '@nordloan/domain/statuses';
import type { Executor } from '#src/db/client.ts';
import type {
  DebtRow,
  LoanApplicationApplicantRow,
  LoanApplicationRow,
} from '#src/db/schema/applications.ts';
import { bankVerifiedIncomes, matchesBankIncome } from '#src/modules/bank-data/bank-data.service.ts';
import { findExternalData } from '#src/modules/lending/external-data.repository.ts';
import type { PaymentRemark } from '#src/modules/lending/intake/external-data.ts';
import { openRequestLenderIdsOf } from '#src/modules/lending/loan-request.repository.ts';
import { findApplicants } from '#src/modules/loan-applications/application-applicant.repository.ts';
import { findOtherApplicationIdsOfPersons } from '#src/modules/loan-applications/application-search.repository.ts';
import { listSubRecords } from '#src/modules/loan-applications/sub-record.repository.ts';
import { findPersonById, type PersonRow } from '#src/modules/persons/person.repository.ts';
import { securedPropertyForLender } from '#src/modules/secured-loan/secured-loan.service.ts';

// What a lender receives about an application (the LenderApplication of the domain credit policy), built
// from the stored application, its applicants, persons, debts (stated and from the register) and the
// credit bureau's answer. National identity numbers stay here: lenders see whether one is valid, and the
// simulation's randomness key is a hash, never the number.

/** The credit-bureau answer stored by the external-data step. */
export interface CreditBureauPayload {
  paymentRemarks: PaymentRemark[];
  registeredAddress: Record<'MainApplicant' | 'CoApplicant', boolean>;
  sanctionsHits: { ownerRole: string; list: string }[];
}

export const CREDIT_BUREAU_SOURCE = 'credit-bureau';
export const DEBT_REGISTER_SOURCE = 'debt-register';

/** Request codes in which a lender still holds an application open (for the 361 duplicate decline). */
const openRequestCodes = [
  211, 212, 213, 249, 251, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 349, 351, 411, 448, 449,
];

export function ageOn(birthDate: string | null, now: Date): number | null {
  if (!birthDate) return null;
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age;
}

/**
 * The brand's rate band for the product (§9): its low (or min) to its high (or mid) rate; secured loans
 * their own, lower band (docs/decisions/0027).
 */
export function rateBandFor(
  brandId: string,
  product: Product = 'UnsecuredLoan',
): { low: number; high: number } {
  const brand = getBrand(brandId);
  if (product === 'SecuredLoan' && brand.securedLoan) return brand.securedLoan.rates;
  const rates = brand.unsecuredLoan.rates;
  const low = rates.low ?? rates.min ?? rates.interest ?? 0;
  const high = rates.high ?? rates.mid ?? low;
  return { low: Math.min(low, high), high: Math.max(low, high) };
}

export function durationMonthsOf(application: LoanApplicationRow): number {
  // CCD Annex I part II: credit without a fixed term is assumed to run one year.
  if (application.product === 'CreditCard') return 12;
  return (application.durationYears ?? 1) * 12;
}

export interface ApplicationParties {
  main: PersonRow | undefined;
  co: PersonRow | undefined;
}

export async function loadParties(
  db: Executor,
  application: LoanApplicationRow,
): Promise<ApplicationParties> {
  const [main, co] = await Promise.all([
    application.personId ? findPersonById(db, application.personId) : undefined,
    application.coApplicantPersonId ? findPersonById(db, application.coApplicantPersonId) : undefined,
  ]);
  return { main, co };
}

/** Stable across runs for the same applicant and terms, and carries no personal data. */
export function randomnessKeyOf(application: LoanApplicationRow, parties: ApplicationParties): string {
  const identity = parties.main?.nationalId ?? application.id;
  return hashString(
    [application.country, identity, application.product, application.amount, application.durationYears].join(
      '|',
    ),
  ).toString(36);
}

export async function loadLenderApplication(
  db: Executor,
  application: LoanApplicationRow,
  options: { lenderId?: string; now: Date },
): Promise<LenderApplication> {
  const parties = await loadParties(db, application);
  const applicantRows = await findApplicants(db, application.id);
  const debtRows = await listSubRecords(db, 'debt', application.id);
  const bureau = await findExternalData(db, application.id, CREDIT_BUREAU_SOURCE);
  const isDuplicateAtLender = options.lenderId
    ? (await lendersHoldingOtherApplications(db, application)).includes(options.lenderId)
    : false;
  return lenderApplicationOf({
    application,
    parties,
    applicantRows,
    debtRows,
    bureau: bureau?.payload as CreditBureauPayload | undefined,
    isDuplicateAtLender,
    property:
      application.product === 'SecuredLoan' ? await securedPropertyForLender(db, application.id) : null,
    now: options.now,
    bankIncome: (await bankVerifiedIncomes(db, [application.id])).get(application.id),
  });
}

/**
 * A refinanced debt's payoff instruction (ADR 0080), stored checked and normalised: the lender pays the
 * debt off from the payout. A debt that is not refinanced sends none — the lender needs no account of it.
 */
function payoffOf(
  country: string,
  row: Pick<DebtRow, 'id' | 'isRefinanced' | 'payoffAccount' | 'payoffReference'>,
): Pick<LenderDebt, 'payoff'> {
  if (!row.isRefinanced) return {};
  const checked = checkPayoffInstruction(country as Country, row.payoffAccount, row.payoffReference);
  if (!checked.ok) return {};
  const { account, accountKind, reference } = checked.instruction;
  return { payoff: { debtReference: row.id, account, accountKind, paymentReference: reference } };
}

/** What a lender receives, from what was read of the application (no database). */
export function lenderApplicationOf(input: {
  application: LoanApplicationRow;
  parties: ApplicationParties;
  applicantRows: readonly LoanApplicationApplicantRow[];
  debtRows: ReadonlyArray<
    Pick<
      DebtRow,
      | 'debtType'
      | 'balance'
      | 'monthlyPayment'
      | 'isRefinanced'
      | 'creditor'
      | 'interestRate'
      | 'remainingTermMonths'
      | 'id'
      | 'payoffAccount'
      | 'payoffReference'
    >
  >;
  /** The credit bureau's answer stored by the external-data step. */
  bureau: CreditBureauPayload | undefined;
  isDuplicateAtLender: boolean;
  property: LenderApplication['property'];
  now: Date;
  /** The net monthly income the main applicant's bank account showed (ADR 0076), if they connected it. */
  bankIncome?: number | undefined;
}): LenderApplication {
  const { application, parties, applicantRows, bureau } = input;
  const remarks = bureau?.paymentRemarks ?? [];
  const applicants: LenderApplicant[] = [];
  for (const role of ['MainApplicant', 'CoApplicant'] as const) {
    const person = role === 'MainApplicant' ? parties.main : parties.co;
    if (role === 'CoApplicant' && !person) continue;
    if (role === 'CoApplicant' && application.applicantMode === 'OnlyMainApplicant') continue;
    const row = applicantRows.find((candidate) => candidate.role === role);
    applicants.push({
      role: role as ApplicantRole,
      age: ageOn(person?.birthDate ?? null, input.now),
      grossYearlyIncome: row?.grossYearlyIncome ?? null,
      netMonthlyIncome: row?.netMonthlyIncome ?? null,
      employmentType: row?.employmentType ?? null,
      housingCostMonthly: row?.housingCostMonthly ?? null,
      hasPaymentRemarks: remarks.some((remark) => remark.ownerRole === role),
      hasNationalId: Boolean(person?.nationalId),
      hasAddress: Boolean(person?.streetAddress || person?.postalCode || bureau?.registeredAddress?.[role]),
      ...(role === 'MainApplicant' && matchesBankIncome(row?.netMonthlyIncome, input.bankIncome)
        ? { incomeVerifiedFromBankData: true }
        : {}),
    });
  }
  const debts: LenderDebt[] = input.debtRows.map((row) => ({
    type: row.debtType,
    balance: row.balance,
    monthlyPayment: row.monthlyPayment,
    isRefinanced: row.isRefinanced,
    creditor: row.creditor,
    interestRatePercent: row.interestRate === null ? null : Number(row.interestRate) * 100,
    remainingTermMonths: row.remainingTermMonths,
    ...payoffOf(application.country, row),
  }));
  return {
    randomnessKey: randomnessKeyOf(application, parties),
    country: application.country as Country,
    currency: currencyByCountry[application.country as Country] as Currency,
    product: application.product as Product,
    amount: application.amount ?? 0,
    durationMonths: durationMonthsOf(application),
    purpose: application.loanPurpose,
    applicants,
    debts,
    rateBand: rateBandFor(application.brand, application.product as Product),
    isDuplicateAtLender: input.isDuplicateAtLender,
    property: input.property,
  };
}

/**
 * Lenders that hold an open request for another active application of the same person and product:
 * they answer 361 "duplicate".
 */
export async function lendersHoldingOtherApplications(
  db: Executor,
  application: LoanApplicationRow,
): Promise<string[]> {
  return [...((await lendersHoldingOtherApplicationsOf(db, [application])).get(application.id) ?? [])];
}

/** lendersHoldingOtherApplications for several applications (a batch's fan-out), in two statements. */
export async function lendersHoldingOtherApplicationsOf(
  db: Executor,
  applications: ReadonlyArray<Pick<LoanApplicationRow, 'id' | 'personId' | 'product'>>,
): Promise<Map<string, Set<string>>> {
  const others = await findOtherApplicationIdsOfPersons(db, { applications, statuses: statusGroups.Active });
  const openAt = await openRequestLenderIdsOf(db, {
    applicationIds: [...new Set([...others.values()].flat())],
    statuses: openRequestCodes,
  });
  return new Map(
    applications.map((application) => [
      application.id,
      new Set((others.get(application.id) ?? []).flatMap((id) => [...(openAt.get(id) ?? [])])),
    ]),
  );
}
