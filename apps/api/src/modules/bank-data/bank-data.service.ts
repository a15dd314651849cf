import { createHash, randomBytes } from 'node:crypto';
import { deriveBankFigures, windowMonths } from '@nordloan/domain/bank-data/income-derivation';
import { currencyByCountry } from '@nordloan/domain/enum-values';
import type { Country } from '@nordloan/domain/enums';
import type { Db, Executor } from '#src/db/client.ts';
import type { BankDataConnectionRow, BankFigureCorrections } from '#src/db/schema/bank-data.ts';
import { forbidden, notFound, serviceUnavailable } from '#src/lib/app-error.ts';
import { isApplicantCaller, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { recordAudit } from '#src/modules/audit/audit.service.ts';
import {
  type AccountInformationProvider,
  BankConsentError,
  BankUnavailableError,
} from './account-information.ts';
import {
  deleteBankDataConnection,
  findApplicationCountry,
  findBankDataConnection,
  findBankDataConnectionByState,
  findBankIncomes,
  saveBankDataConnection,
} from './bank-data.repository.ts';
import type { BankData, BankDataFailure } from './bank-data.schemas.ts';

// Verified income from the bank account (issue 35 item 2, docs/decisions/0076). The applicant is sent to
// the bank with a one-time state; the bank sends the browser back to GET /bank-data/callback with a code;
// we fetch 12 months of transactions, derive the figures (packages/domain/src/bank-data) and keep only
// them and the consent. Every failure ends the same way: the applicant is back on the form with a reason,
// nothing is blocked. Neither the code, the state nor the access token is logged or stored.

/** How long the applicant has at the bank before the state expires. */
const stateMinutes = 15;
/** A corrected income this close to the one found still counts as verified. */
const verifiedTolerance = 0.05;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export function incomeVerified(row: BankDataConnectionRow | undefined): boolean {
  const found = row?.state === 'connected' ? row.figures?.NetMonthlyIncome : null;
  if (found === null || found === undefined) return false;
  const corrected = row?.corrected?.NetMonthlyIncome;
  return (
    corrected === null || corrected === undefined || Math.abs(corrected - found) <= verifiedTolerance * found
  );
}

/**
 * For the lender API (ADR 0076): the net monthly income the bank account showed, per application of `ids`
 * that has one. Lending sends "income verified from bank data" when the income it sends is within 5 % of it.
 */
export async function bankVerifiedIncomes(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, number>> {
  return findBankIncomes(db, ids);
}

/** Whether a stated income is the one the bank showed (within the tolerance). */
export function matchesBankIncome(stated: number | null | undefined, fromBank: number | undefined): boolean {
  return (
    stated !== null &&
    stated !== undefined &&
    fromBank !== undefined &&
    Math.abs(stated - fromBank) <= verifiedTolerance * fromBank
  );
}

function present(row: BankDataConnectionRow | undefined): BankData {
  if (!row)
    return {
      State: 'none',
      Failure: null,
      Consent: null,
      Figures: null,
      Corrected: null,
      IncomeVerified: false,
    };
  return {
    State: row.state as BankData['State'],
    Failure: (row.failureReason as BankDataFailure | null) ?? null,
    Consent:
      row.consentScope && row.consentGrantedAt && row.consentExpiresAt
        ? {
            Scope: row.consentScope,
            GrantedAt: row.consentGrantedAt.toISOString(),
            ExpiresAt: row.consentExpiresAt.toISOString(),
          }
        : null,
    Figures: row.figures ?? null,
    Corrected: row.corrected ?? null,
    IncomeVerified: incomeVerified(row),
  };
}

async function loadForApplicant(options: { db: Db; caller: Caller; applicationId: string }) {
  // Only the applicants themselves connect their bank or correct what it showed; staff may read.
  if (!isApplicantCaller(options.caller)) {
    await loadApplicationForCaller({ ...options, access: 'read' });
    throw forbidden('Only the applicant may connect their bank');
  }
  return loadApplicationForCaller({ ...options, access: 'write' });
}

export async function startBankConnection(options: {
  db: Db;
  provider: AccountInformationProvider | undefined;
  caller: Caller;
  applicationId: string;
  returnPath: string;
  redirectUri: string;
  now: () => Date;
}): Promise<{ RedirectUrl: string }> {
  const application = await loadForApplicant(options);
  if (!options.provider) throw serviceUnavailable('The bank connection is not available');
  const state = randomBytes(32).toString('base64url');
  const now = options.now();
  await saveBankDataConnection(
    options.db,
    {
      loanApplicationId: application.id,
      state: 'pending',
      stateHash: hashState(state),
      stateExpiresAt: new Date(now.getTime() + stateMinutes * 60_000),
      returnPath: options.returnPath,
      failureReason: null,
      consentScope: null,
      consentGrantedAt: null,
      consentExpiresAt: null,
      figures: null,
      corrected: null,
    },
    now,
  );
  return {
    RedirectUrl: options.provider.authorizeUrl({
      state,
      redirectUri: options.redirectUri,
      country: application.country as Country,
    }),
  };
}

const withOutcome = (path: string, outcome: string) =>
  `${path}${path.includes('?') ? '&' : '?'}bankData=${encodeURIComponent(outcome)}`;

/** The bank's redirect back: where to send the browser next (the form, with the outcome). */
export async function completeBankConnection(options: {
  db: Db;
  provider: AccountInformationProvider | undefined;
  query: { state: string; code?: string | undefined; error?: string | undefined };
  redirectUri: string;
  now: () => Date;
  log: (line: string) => void;
}): Promise<string> {
  const row = await findBankDataConnectionByState(options.db, hashState(options.query.state));
  const now = options.now();
  if (row?.state !== 'pending') return withOutcome('/', 'EXPIRED');
  const fail = async (failure: BankDataFailure) => {
    await saveBankDataConnection(
      options.db,
      { ...row, state: 'failed', stateHash: null, stateExpiresAt: null, failureReason: failure },
      now,
    );
    options.log(`bank data: ${failure} for application ${row.loanApplicationId}`);
    return withOutcome(row.returnPath, failure);
  };
  if (!row.stateExpiresAt || row.stateExpiresAt <= now) return fail('EXPIRED');
  if (options.query.error || !options.query.code || !options.provider) {
    return fail(options.provider ? 'CONSENT_CANCELLED' : 'BANK_UNAVAILABLE');
  }
  try {
    const { accessToken, consent } = await options.provider.exchangeCode({
      code: options.query.code,
      redirectUri: options.redirectUri,
    });
    const asOf = now.toISOString().slice(0, 10);
    const transactions = await options.provider.fetchTransactions({
      accessToken,
      from: `${windowMonths(asOf)[0]}-01`,
      to: asOf,
    });
    const country = ((await findApplicationCountry(options.db, row.loanApplicationId)) ?? 'NO') as Country;
    const figures = deriveBankFigures({ transactions, currency: currencyByCountry[country], asOf });
    await saveBankDataConnection(
      options.db,
      {
        ...row,
        state: 'connected',
        stateHash: null,
        stateExpiresAt: null,
        failureReason: null,
        consentScope: consent.scope,
        consentGrantedAt: consent.grantedAt,
        consentExpiresAt: consent.expiresAt,
        figures,
        corrected: null,
      },
      now,
    );
    return withOutcome(row.returnPath, 'connected');
  } catch (error) {
    if (error instanceof BankConsentError) return fail('CONSENT_CANCELLED');
    if (error instanceof BankUnavailableError) return fail('BANK_UNAVAILABLE');
    throw error;
  }
}

export async function readBankData(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  now: () => Date;
}): Promise<BankData> {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  // A staff read of what the bank showed is audited (issue 35: every read by staff, with who and when).
  if (!isApplicantCaller(options.caller)) {
    await recordAudit(options.db, {
      actor: options.caller,
      action: 'bankData.read',
      subjectType: 'loan-application',
      subjectId: application.id,
      loanApplicationId: application.id,
      country: application.country as Country,
      at: options.now(),
    });
  }
  return present(await findBankDataConnection(options.db, options.applicationId));
}

export async function correctBankFigures(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  corrections: BankFigureCorrections;
  now: () => Date;
}): Promise<BankData> {
  await loadForApplicant(options);
  const row = await findBankDataConnection(options.db, options.applicationId);
  if (row?.state !== 'connected') throw notFound('No figures from the bank to correct');
  const corrected = { ...row, corrected: options.corrections };
  await saveBankDataConnection(options.db, corrected, options.now());
  return present(corrected);
}

/** The applicant withdraws: the consent and every figure go. */
export async function removeBankData(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
}): Promise<void> {
  await loadForApplicant(options);
  await deleteBankDataConnection(options.db, options.applicationId);
}
