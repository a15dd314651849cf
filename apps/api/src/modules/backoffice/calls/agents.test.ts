import { agentSchema } from '@nordloan/domain/backoffice';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { type SignedInAgent, type StaffRoleCase, signInAgent, staffRoleCases } from './staff-test-helpers.ts';

// GET /backoffice/agents and PATCH /backoffice/agents/{id} (ADR 0022): the agents of the markets the caller
// reads; enabling and disabling needs agent.admin (Manager, Super) in the agent's market.

let t: TestApp;
const staff = {} as Record<StaffRoleCase, SignedInAgent>;
let customerToken: string;

function inject(method: 'GET' | 'PATCH', url: string, token?: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(staffRoleCases) as StaffRoleCase[]) {
    staff[name] = await signInAgent(t, staffRoleCases[name]);
  }
  customerToken = (await t.login({ nationalId: makeTestNationalId('NO', '1990-01-01', 3), country: 'NO' }))
    .token;
});
afterAll(async () => {
  await t.close();
});

describe('agents', () => {
  it('list: the markets the caller reads; refused without any', async () => {
    const names = async (token: string, query = '') => {
      const response = await inject('GET', `/backoffice/agents?limit=100${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().Items.map((item: unknown) => agentSchema.parse(item)) as {
        ID: string;
        MarketCountry: string;
      }[];
    };
    const norwegian = await names(staff.telemarketingLimitedNO.token);
    expect(norwegian.map((agent) => agent.ID)).toContain(staff.managerNO.agent.id);
    expect(norwegian.every((agent) => agent.MarketCountry === 'NO')).toBe(true);
    expect((await names(staff.salesSE.token)).every((agent) => agent.MarketCountry === 'SE')).toBe(true);
    expect((await names(staff.superUser.token, '&country=SE')).map((agent) => agent.ID)).toContain(
      staff.salesSE.agent.id,
    );
    expect((await inject('GET', '/backoffice/agents?country=NO', staff.salesSE.token)).statusCode).toBe(403);
    expect((await inject('GET', '/backoffice/agents', staff.lenderNO.token)).statusCode).toBe(403);
    expect((await inject('GET', '/backoffice/agents', customerToken)).statusCode).toBe(403);
  });

  it.each([
    ['superUser', 200],
    ['managerNO', 200],
    ['salesNO', 403],
    ['telemarketingNO', 403],
    ['telemarketingLimitedNO', 403],
    ['salesSE', 404],
    ['managerSE', 404],
    ['lenderNO', 404],
  ] as const)('%s: enable/disable a Norwegian agent → %i', async (name, expected) => {
    const target = await signInAgent(t, staffRoleCases.salesNO);
    const response = await inject('PATCH', `/backoffice/agents/${target.agent.id}`, staff[name].token, {
      Disabled: true,
    });
    expect(response.statusCode, response.body).toBe(expected);
    if (expected === 200) {
      expect(agentSchema.parse(response.json())).toMatchObject({ ID: target.agent.id, Disabled: true });
      const audit = await listAudit(t.database.db, { subjectId: target.agent.id, offset: 0, limit: 5 });
      expect(audit.Items.map((item) => item.Action)).toEqual(['agent.disable']);
      const back = await inject('PATCH', `/backoffice/agents/${target.agent.id}`, staff[name].token, {
        Disabled: false,
      });
      expect(back.json().Disabled).toBe(false);
    }
  });

  it('a customer token is 403, an unknown agent 404, bad body 400, disabling oneself 409', async () => {
    const target = await signInAgent(t, staffRoleCases.salesNO);
    expect(
      (await inject('PATCH', `/backoffice/agents/${target.agent.id}`, customerToken, { Disabled: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await inject(
          'PATCH',
          '/backoffice/agents/00000000-0000-4000-8000-000000000000',
          staff.superUser.token,
          { Disabled: true },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('PATCH', `/backoffice/agents/${target.agent.id}`, staff.superUser.token, {
          Disabled: 'yes',
        })
      ).statusCode,
    ).toBe(400);
    const self = await inject(
      'PATCH',
      `/backoffice/agents/${staff.managerNO.agent.id}`,
      staff.managerNO.token,
      { Disabled: true },
    );
    expect(self.statusCode).toBe(409);
  });
});
