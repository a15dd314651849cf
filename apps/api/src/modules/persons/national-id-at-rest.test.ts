import { makeTestNationalId } from '@nordloan/domain/national-id';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { migrate, readMigrations } from '#src/db/migrate.ts';
import {
  nationalIdLookupHash,
  openNationalId,
  sealNationalId,
  usePersonalDataKey,
} from '#src/db/personal-data-cipher.ts';
import { createTestDatabase } from '#src/test/test-database.ts';
import { findOrCreatePerson, findPersonByNationalId, insertPerson } from './person.repository.ts';

// Issue 15 item 4 / ADR 0033: no national identity number is stored in the clear.

const nationalId = makeTestNationalId('NO', '1985-06-15', 3);
const otherKey = Buffer.alloc(32, 9).toString('base64');

afterEach(() => usePersonalDataKey(undefined));

describe('the personal-data cipher', () => {
  it('seals with a fresh iv each time and opens again', () => {
    const first = sealNationalId(nationalId);
    const second = sealNationalId(nationalId);
    expect(first).not.toBe(second);
    expect(first).not.toContain(nationalId);
    expect(openNationalId(first)).toBe(nationalId);
    expect(openNationalId(second)).toBe(nationalId);
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const sealed = sealNationalId(nationalId);
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => openNationalId(tampered)).toThrow();
    expect(() => openNationalId(nationalId)).toThrow(/not a sealed/);
    usePersonalDataKey(otherKey);
    expect(() => openNationalId(sealed)).toThrow();
  });

  it('hashes one number to one lookup value per key, and never to the number', () => {
    const hash = nationalIdLookupHash(nationalId);
    expect(nationalIdLookupHash(nationalId)).toBe(hash);
    expect(hash).not.toContain(nationalId);
    expect(nationalIdLookupHash(makeTestNationalId('NO', '1985-06-15', 4))).not.toBe(hash);
    usePersonalDataKey(otherKey);
    expect(nationalIdLookupHash(nationalId)).not.toBe(hash);
  });
});

describe('the person table', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('holds the number in no column, answers it clear in the row, and finds the person by it', async () => {
    const created = await insertPerson(database.db, { country: 'NO', nationalId, firstName: 'Kari' });
    expect(created.nationalId).toBe(nationalId);

    const [raw] = await database.withSession((session) =>
      session.query<Record<string, unknown>>('SELECT * FROM person WHERE id = $1', [created.id]),
    );
    expect(JSON.stringify(raw)).not.toContain(nationalId);
    expect(raw).not.toHaveProperty('national_id');
    expect(raw?.national_id_hash).toBe(nationalIdLookupHash(nationalId));

    expect((await findPersonByNationalId(database.db, 'NO', nationalId))?.id).toBe(created.id);
    expect(await findPersonByNationalId(database.db, 'SE', nationalId)).toBeUndefined();
    // One person per number and country, through the hash's unique constraint.
    const again = await findOrCreatePerson(database.db, { country: 'NO', nationalId, firstName: 'Kari' });
    expect(again.id).toBe(created.id);
  });
});

describe('upgrading a database written before 0017', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  it('seals the clear numbers with the configured key, then drops the clear column', async () => {
    const before = readMigrations().filter((migration) => migration.name < '0018');
    await migrate(database, before);
    const [{ id } = { id: '' }] = await database.withSession((session) =>
      session.query<{ id: string }>(
        "INSERT INTO person (country, national_id, first_name) VALUES ('NO', $1, 'Ola') RETURNING id",
        [nationalId],
      ),
    );

    usePersonalDataKey(otherKey);
    expect(await migrate(database)).toContain('0018_drop_clear_national_ids.sql');

    const [raw] = await database.withSession((session) =>
      session.query<Record<string, unknown>>('SELECT * FROM person WHERE id = $1', [id]),
    );
    expect(raw).not.toHaveProperty('national_id');
    expect(JSON.stringify(raw)).not.toContain(nationalId);
    expect(openNationalId(String(raw?.national_id_sealed))).toBe(nationalId);
    expect((await findPersonByNationalId(database.db, 'NO', nationalId))?.id).toBe(id);
  });
});
