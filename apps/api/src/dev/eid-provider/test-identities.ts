import type { TokenRole } from '@nordloan/domain/auth';
import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { demoAgents } from '#src/dev/seed/demo-backoffice.ts';
import { demoPeople, loginPeople } from '#src/dev/seed/demo-people.ts';

// The people the local e-ID provider offers on its identity page. Any other valid national id can be
// typed in; these are here so nobody has to compute a check digit to try the product.

export interface TestPerson {
  nationalId: string;
  givenName: string;
  familyName: string;
  birthDate: string;
}

const people: Record<Country, { givenName: string; familyName: string; birthDate: string }[]> = {
  NO: [
    { givenName: 'Kari', familyName: 'Nordmann', birthDate: '1985-04-12' },
    { givenName: 'Ola', familyName: 'Hansen', birthDate: '1972-11-03' },
    { givenName: 'Ingrid', familyName: 'Solberg', birthDate: '1999-01-27' },
  ],
  SE: [
    { givenName: 'Anna', familyName: 'Svensson', birthDate: '1988-06-30' },
    { givenName: 'Erik', familyName: 'Johansson', birthDate: '1969-02-14' },
    { givenName: 'Linnea', familyName: 'Berg', birthDate: '2001-09-09' },
  ],
  FI: [
    { givenName: 'Aino', familyName: 'Virtanen', birthDate: '1990-03-21' },
    { givenName: 'Matti', familyName: 'Korhonen', birthDate: '1975-12-01' },
    { givenName: 'Helmi', familyName: 'Laine', birthDate: '1997-07-18' },
  ],
  DK: [
    { givenName: 'Freja', familyName: 'Jensen', birthDate: '1986-10-05' },
    { givenName: 'Mads', familyName: 'Nielsen', birthDate: '1979-05-22' },
    { givenName: 'Ida', familyName: 'Pedersen', birthDate: '1995-08-16' },
  ],
};

// What the provider says for any other national id typed in: a real e-ID always names the person, so the
// stand-in does too — a name picked from these by the number, the same every time.
const givenNames: Record<Country, string[]> = {
  NO: ['Nora', 'Emma', 'Jakob', 'Lars', 'Sofie', 'Henrik'],
  SE: ['Maja', 'Elsa', 'Oskar', 'Lucas', 'Alva', 'Nils'],
  FI: ['Eveliina', 'Sofia', 'Onni', 'Eino', 'Aada', 'Veeti'],
  DK: ['Alma', 'Clara', 'William', 'Noah', 'Agnes', 'Oscar'],
};
const familyNames: Record<Country, string[]> = {
  NO: ['Johansen', 'Olsen', 'Larsen', 'Andersen', 'Berg', 'Haugen'],
  SE: ['Andersson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Lindqvist'],
  FI: ['Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Heikkinen', 'Koskinen'],
  DK: ['Hansen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen'],
};

/** The name the local provider gives for a checked national id: a test person's, or one made from the number. */
export function eidNameOf(country: Country, nationalId: string): { givenName: string; familyName: string } {
  const known = testPeople(country).find((person) => person.nationalId === nationalId);
  if (known) return { givenName: known.givenName, familyName: known.familyName };
  const digits = nationalId.replace(/\D/g, '');
  const pick = (list: string[], from: number) =>
    list[Number(digits.slice(from, from + 3) || '0') % list.length]!;
  return { givenName: pick(givenNames[country], 0), familyName: pick(familyNames[country], 3) };
}

/**
 * The people the provider offers: three test persons per country, then the demo applicants whose
 * applications `npm run db:seed` takes as far as offers (their national ids made as seed.ts makes them), so
 * that after the seed one picks "Ola Nordmann" instead of typing a number the seed printed.
 */
export function testPeople(country: Country): TestPerson[] {
  const fixed = people[country].map((person) => ({
    ...person,
    nationalId: makeTestNationalId(country, person.birthDate),
  }));
  const seeded = demoPeople.flatMap((demo, index) =>
    demo.country === country && (loginPeople as readonly string[]).includes(demo.key)
      ? [
          {
            givenName: demo.firstName,
            familyName: demo.lastName,
            birthDate: demo.birthDate,
            nationalId: makeTestNationalId(country, demo.birthDate, index),
          },
        ]
      : [],
  );
  return [...fixed, ...seeded];
}

export interface TestStaffMember {
  /** The workforce directory's id for the employee (the ID token's `sub`). */
  employeeId: string;
  name: string;
  email: string;
  /** The market the employee works in (the directory's country attribute). */
  country: Country;
  roles: TokenRole[];
}

/** The staff the local provider signs in: the seeded agents (npm run db:seed), with their roles as claims. */
export function testStaff(): TestStaffMember[] {
  return demoAgents.map((agent, index) => ({
    employeeId: `emp-${String(index + 1).padStart(4, '0')}`,
    name: agent.name,
    email: agent.email,
    country: agent.marketCountry as Country,
    roles: agent.roles,
  }));
}
