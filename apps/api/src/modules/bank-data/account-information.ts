import type { BankTransaction } from '@nordloan/domain/bank-data/income-derivation';
import type { Country } from '@nordloan/domain/enums';
import { z } from 'zod';

// The account-information provider (PSD2 AIS; docs/decisions/0076) behind one interface: the redirect to
// the bank (consent with the bank's e-ID), the code back, the token, then accounts and transactions. The
// HTTP client below speaks the redirect-and-API flow Tink, Neonomics and Enable Banking share; a real
// provider plugs in by configuration (BANK_DATA_URL, BANK_DATA_CLIENT_ID, BANK_DATA_CLIENT_SECRET), or
// with an adapter of its own implementing this interface. Locally: apps/api/src/dev/bank-sandbox.

export interface BankConsent {
  scope: string;
  grantedAt: Date;
  expiresAt: Date;
}

export interface AccountInformationProvider {
  /** Where the applicant's browser goes to consent at the bank. */
  authorizeUrl(options: { state: string; redirectUri: string; country: Country }): string;
  /** The code back from the bank for an access token and the consent it carries. */
  exchangeCode(options: {
    code: string;
    redirectUri: string;
  }): Promise<{ accessToken: string; consent: BankConsent }>;
  /** Every account's transactions of the period (inclusive dates), in the account's currency. */
  fetchTransactions(options: { accessToken: string; from: string; to: string }): Promise<BankTransaction[]>;
}

/** The provider or the bank did not answer in time, or answered 5xx: the journey goes on without the data. */
export class BankUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankUnavailableError';
  }
}
/** The consent was refused or withdrawn at the bank (401/403 on the data, or an invalid grant). */
export class BankConsentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankConsentError';
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  consent: z.object({
    scope: z.string(),
    granted_at: z.iso.datetime({ offset: true }),
    expires_at: z.iso.datetime({ offset: true }),
  }),
});
const accountsAnswer = z.object({
  accounts: z.array(z.object({ id: z.string().min(1), currency: z.string() })).max(50),
});
const transactionsAnswer = z.object({
  transactions: z
    .array(
      z.object({
        booking_date: z.iso.date(),
        amount: z.object({ value: z.string().regex(/^-?\d+(\.\d+)?$/), currency: z.string().min(3).max(3) }),
        remittance_information: z.string().max(500).default(''),
      }),
    )
    .max(20_000),
});

export function httpAccountInformation(options: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}): AccountInformationProvider {
  const base = options.baseUrl.replace(/\/$/, '');
  async function call(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new BankUnavailableError(timedOut ? 'timeout' : 'unreachable');
    }
    if (response.status >= 500) throw new BankUnavailableError(`status ${response.status}`);
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new BankConsentError(`status ${response.status}`);
    }
    if (!response.ok) throw new BankUnavailableError(`status ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new BankUnavailableError('unreadable answer');
    }
  }
  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new BankUnavailableError('unexpected answer');
    return parsed.data;
  };
  return {
    authorizeUrl({ state, redirectUri, country }) {
      const url = new URL(`${base}/authorize`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', 'accounts transactions');
      url.searchParams.set('country', country);
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      const answer = parse(
        tokenAnswer,
        await call('/token', {
          method: 'POST',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
        }),
      );
      return {
        accessToken: answer.access_token,
        consent: {
          scope: answer.consent.scope,
          grantedAt: new Date(answer.consent.granted_at),
          expiresAt: new Date(answer.consent.expires_at),
        },
      };
    },
    async fetchTransactions({ accessToken, from, to }) {
      const headers = { authorization: `Bearer ${accessToken}` };
      const { accounts } = parse(accountsAnswer, await call('/accounts', { headers }));
      const all: BankTransaction[] = [];
      for (const account of accounts) {
        const query = new URLSearchParams({ date_from: from, date_to: to });
        const { transactions } = parse(
          transactionsAnswer,
          await call(`/accounts/${encodeURIComponent(account.id)}/transactions?${query}`, { headers }),
        );
        for (const t of transactions) {
          all.push({
            date: t.booking_date,
            amount: Number(t.amount.value),
            currency: t.amount.currency,
            description: t.remittance_information,
          });
        }
      }
      return all;
    },
  };
}
