import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { insertAgent, updateAgent, workQueueAgentId } from './agent.repository.ts';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('staff sign-in through the development identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/auth/dev/staff-login', payload: payload as object });

  it('lists the agents for the sign-in page, without the rules’ own agent', async () => {
    const nora = await insertAgent(t.database.db, {
      name: 'Nora Sign-in',
      marketCountry: 'NO',
      roles: [{ Name: 'Sales', Country: 'NO' }],
    });
    const response = await t.app.inject({ method: 'GET', url: '/backoffice/dev/agents' });
    expect(response.statusCode).toBe(200);
    const agents = response.json() as { ID: string }[];
    expect(agents).toContainEqual({
      ID: nora.id,
      Name: 'Nora Sign-in',
      MarketCountry: 'NO',
      Roles: [{ Name: 'Sales', Country: 'NO' }],
      Disabled: false,
    });
    expect(agents.map((agent) => agent.ID)).not.toContain(workQueueAgentId);
  });

  it('signs an agent in by AgentID: sub is the agent uuid, Roles the agent’s roles', async () => {
    const agent = await insertAgent(t.database.db, {
      name: 'Sven By-id',
      marketCountry: 'SE',
      roles: [{ Name: 'Manager', Country: 'SE' }],
    });
    const response = await login({ AgentID: agent.id });
    expect(response.statusCode).toBe(200);
    const claims = claimsOf(response.json().token);
    expect(claims.sub).toBe(agent.id);
    expect(claims.Roles).toEqual([{ Name: 'Manager', Country: 'SE' }]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/backoffice/me',
      headers: bearer(response.json().token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().Agent).toMatchObject({ ID: agent.id, Name: 'Sven By-id', MarketCountry: 'SE' });
    expect(me.json().Permissions['bucket.admin']).toEqual(['SE']);
    expect(me.json().Permissions['application.read']).toEqual(['SE']);
    expect(me.json().Permissions['application.integrate']).toEqual([]);
  });

  it('refuses a disabled agent (403), an unknown or the rules’ agent (404), a bad body (400)', async () => {
    const agent = await insertAgent(t.database.db, {
      name: 'Olle Disabled',
      marketCountry: 'SE',
      disabled: true,
      roles: [{ Name: 'Sales', Country: 'SE' }],
    });
    expect((await login({ AgentID: agent.id })).statusCode).toBe(403);
    expect((await login({ AgentID: '5eed0000-0000-4000-8000-00000000dead' })).statusCode).toBe(404);
    expect((await login({ AgentID: workQueueAgentId })).statusCode).toBe(404);
    const bad = await login({ AgentID: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Bad: true });
  });

  it('keeps { name, roles } working: finds or creates that agent and signs with its uuid', async () => {
    const roles = [{ Name: 'Sales', Country: 'FI' }];
    const first = claimsOf((await login({ name: 'Liisa Test', roles })).json().token);
    const second = claimsOf((await login({ name: 'Liisa Test', roles })).json().token);
    expect(first.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.sub).toBe(first.sub);
    const me = await t.app.inject({
      method: 'GET',
      url: '/backoffice/me',
      headers: bearer((await login({ name: 'Liisa Test', roles })).json().token),
    });
    expect(me.json().Agent).toMatchObject({ ID: first.sub, MarketCountry: 'FI', Roles: roles });
  });

  it('answers the back office 401 without a token, 403 to applicants and to agents disabled since', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/me' })).statusCode).toBe(401);
    const customer = await t.login({ nationalId: makeTestNationalId('NO', '1985-01-01', 7), country: 'NO' });
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/backoffice/me',
      headers: bearer(customer.token),
    });
    expect(asCustomer.statusCode).toBe(403);
    const agent = await insertAgent(t.database.db, {
      name: 'Soon Gone',
      marketCountry: 'NO',
      roles: [{ Name: 'Sales', Country: 'NO' }],
    });
    const { token } = (await login({ AgentID: agent.id })).json();
    await updateAgent(t.database.db, agent.id, { disabled: true }, new Date());
    const me = await t.app.inject({ method: 'GET', url: '/backoffice/me', headers: bearer(token) });
    expect(me.statusCode).toBe(403);
    // A staff token that names no agent (a machine account) is not a back-office sign-in.
    const machine = await t.tokens.sign({ Roles: [{ Name: 'Sales', Country: 'NO' }], sub: 'service:x' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/backoffice/me', headers: bearer(machine) })).statusCode,
    ).toBe(403);
  });
});

describe('staff sign-in in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { env: 'production', devIdentityProvider: false } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no development agent list and no development staff login (404)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/dev/agents' })).statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/dev/staff-login',
      payload: { name: 'Nope', roles: [{ Name: 'Super' }] },
    });
    expect(response.statusCode).toBe(404);
  });
});
