import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  readJsonObject,
  type StandInServer,
  sendJson,
  startStandInServer,
} from '../stand-in/stand-in-server.ts';
import { finnishLoans, norwegianLoans, testPersonOf } from './test-persons.ts';

// The local stand-in for the national debt registers (issue 35 item 3, docs/decisions/0079): one process
// hosting both, so that the API's HTTP clients are the ones a real register is called with.
//   POST /no/v1/debt-information          (Bearer key) Gjeldsregisteret's consent-based lookup
//        {nationalIdentityNumber, consent: {consentId, consentGivenAt, scope, purpose}}
//        → {requestId, retrievedAt, loans: [{accountId, type, financialInstitution, balance, creditLimit,
//           nominalInterestRate, installmentCharges, remainingTermMonths, …}]}
//   POST /fi/v1/credit-register-extracts  (Bearer key) the positive credit register's extract
//        {personIdentifier, purposeOfUse, requestReference, consent: {givenAt, scope}}
//        → {extractId, createdAt, loans: [{loanIdentifier, loanType, lender, balance, creditLimit, …}]}
// No consent (or no purpose of use) is a 403, as the real registers refuse an inquiry without its ground.
// The test persons (test-persons.ts) are read from the birth date in the national id.

export interface DebtRegisterSandboxOptions {
  host?: string;
  port?: number;
  apiKey: string;
  now?: () => Date;
  log?: (line: string) => void;
}
export type DebtRegisterSandbox = StandInServer;

const send = sendJson;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export async function startDebtRegisterSandbox(
  options: DebtRegisterSandboxOptions,
): Promise<DebtRegisterSandbox> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);

  async function inquiry(
    country: 'NO' | 'FI',
    request: IncomingMessage,
    response: ServerResponse,
    hang: () => void,
  ) {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return void send(response, 401, { error: 'invalid_client' });
    }
    const body = await readJsonObject(request);
    const consent = record(body.consent);
    const nationalId = country === 'NO' ? body.nationalIdentityNumber : body.personIdentifier;
    const consented =
      country === 'NO'
        ? typeof consent.consentId === 'string' && typeof consent.consentGivenAt === 'string'
        : typeof body.purposeOfUse === 'string' && typeof consent.givenAt === 'string';
    if (!consented) return void send(response, 403, { error: 'consent_missing' });
    const person = typeof nationalId === 'string' ? testPersonOf(country, nationalId) : null;
    if (!person) return void send(response, 400, { error: 'invalid_national_id' });
    // The person's name is never logged: the test person's kind is enough to follow a test.
    log(`${country} inquiry (${person})`);
    switch (person) {
      case 'unavailable':
        return void send(response, 503, { error: 'service_unavailable' });
      case 'timeout':
        return void hang();
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('<html><body>Vedlikehold / Huoltokatko</body></html>');
      default:
        break;
    }
    const at = now().toISOString();
    if (country === 'NO') {
      return void send(response, 200, {
        requestId: randomUUID(),
        retrievedAt: at,
        loans: norwegianLoans(person),
      });
    }
    send(response, 200, { extractId: randomUUID(), createdAt: at, loans: finnishLoans(person) });
  }

  return startStandInServer(options, (request, response, url, hang) => {
    const route =
      request.method === 'POST' && url.pathname === '/no/v1/debt-information'
        ? 'NO'
        : request.method === 'POST' && url.pathname === '/fi/v1/credit-register-extracts'
          ? 'FI'
          : null;
    if (!route) return send(response, 404, { error: 'not_found' });
    return inquiry(route, request, response, hang);
  });
}
