import type { TokenRole } from '@nordloan/domain/auth';
import type { Country } from '@nordloan/domain/enums';
import { type AgentRow, insertAgent } from '#src/modules/staff/agent.repository.ts';
import type { TestApp } from '#src/test/test-app.ts';
import { nextTestFileSerial } from '#src/test/test-file-serial.ts';

// Staff for the call and screening route tests: an agent row and a token whose `sub` is its uuid, as
// staff sign-in issues them.

export interface SignedInAgent {
  agent: AgentRow;
  token: string;
}

export async function signInAgent(
  t: Pick<TestApp, 'database' | 'tokens'>,
  roles: TokenRole[],
  marketCountry: Country = roles.find((role) => role.Country)?.Country ?? 'NO',
): Promise<SignedInAgent> {
  const agent = await insertAgent(t.database.db, {
    name: `${roles.map((role) => `${role.Name}${role.Country ?? ''}`).join('+')} ${nextTestFileSerial('signed-in-agent')}`,
    marketCountry,
    roles,
  });
  return { agent, token: await t.tokens.sign({ Roles: roles, sub: agent.id }) };
}

/** The role sets the route matrices run through. */
export const staffRoleCases = {
  superUser: [{ Name: 'Super' }],
  managerNO: [{ Name: 'Manager', Country: 'NO' }],
  salesNO: [{ Name: 'Sales', Country: 'NO' }],
  telemarketingNO: [{ Name: 'Telemarketing', Country: 'NO' }],
  telemarketingLimitedNO: [{ Name: 'TelemarketingLimited', Country: 'NO' }],
  salesSE: [{ Name: 'Sales', Country: 'SE' }],
  managerSE: [{ Name: 'Manager', Country: 'SE' }],
  lenderNO: [{ Name: 'Lender', Country: 'NO' }],
} satisfies Record<string, TokenRole[]>;
export type StaffRoleCase = keyof typeof staffRoleCases;
