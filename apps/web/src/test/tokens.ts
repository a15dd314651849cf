// Test helpers: unsigned JWT-shaped tokens (the browser never verifies signatures, §5 is the API's job).

export function base64Url(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const nowSeconds = 1_800_000_000; // 2027-01-15, fixed so tests do not depend on the clock
export const nowMs = nowSeconds * 1000;

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

export function customerToken(overrides: Record<string, unknown> = {}): string {
  return makeToken({
    CustomerID: 'cust-1',
    PersonID: 'pers-1',
    Roles: [{ Name: 'Customer', Country: 'NO' }],
    iss: 'nordloan',
    exp: nowSeconds + 3600,
    iat: nowSeconds - 10,
    jti: 'jti-1',
    Email: 'kari@example.test',
    ClientID: 'client-1',
    ...overrides,
  });
}

export function personToken(overrides: Record<string, unknown> = {}): string {
  return customerToken({ CustomerID: undefined, Roles: [{ Name: 'Person', Country: 'NO' }], ...overrides });
}
