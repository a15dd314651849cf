import { buildWorld, type World } from '#src/test/security/world.ts';
import type { TestApp } from '#src/test/test-app.ts';

// Pieces the OpenAPI fuzzer (openapi-fuzz.test.ts) and the field sweep (field-sweep.test.ts) share.

/**
 * Percent-encoding that also carries lone surrogates (encodeURIComponent throws on them): their
 * three-byte form goes on the wire, which is not valid UTF-8, as a hostile client would send it.
 */
export function encode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/**
 * After a write went through, put the owner back on an editable application (status 100, not archived)
 * with its co-applicant: a new one when the write ended or changed it for good. The world's other callers
 * stay (the stranger is still a stranger to the new application).
 */
export async function keepWorldEditable(t: TestApp, world: World): Promise<void> {
  const [row] = await t.database.withSession((session) =>
    session.query<{ status: number; archived: boolean; co: string | null }>(
      `SELECT status, archived_at IS NOT NULL AS archived, co_applicant_person_id AS co
       FROM loan_application WHERE id = $1`,
      [world.applicationId],
    ),
  );
  if (row && row.status === 100 && !row.archived && row.co) return;
  const fresh = await buildWorld(t, { offers: false });
  Object.assign(world, { ...fresh, tokens: world.tokens, callers: world.callers });
  world.tokens.owner = fresh.tokens.owner!;
}
