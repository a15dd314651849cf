import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client.ts';
import { nationalIdLookupHash } from '#src/db/personal-data-cipher.ts';
import { consentRecord, termsAcceptance } from '#src/db/schema/applicant.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { agent } from '#src/db/schema/backoffice.ts';
import { applicationNote } from '#src/db/schema/backoffice-work.ts';
import { customer, person } from '#src/db/schema/core.ts';

// SQL of the staff view of applications: search, notes, and the customer's consents and terms.

/** What a staff search looks for; each kind uses its own index (0009, 0030). */
export type SearchTerm =
  | { kind: 'humanReadableId'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'phone'; values: string[] }
  /** A number: national ids it is valid as, the phone numbers and application numbers it may be. */
  | { kind: 'nationalId'; values: string[]; phones: string[]; humanReadableIds?: string[] }
  /** The start of a name, first name first or last name first, as searchName spells it. */
  | { kind: 'name'; value: string };

// The letters migration 0030's staff_search_name folds (é → e); the Nordic letters stay letters of their own.
const foldedFrom = 'üéèêëáàâíìïóòôúùûñç';
const foldedTo = 'ueeeeaaaiiiooouuunc';

/** A name as staff_search_name (migration 0030) spells it: lower case, accents folded, single spaces. */
export function searchName(text: string): string {
  const lower = text.toLowerCase();
  let folded = '';
  for (const character of lower) {
    const at = foldedFrom.indexOf(character);
    folded += at === -1 ? character : foldedTo[at];
  }
  return folded.trim().replace(/\s+/g, ' ');
}

/** At most this many persons per name search: a common first name must not fetch half the country. */
export const nameSearchPersonLimit = 200;

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export interface SearchRow {
  id: string;
  humanReadableId: string;
  product: string;
  status: number;
  country: string;
  brand: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
}

function matchingPersons(term: SearchTerm): SQL | undefined {
  switch (term.kind) {
    case 'humanReadableId':
      return undefined;
    case 'name': {
      // Both ways round, each through its own index (0030): "kari fj…" and "fjellheim k…".
      const prefix = likePrefix(term.value);
      return or(
        sql`staff_search_name(${person.firstName}, ${person.lastName}) LIKE ${prefix}`,
        sql`staff_search_name(${person.lastName}, ${person.firstName}) LIKE ${prefix}`,
      );
    }
    case 'email':
      return sql`lower(${person.email}) = ${term.value}`;
    case 'phone':
      return inArray(person.phone, term.values);
    case 'nationalId': {
      // National ids are found through their keyed hash (ADR 0033); the clear number is not in the table.
      const hashes = term.values.map(nationalIdLookupHash);
      return term.phones.length > 0
        ? or(inArray(person.nationalIdHash, hashes), inArray(person.phone, term.phones))
        : inArray(person.nationalIdHash, hashes);
    }
  }
}

function matchingCustomers(term: SearchTerm): SQL | undefined {
  switch (term.kind) {
    case 'email':
      return sql`lower(${customer.email}) = ${term.value}`;
    case 'phone':
      return inArray(customer.phone, term.values);
    case 'nationalId':
      return term.phones.length > 0 ? inArray(customer.phone, term.phones) : undefined;
    default:
      return undefined;
  }
}

/** Applications in `countries` whose human-readable id, applicant or customer matches, newest first. */
export async function searchStaffApplications(
  db: Executor,
  input: { term: SearchTerm; countries: readonly string[]; offset: number; limit: number },
): Promise<{ rows: SearchRow[]; total: number }> {
  if (input.countries.length === 0) return { rows: [], total: 0 };
  const { term } = input;
  let match: SQL | undefined;
  if (term.kind === 'humanReadableId') {
    match = eq(loanApplication.humanReadableId, term.value);
  } else {
    // The matching persons and customers first (each by its own index), then their applications by the
    // person, co-applicant and customer indexes: one OR over id lists, never a scan of the applications.
    const persons = matchingPersons(term);
    const customers = matchingCustomers(term);
    const personLimit = term.kind === 'name' ? nameSearchPersonLimit : 1000;
    const personIds = persons
      ? (await db.select({ id: person.id }).from(person).where(persons).limit(personLimit)).map(
          (row) => row.id,
        )
      : [];
    const customerIds = customers
      ? (await db.select({ id: customer.id }).from(customer).where(customers).limit(1000)).map(
          (row) => row.id,
        )
      : [];
    const numbers = term.kind === 'nationalId' ? (term.humanReadableIds ?? []) : [];
    if (personIds.length === 0 && customerIds.length === 0 && numbers.length === 0) {
      return { rows: [], total: 0 };
    }
    match = or(
      personIds.length > 0 ? inArray(loanApplication.personId, personIds) : undefined,
      personIds.length > 0 ? inArray(loanApplication.coApplicantPersonId, personIds) : undefined,
      customerIds.length > 0 ? inArray(loanApplication.customerId, customerIds) : undefined,
      numbers.length > 0 ? inArray(loanApplication.humanReadableId, numbers) : undefined,
    );
  }
  const where = and(match, inArray(loanApplication.country, [...input.countries]));
  const rows = await db
    .select({
      id: loanApplication.id,
      humanReadableId: loanApplication.humanReadableId,
      product: loanApplication.product,
      status: loanApplication.status,
      country: loanApplication.country,
      brand: loanApplication.brand,
      createdAt: loanApplication.createdAt,
      firstName: person.firstName,
      lastName: person.lastName,
    })
    .from(loanApplication)
    .leftJoin(person, eq(person.id, loanApplication.personId))
    .where(where)
    .orderBy(desc(loanApplication.createdAt), asc(loanApplication.id))
    .offset(input.offset)
    .limit(input.limit);
  const [totals] = await db.select({ total: count() }).from(loanApplication).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export type NoteRow = typeof applicationNote.$inferSelect & { agentName: string };

export async function insertNote(
  db: Executor,
  values: { loanApplicationId: string; agentId: string; text: string; createdAt: Date },
): Promise<typeof applicationNote.$inferSelect> {
  const [row] = await db.insert(applicationNote).values(values).returning();
  return row!;
}

export async function listNotes(db: Executor, loanApplicationId: string): Promise<NoteRow[]> {
  const rows = await db
    .select({ note: applicationNote, agentName: agent.name })
    .from(applicationNote)
    .innerJoin(agent, eq(agent.id, applicationNote.agentId))
    .where(eq(applicationNote.loanApplicationId, loanApplicationId))
    .orderBy(desc(applicationNote.createdAt), desc(applicationNote.id));
  return rows.map((row) => ({ ...row.note, agentName: row.agentName }));
}

/** The customer's current consent per brand, purpose and channel (the newest record of each). */
export async function listCurrentConsents(db: Executor, customerId: string) {
  return db
    .selectDistinctOn([consentRecord.consentBrand, consentRecord.purpose, consentRecord.channel])
    .from(consentRecord)
    .where(eq(consentRecord.customerId, customerId))
    .orderBy(
      consentRecord.consentBrand,
      consentRecord.purpose,
      consentRecord.channel,
      desc(consentRecord.seq),
    );
}

export async function listTermsAccepted(db: Executor, customerId: string) {
  return db
    .select()
    .from(termsAcceptance)
    .where(eq(termsAcceptance.customerId, customerId))
    .orderBy(desc(termsAcceptance.acceptedAt));
}

/** Agent names by id, for the audit listing. */
export async function agentNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: agent.id, name: agent.name }).from(agent).where(inArray(agent.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
