import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Country, countries } from '@nordloan/domain/enums';
import {
  readJsonObject,
  type StandInServer,
  sendJson,
  startStandInServer,
} from '../stand-in/stand-in-server.ts';
import {
  accountCurrency,
  type BankTestPerson,
  bankTestPersonLabels,
  bankTestPersons,
  transactionsOf,
} from './test-persons.ts';

// The local account-information provider (issue 35 item 2, docs/decisions/0076): a separate process
// speaking the redirect-and-API flow of Tink, Neonomics and Enable Banking, so that the API's HTTP client
// is the one a real provider is called with.
//   GET  /authorize?client_id&redirect_uri&state&scope&country[&login_hint=<test person>]
//        the bank's consent page (pick a test person), or straight back with login_hint;
//        back to redirect_uri?code&state, or ?error=access_denied&state when the person cancels.
//   POST /token  (HTTP Basic client id:secret; JSON {grant_type: authorization_code, code, redirect_uri})
//        → {access_token, token_type, expires_in, consent: {scope, granted_at, expires_at}}
//   GET  /accounts                                  (Bearer) → {accounts: [{id, currency, name}]}
//   GET  /accounts/:id/transactions?date_from&date_to (Bearer) → {transactions: [...]}
// The test persons 'unavailable' and 'timeout' answer /accounts with 503 or not at all.

export interface BankSandboxOptions {
  host?: string;
  port?: number;
  clientId: string;
  clientSecret: string;
  /** How long consents last (days); PSD2 allows up to 180. */
  consentDays?: number;
  now?: () => Date;
  log?: (line: string) => void;
}
export type BankSandbox = StandInServer;

interface Grant {
  person: BankTestPerson;
  country: Country;
  redirectUri: string;
}

const isPerson = (value: string | null): value is BankTestPerson =>
  value !== null && (bankTestPersons as readonly string[]).includes(value);
const isCountry = (value: string | null): value is Country =>
  value !== null && (countries as readonly string[]).includes(value);

const send = sendJson;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startBankSandbox(options: BankSandboxOptions): Promise<BankSandbox> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const consentDays = options.consentDays ?? 90;

  function back(response: ServerResponse, redirectUri: string, query: Record<string, string>): void {
    const target = new URL(redirectUri);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    response.writeHead(302, { location: target.toString() });
    response.end();
  }

  function authorize(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    const country = url.searchParams.get('country');
    if (
      url.searchParams.get('client_id') !== options.clientId ||
      !redirectUri ||
      !state ||
      !isCountry(country)
    ) {
      return void send(response, 400, { error: 'invalid_request' });
    }
    const hint = url.searchParams.get('login_hint');
    if (hint === 'cancel' || hint === 'cancelled')
      return void back(response, redirectUri, { error: 'access_denied', state });
    if (isPerson(hint)) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { person: hint, country, redirectUri });
      log(`consent given (${hint}, ${country})`);
      return void back(response, redirectUri, { code, state });
    }
    // The bank's page: the person signs in with the bank's e-ID (here: picks a test person) and consents.
    const link = (person: string) => {
      const target = new URL(url.toString());
      target.searchParams.set('login_hint', person);
      return escapeHtml(`${target.pathname}${target.search}`);
    };
    const items = bankTestPersons
      .map((person) => `<li><a href="${link(person)}">${escapeHtml(bankTestPersonLabels[person])}</a></li>`)
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Sandbox bank</title>` +
        `<h1>Sandbox bank — consent to share 12 months of transactions</h1><p>Choose a test person:</p><ul>${items}</ul>` +
        `<p><a href="${link('cancel')}">Cancel</a></p></html>`,
    );
  }

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return void send(response, 401, { error: 'invalid_client' });
    const body = await readJsonObject(request);
    const grant = typeof body.code === 'string' ? codes.get(body.code) : undefined;
    if (body.grant_type !== 'authorization_code' || !grant || body.redirect_uri !== grant.redirectUri) {
      return void send(response, 400, { error: 'invalid_grant' });
    }
    codes.delete(body.code as string);
    const accessToken = randomBytes(24).toString('hex');
    tokens.set(accessToken, grant);
    const grantedAt = now();
    const expiresAt = new Date(grantedAt.getTime() + consentDays * 86_400_000);
    send(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      consent: {
        scope: 'accounts transactions:12m',
        granted_at: grantedAt.toISOString(),
        expires_at: expiresAt.toISOString(),
      },
    });
  }

  function data(url: URL, request: IncomingMessage, response: ServerResponse, hang: () => void): void {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const grant = tokens.get(bearer);
    if (!grant) return void send(response, 401, { error: 'invalid_token' });
    if (grant.person === 'unavailable') return void send(response, 503, { error: 'aspsp_unavailable' });
    if (grant.person === 'timeout') return void hang();
    const accountId = `acc-${grant.person}`;
    if (url.pathname === '/accounts') {
      return void send(response, 200, {
        accounts: [
          { id: accountId, currency: accountCurrency(grant.person, grant.country), name: 'Brukskonto' },
        ],
      });
    }
    if (url.pathname === `/accounts/${accountId}/transactions`) {
      const to = url.searchParams.get('date_to') ?? now().toISOString().slice(0, 10);
      const from = url.searchParams.get('date_from') ?? '0000-00-00';
      const transactions = transactionsOf(grant.person, grant.country, to).filter(
        (t) => t.booking_date >= from,
      );
      return void send(response, 200, { transactions });
    }
    send(response, 404, { error: 'not_found' });
  }

  return startStandInServer(options, async (request, response, url, hang) => {
    if (request.method === 'GET' && url.pathname === '/authorize') return authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token') return token(request, response);
    if (request.method === 'GET' && url.pathname.startsWith('/accounts'))
      return data(url, request, response, hang);
    send(response, 404, { error: 'not_found' });
  });
}
