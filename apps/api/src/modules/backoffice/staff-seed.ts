import { workQueueRules } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import type { Executor } from '#src/db/client.ts';
import { ensureAgent } from '#src/modules/staff/agent.repository.ts';
import { placeUnqueuedApplications } from './queues/placement.service.ts';
import { ensureRuleBucket } from './queues/queue.repository.ts';

// The staff of the demo data set (issue 9): per country a case handler (Sales), a team lead (Manager), a
// read-only caller (TelemarketingLimited) and a secured-loan handler (SecuredSales), and one Super. Fixed
// uuids, so a second run adds nothing and the development sign-in page always offers the same people.

const seedCountries: { country: Country; digit: number; people: [string, string, string, string] }[] = [
  {
    country: 'NO',
    digit: 1,
    people: ['Ingrid Sales', 'Magnus Manager', 'Tone Telemarketing', 'Håkon Secured'],
  },
  { country: 'SE', digit: 2, people: ['Elsa Sales', 'Oskar Manager', 'Karin Telemarketing', 'Lars Secured'] },
  { country: 'FI', digit: 3, people: ['Aino Sales', 'Mikko Manager', 'Sanna Telemarketing', 'Juha Secured'] },
  {
    country: 'DK',
    digit: 4,
    people: ['Freja Sales', 'Mads Manager', 'Signe Telemarketing', 'Rasmus Secured'],
  },
];
const roleOrder = ['Sales', 'Manager', 'TelemarketingLimited', 'SecuredSales'] as const;

export const seededSuperAgentId = '5eed0000-0000-4000-8000-00000b990000';
export const seededAgentId = (country: Country, role: (typeof roleOrder)[number]) => {
  const digit = seedCountries.find((entry) => entry.country === country)!.digit;
  return `5eed0000-0000-4000-8000-00000b${digit}${roleOrder.indexOf(role)}0000`;
};

export const seedStaffAgents = [
  ...seedCountries.flatMap(({ country, people }) =>
    roleOrder.map((role, index) => ({
      id: seededAgentId(country, role),
      name: people[index]!,
      email: `${people[index]!.split(' ')[0]!.toLowerCase()}.${role.toLowerCase()}.${country.toLowerCase()}@nordloan.test`,
      marketCountry: country,
      roles: [{ Name: role, Country: country }],
    })),
  ),
  {
    id: seededSuperAgentId,
    name: 'Siri Super',
    email: 'siri.super@nordloan.test',
    marketCountry: 'NO' as Country,
    roles: [{ Name: 'Super' }],
  },
];

/**
 * Adds the staff agents and the work-queue rule buckets that are missing, and puts every application that
 * was never in a queue into the bucket of its status; answers how many staff agents the seed has.
 */
export async function seedStaff(db: Executor, now: Date): Promise<number> {
  for (const agent of seedStaffAgents) await ensureAgent(db, agent);
  for (const rule of workQueueRules) await ensureRuleBucket(db, rule.rule, now);
  await placeUnqueuedApplications(db, now);
  return seedStaffAgents.length;
}
