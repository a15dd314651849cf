import { randomUUID } from 'node:crypto';
import type { Country } from '@nordloan/domain/enums';
import type { Db } from '#src/db/client.ts';
import type { LoanApplicationRow } from '#src/db/schema/applications.ts';
import type { DebtRegisterInquiryRow } from '#src/db/schema/debt-registers.ts';
import { conflict, forbidden, notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import {
  applicantRoleOf,
  describeCaller,
  isApplicantCaller,
  loadApplicationForCaller,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import { applyApplicationChange } from '#src/modules/loan-applications/application-write.repository.ts';
import { loadForChange } from '#src/modules/loan-applications/loan-application-change-rules.service.ts';
import { findPersonById } from '#src/modules/persons/person.repository.ts';
import {
  correctRegisterDebt,
  countedBalance,
  findInquiries,
  findRegisterDebts,
  saveInquiry,
  writeRegisterDebts,
} from './debt-registers.repository.ts';
import type {
  DebtCorrection,
  DebtRegisterFailure,
  DebtRegisterView,
  Inquiry,
  RegisterId,
} from './debt-registers.schemas.ts';
import {
  DebtRegisterError,
  type DebtRegisters,
  finnishCreditGrantingPurpose,
  type RegisterAnswer,
  type RegisterConsent,
} from './debt-registers.ts';

// Debts from the national debt register (issue 35 item 3, docs/decisions/0079). With the applicant's
// consent (recorded: when, what, what for) we ask their country's register once, write what it reports
// into the application's debts (source 2, credit lines at their limit) and keep the answer as found. A
// register that fails says why and the form goes on; nothing here ever blocks the application. Each
// inquiry and each staff read is audited; the national id goes to the register only, never to a log.

const registerOf: Partial<Record<Country, RegisterId>> = {
  NO: 'NO-GJELDSREGISTERET',
  FI: 'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI',
};
const consentScope: Record<RegisterId, string> = {
  'NO-GJELDSREGISTERET':
    'Gjeldsregisteret: unsecured loans, credit facilities and charge cards (balance, limit, interest, instalment)',
  'FI-POSITIIVINEN-LUOTTOTIETOREKISTERI':
    'Positive credit register: the loans and credits of the credit register extract',
};
/** Within this time a second press shows the answer already had instead of asking the register again. */
const reuseMinutes = 10;

type Role = 'MainApplicant' | 'CoApplicant';

function registerFor(registers: DebtRegisters, country: string): RegisterId | null {
  const id = registerOf[country as Country];
  if (!id) return null;
  return (id === 'NO-GJELDSREGISTERET' ? registers.NO : registers.FI) ? id : null;
}

async function present(db: Db, row: DebtRegisterInquiryRow): Promise<Inquiry> {
  const role = row.ownerRole as Role;
  const debts = await findRegisterDebts(db, row.loanApplicationId, role);
  const byRef = new Map(debts.map((debt) => [debt.externalRef, debt]));
  return {
    OwnerRole: role,
    Register: row.register as RegisterId,
    State: row.state as Inquiry['State'],
    Failure: (row.failureReason as DebtRegisterFailure | null) ?? null,
    Consent: {
      GivenAt: row.consentGivenAt.toISOString(),
      Scope: row.consentScope,
      Purpose: row.consentPurpose,
    },
    FetchedAt: row.fetchedAt.toISOString(),
    Found: (row.found ?? []).map((found) => {
      const debt = byRef.get(found.ExternalRef);
      return {
        DebtID: debt?.id ?? null,
        DebtType: found.DebtType,
        Creditor: found.Creditor,
        Balance: found.Balance,
        CreditLimit: found.CreditLimit,
        CountedBalance: countedBalance(found),
        MonthlyPayment: found.MonthlyPayment,
        InterestRate: found.InterestRate,
        RemainingTermMonths: found.RemainingTermMonths,
        CorrectedByApplicant: debt?.source === 1,
      };
    }),
  };
}

/** The applicant caller's role, or 403 for staff: only the person themselves consents or corrects. */
async function applicantRole(db: Db, caller: Caller, applicationId: string) {
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'read' });
  const role = applicantRoleOf(caller, application);
  if (!isApplicantCaller(caller) || role === null) {
    throw forbidden('Only the applicant may consent to reading their debt register');
  }
  return { application, role };
}

export async function readDebtRegister(options: {
  db: Db;
  registers: DebtRegisters;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}): Promise<DebtRegisterView> {
  const { db, caller } = options;
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  const role = applicantRoleOf(caller, application);
  // What the register says about a person is theirs alone: an applicant sees only their own inquiry.
  const rows = (await findInquiries(db, application.id)).filter(
    (row) => role === null || row.ownerRole === role,
  );
  if (!isApplicantCaller(caller)) {
    await recordAudit(db, {
      actor: caller,
      action: 'debtRegister.read',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      details: { inquiries: rows.length },
      at: options.now(),
    });
  }
  return {
    Register: registerFor(options.registers, application.country),
    Inquiries: await Promise.all(rows.map((row) => present(db, row))),
  };
}

async function ask(
  registers: DebtRegisters,
  register: RegisterId,
  nationalId: string,
  consent: RegisterConsent,
): Promise<RegisterAnswer> {
  if (register === 'NO-GJELDSREGISTERET') return registers.NO!.lookup({ nationalId, consent });
  return registers.FI!.requestExtract({ nationalId, purposeCode: finnishCreditGrantingPurpose, consent });
}

export async function fetchFromDebtRegister(options: {
  db: Db;
  registers: DebtRegisters;
  caller: Caller;
  applicationId: string;
  now: () => Date;
  log: (line: string) => void;
}): Promise<Inquiry> {
  const { db, caller, registers } = options;
  const { application, role } = await applicantRole(db, caller, options.applicationId);
  const register = registerOf[application.country as Country];
  if (!register) {
    throw conflict(
      'There is no debt register to ask in this country; the credit bureau is asked once at intake',
    );
  }
  if (!registerFor(registers, application.country))
    throw serviceUnavailable('The debt register is not available');
  // The same guards as any change of the application (status, lender lock, archive) before asking.
  await db.transaction((tx) => loadForChange(tx, caller, application.id));
  const previous = (await findInquiries(db, application.id)).find((row) => row.ownerRole === role);
  const givenAt = options.now();
  if (
    previous?.state === 'fetched' &&
    givenAt.getTime() - previous.fetchedAt.getTime() < reuseMinutes * 60_000
  ) {
    return present(db, previous);
  }
  const personId = personIdOf(application, role);
  const person = personId ? await findPersonById(db, personId) : undefined;
  if (!person) throw notFound('No person to ask the debt register about');
  const consent: RegisterConsent = {
    id: randomUUID(),
    givenAt,
    scope: consentScope[register],
    purpose:
      register === 'NO-GJELDSREGISTERET'
        ? `Loan application ${application.id}: assessing the applicant's debt`
        : `Loan application ${application.id}: purpose of use ${finnishCreditGrantingPurpose} (granting of consumer credit)`,
  };
  let answer: RegisterAnswer | undefined;
  let failure: DebtRegisterFailure | null = null;
  try {
    answer = await ask(registers, register, person.nationalId, consent);
  } catch (error) {
    if (!(error instanceof DebtRegisterError)) throw error;
    failure = error.failure;
    options.log(`debt register: ${error.failure} for application ${application.id}`);
  }
  const fetchedAt = options.now();
  return db.transaction(async (tx) => {
    const current = await loadForChange(tx, caller, application.id);
    await saveInquiry(
      tx,
      {
        loanApplicationId: current.id,
        ownerRole: role,
        register,
        state: answer ? 'fetched' : 'failed',
        failureReason: failure,
        consentGivenAt: consent.givenAt,
        consentScope: consent.scope,
        consentPurpose: consent.purpose,
        registerReference: answer?.reference ?? null,
        // A failed inquiry keeps the debts found before (they are still in the form).
        found: answer ? answer.debts : (previous?.found ?? null),
        fetchedAt,
      },
      fetchedAt,
    );
    if (answer) {
      await writeRegisterDebts(tx, { applicationId: current.id, role, debts: answer.debts, now: fetchedAt });
      await applyApplicationChange(
        tx,
        current.id,
        {},
        {
          changedBy: describeCaller(caller),
          reason: 'debt-register-fetched',
          now: fetchedAt,
          inCallersTransaction: true,
        },
      );
    }
    await recordAudit(tx, {
      actor: caller,
      action: 'debtRegister.inquiry',
      subjectType: 'loan-application',
      subjectId: current.id,
      loanApplicationId: current.id,
      country: current.country as Country,
      details: { register, ownerRole: role, outcome: failure ?? 'fetched', debts: answer?.debts.length ?? 0 },
      at: fetchedAt,
    });
    const [row] = (await findInquiries(tx, current.id)).filter((candidate) => candidate.ownerRole === role);
    return present(tx as Db, row!);
  });
}

function personIdOf(application: LoanApplicationRow, role: Role): string | null {
  return role === 'CoApplicant' ? application.coApplicantPersonId : application.personId;
}

/** The applicant says a register debt is wrong: it becomes their own statement with their figures. */
export async function correctRegisterDebtFigures(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  debtId: string;
  correction: DebtCorrection;
  now: () => Date;
}): Promise<Inquiry> {
  const { db, caller } = options;
  const { role } = await applicantRole(db, caller, options.applicationId);
  return db.transaction(async (tx) => {
    const application = await loadForChange(tx, caller, options.applicationId);
    const now = options.now();
    const corrected = await correctRegisterDebt(tx, {
      applicationId: application.id,
      role,
      debtId: options.debtId,
      figures: options.correction,
      now,
    });
    if (!corrected) throw notFound('No such debt from the debt register');
    await applyApplicationChange(
      tx,
      application.id,
      {},
      { changedBy: describeCaller(caller), reason: 'debt-changed', now, inCallersTransaction: true },
    );
    const [row] = (await findInquiries(tx, application.id)).filter(
      (candidate) => candidate.ownerRole === role,
    );
    if (!row) throw notFound('No debt register inquiry');
    return present(tx as Db, row);
  });
}
