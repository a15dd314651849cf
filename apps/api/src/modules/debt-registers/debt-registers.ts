import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FoundRegisterDebt } from '#src/db/schema/debt-registers.ts';

// The national debt registers (issue 35 item 3, docs/decisions/0079), one interface per register, each
// with an HTTP client speaking a protocol shaped like the real one: Norway's Gjeldsregisteret (a
// consent-based lookup per national identity number: every unsecured loan, credit facility and charge
// card with its creditor, balance, credit limit, interest and instalment) and Finland's positive credit
// register (a credit register extract asked for with a purpose-of-use code and the applicant's consent).
// Sweden keeps its one inquiry through the credit bureau at intake; Denmark has no such register. A real
// register plugs in by configuration (DEBT_REGISTER_NO_URL / _FI_URL, DEBT_REGISTER_API_KEY), or with an
// adapter of its own implementing the interface. Locally: apps/api/src/dev/debt-register-sandbox.

export interface RegisterConsent {
  /** Our id of the consent, sent to the register (its log of who asked and on what ground). */
  id: string;
  givenAt: Date;
  scope: string;
  purpose: string;
}

/** What a register answered: its reference of the inquiry and the debts, in our terms. */
export interface RegisterAnswer {
  reference: string;
  debts: FoundRegisterDebt[];
}

export interface NorwegianDebtRegister {
  /** Gjeldsregisteret: the person's unsecured debt, read with their consent. */
  lookup(input: { nationalId: string; consent: RegisterConsent }): Promise<RegisterAnswer>;
}

export interface FinnishCreditRegister {
  /** The positive credit register's extract for the purpose named by `purposeCode`. */
  requestExtract(input: {
    nationalId: string;
    purposeCode: string;
    consent: RegisterConsent;
  }): Promise<RegisterAnswer>;
}

/** The registers this installation can ask; a country without one (SE, DK, or switched off) is absent. */
export interface DebtRegisters {
  NO?: NorwegianDebtRegister | undefined;
  FI?: FinnishCreditRegister | undefined;
}

export type RegisterFailure = 'REGISTER_UNAVAILABLE' | 'REGISTER_TIMEOUT' | 'REGISTER_INVALID_ANSWER';

/** The register could not be read now: the journey goes on without it, saying why. */
export class DebtRegisterError extends Error {
  constructor(
    readonly failure: RegisterFailure,
    detail: string,
  ) {
    super(`${failure}: ${detail}`);
    this.name = 'DebtRegisterError';
  }
}

/** The Finnish register's purpose of use "granting of consumer credit" (the inquiry's legal ground). */
export const finnishCreditGrantingPurpose = '1';

/** Our stable reference of a register's account: a digest, so the account number itself is not kept. */
export function debtReference(register: 'NO' | 'FI', accountId: string): string {
  return `debt-register:${register}:${createHash('sha256').update(`${register}:${accountId}`).digest('hex').slice(0, 20)}`;
}

const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const wholeUnits = (value: number) => Math.max(0, Math.round(value));
const rateFraction = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? null : Math.round(percent * 100) / 10_000;

// ── Gjeldsregisteret ────────────────────────────────────────────────────────────────────────────────

const norwegianAnswer = z.object({
  requestId: z.string().min(1).max(100),
  loans: z
    .array(
      z.object({
        accountId: z.string().min(1).max(100),
        type: z.enum(['repaymentLoan', 'creditFacility', 'chargeCard']),
        financialInstitution: z.object({ name: z.string().min(1).max(200) }),
        balance: decimal,
        creditLimit: decimal.nullable().optional(),
        nominalInterestRate: decimal.nullable().optional(),
        installmentCharges: decimal.nullable().optional(),
        remainingTermMonths: z.number().int().min(0).max(600).nullable().optional(),
      }),
    )
    .max(200),
});

async function postJson(options: {
  url: string;
  apiKey: string;
  timeoutMs: number;
  body: unknown;
}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new DebtRegisterError(timedOut ? 'REGISTER_TIMEOUT' : 'REGISTER_UNAVAILABLE', 'no answer');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new DebtRegisterError('REGISTER_UNAVAILABLE', `status ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new DebtRegisterError(timedOut ? 'REGISTER_TIMEOUT' : 'REGISTER_INVALID_ANSWER', 'not JSON');
  }
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new DebtRegisterError('REGISTER_INVALID_ANSWER', 'unexpected shape');
  return result.data;
}

export function httpNorwegianDebtRegister(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): NorwegianDebtRegister {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    async lookup({ nationalId, consent }) {
      const answer = parsed(
        norwegianAnswer,
        await postJson({
          ...options,
          url: `${base}/v1/debt-information`,
          body: {
            nationalIdentityNumber: nationalId,
            consent: {
              consentId: consent.id,
              consentGivenAt: consent.givenAt.toISOString(),
              scope: consent.scope,
              purpose: consent.purpose,
            },
          },
        }),
      );
      return {
        reference: answer.requestId,
        debts: answer.loans.map((loan) => ({
          ExternalRef: debtReference('NO', loan.accountId),
          DebtType: loan.type === 'repaymentLoan' ? 'Unsecured' : 'CreditCard',
          Creditor: loan.financialInstitution.name,
          Balance: wholeUnits(loan.balance),
          CreditLimit:
            loan.creditLimit === null || loan.creditLimit === undefined ? null : wholeUnits(loan.creditLimit),
          MonthlyPayment:
            loan.installmentCharges === null || loan.installmentCharges === undefined
              ? null
              : wholeUnits(loan.installmentCharges),
          InterestRate: rateFraction(loan.nominalInterestRate),
          RemainingTermMonths: loan.remainingTermMonths ?? null,
        })),
      };
    },
  };
}

// ── Positiivinen luottotietorekisteri ───────────────────────────────────────────────────────────────

const money = z.object({ amount: decimal, currency: z.string().length(3) });
const finnishAnswer = z.object({
  extractId: z.string().min(1).max(100),
  loans: z
    .array(
      z.object({
        loanIdentifier: z.string().min(1).max(100),
        loanType: z.enum(['LUMP_SUM_LOAN', 'CONTINUOUS_CREDIT', 'HIRE_PURCHASE', 'STUDENT_LOAN']),
        lender: z.object({ name: z.string().min(1).max(200) }),
        balance: money,
        creditLimit: money.nullable().optional(),
        interestRate: decimal.nullable().optional(),
        monthlyInstalment: money.nullable().optional(),
        remainingTermMonths: z.number().int().min(0).max(600).nullable().optional(),
      }),
    )
    .max(200),
});
const finnishTypes = {
  LUMP_SUM_LOAN: 'Unsecured',
  CONTINUOUS_CREDIT: 'CreditCard',
  HIRE_PURCHASE: 'Car',
  STUDENT_LOAN: 'Student',
} as const;

export function httpFinnishCreditRegister(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): FinnishCreditRegister {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    async requestExtract({ nationalId, purposeCode, consent }) {
      const answer = parsed(
        finnishAnswer,
        await postJson({
          ...options,
          url: `${base}/v1/credit-register-extracts`,
          body: {
            personIdentifier: nationalId,
            purposeOfUse: purposeCode,
            requestReference: consent.id,
            consent: { givenAt: consent.givenAt.toISOString(), scope: consent.scope },
          },
        }),
      );
      // Amounts in another currency than euro cannot be added to the form's figures as they are.
      if (answer.loans.some((loan) => loan.balance.currency !== 'EUR')) {
        throw new DebtRegisterError('REGISTER_INVALID_ANSWER', 'not in euro');
      }
      return {
        reference: answer.extractId,
        debts: answer.loans.map((loan) => ({
          ExternalRef: debtReference('FI', loan.loanIdentifier),
          DebtType: finnishTypes[loan.loanType],
          Creditor: loan.lender.name,
          Balance: wholeUnits(loan.balance.amount),
          CreditLimit: loan.creditLimit ? wholeUnits(loan.creditLimit.amount) : null,
          MonthlyPayment: loan.monthlyInstalment ? wholeUnits(loan.monthlyInstalment.amount) : null,
          InterestRate: rateFraction(loan.interestRate),
          RemainingTermMonths: loan.remainingTermMonths ?? null,
        })),
      };
    },
  };
}
