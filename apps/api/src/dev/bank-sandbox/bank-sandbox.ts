import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Country, countries } from '@nordloan/domain/enums';
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
export interface BankSandbox {
  url: string;
  close(): Promise<void>;
}

interface Grant {
  person: BankTestPerson;
  country: Country;
  redirectUri: string;
}

const isPerson = (value: string | null): value is BankTestPerson =>
  value !== null && (bankTestPersons as readonly string[]).includes(value);
const isCountry = (value: string | null): value is Country =>
  value !== null && (countries as readonly string[]).includes(value);

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startBankSandbox(options: BankSandboxOptions): Promise<BankSandbox> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const hanging = new Set<ServerResponse>();
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
    const body = await readJson(request);
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

  function data(url: URL, request: IncomingMessage, response: ServerResponse): void {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const grant = tokens.get(bearer);
    if (!grant) return void send(response, 401, { error: 'invalid_token' });
    if (grant.person === 'unavailable') return void send(response, 503, { error: 'aspsp_unavailable' });
    if (grant.person === 'timeout') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
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

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    if (request.method === 'GET' && url.pathname === '/authorize') return void authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/token') {
      void token(request, response).catch(() => send(response, 500, { error: 'server_error' }));
      return;
    }
    if (request.method === 'GET' && url.pathname.startsWith('/accounts'))
      return void data(url, request, response);
    send(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', listening);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
