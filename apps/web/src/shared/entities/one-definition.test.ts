import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One contract, one client (docs/decisions/0018, issue 32): the entities every page reads — customer, person,
// loan application, quotes — are fetched by shared/entities/ alone, each under one query key, and their
// answers (and the insurance calls') are parsed with @nordloan/domain's schemas. This fails when a feature
// grows a second client, a second cache key or its own zod shape of one of them again.

// jsdom gives import.meta.url an http: address; the file's directory is still import.meta.dirname.
const src = join(import.meta.dirname, '../..');
const entitiesDir = 'shared/entities/';

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'))
  .map((file) => ({ file: relative(src, join(src, file)), text: readFileSync(join(src, file), 'utf8') }));

const where = (pattern: RegExp, files = sources) =>
  files.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('the entities of the web app', () => {
  it('are read by shared/entities/ only (one GET client each)', () => {
    const reads = [
      /fillPath\('\/customer\/\{\w+\}'/,
      /fillPath\('\/person\/\{\w+\}'/,
      /fillPath\('\/loan-application\/\{\w+\}'/,
      /'\/loan-quote-presentation\/application\/\{\w+\}\/quotes'/,
    ];
    // PATCH of the same records is the apply form's own (one client each as well).
    const readers = sources.filter(({ text }) => !/\bcall\('PATCH'/.test(text));
    expect(where(reads[0]!, readers)).toEqual(['shared/entities/get-customer.ts']);
    for (const read of reads) {
      expect(
        where(read, readers).filter((file) => !file.startsWith(entitiesDir)),
        String(read),
      ).toEqual([]);
    }
  });

  it('are cached under one key each, named in shared/api/query-keys.ts and used by shared/entities/', () => {
    const keyUse = /queryKey:\s*queryKeys\.(customer|person|loanApplication|loanQuotes)\(/;
    expect(where(keyUse).filter((file) => !file.startsWith(entitiesDir))).toEqual([]);
    // No second view name for the same answer, under any prefix.
    expect(where(/'apply-(form|person|customer)'/)).toEqual([]);
    expect(
      where(/applicationView\([^)]*'(detail|loan-quotes-presentation)'/).filter(
        (file) => file !== 'shared/api/query-keys.ts',
      ),
    ).toEqual([]);
  });

  it('have no zod shape of their own: the domain’s schemas parse every answer', () => {
    // Fields only these records have (application, person, customer, quote, insurance request/policy).
    const ownShape =
      /\b(HumanReadableID|NationalID|EmailVerified|LoanRequestID|InsuranceRequestID|PolicyNumber)\s*:\s*z\./;
    expect(where(ownShape)).toEqual([]);
  });

  it('finds a second client, key or shape when there is one (the checks can fail)', () => {
    const second = [
      {
        file: 'features/x/api/get-person.ts',
        text: "const url = fillPath('/person/{id}', { id }); queryKey: queryKeys.person(id), NationalID: z.string()",
      },
    ];
    expect(where(/fillPath\('\/person\/\{\w+\}'/, second)).toEqual(['features/x/api/get-person.ts']);
    expect(where(/queryKey:\s*queryKeys\.(person)\(/, second)).toHaveLength(1);
    expect(where(/\bNationalID\s*:\s*z\./, second)).toHaveLength(1);
  });
});
