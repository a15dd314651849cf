import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod/v4';
import { z } from './index.ts';

// The browser's zod (classic API over zod/mini, ADR 0082) against the classic build: each schema is built
// with both and must give the same answer — success, value, and each issue's code, path and message — for
// every input. (Importing the classic build loads its English messages for both.)
type Z = typeof classic;
const cases: Array<[string, (z: Z) => { safeParse: (value: unknown) => unknown }, unknown[]]> = [
  [
    'string checks',
    (z) =>
      z
        .string()
        .trim()
        .min(2, 'short')
        .max(5)
        .regex(/^[a-z ]+$/, { message: 'letters' }),
    ['  ab ', 'a', 'abcdefg', 'AB', 12, null, undefined],
  ],
  [
    'string formats',
    (z) => z.object({ a: z.uuid(), b: z.email(), c: z.url() }),
    [
      { a: '3f1e1f5c-52d3-4c5e-9d7a-0b1c2d3e4f50', b: 'a@b.no', c: 'https://x.no/y' },
      { a: 'x', b: 'y', c: 'z' },
    ],
  ],
  ['string methods', (z) => z.string().toUpperCase().length(3).includes('B'), ['abc', 'abcd', 'xyz']],
  [
    'iso',
    (z) => z.object({ at: z.iso.datetime(), on: z.iso.date() }),
    [
      { at: '2026-11-29T10:00:00Z', on: '2026-11-29' },
      { at: '2026-11-29', on: '29.11.2026' },
    ],
  ],
  [
    'numbers',
    (z) => z.number().int().positive().max(10).multipleOf(2).finite(),
    [4, 3, 0, -2, 12, 2.5, Number.NaN, '4'],
  ],
  ['number bounds', (z) => z.number().min(1).nonnegative().gt(0).lte(5).lt(6).gte(1), [0, 1, 5, 7]],
  ['coerce', (z) => z.coerce.number().int(), ['12', 'x', 3]],
  [
    'objects',
    (z) =>
      z
        .object({ a: z.string(), b: z.number().nullable().optional(), c: z.boolean().default(false) })
        .extend({ d: z.enum(['x', 'y']) }),
    [{ a: 'a', d: 'x' }, { a: 1, b: 'no', d: 'z' }, { a: 'a', b: null, c: true, d: 'y', e: 1 }, null],
  ],
  ['strict objects', (z) => z.strictObject({ a: z.string() }), [{ a: 'a' }, { a: 'a', b: 1 }]],
  ['object strict()', (z) => z.object({ a: z.string() }).strict(), [{ a: 'a', b: 1 }]],
  ['object loose()', (z) => z.object({ a: z.string() }).loose(), [{ a: 'a', b: 1 }]],
  ['loose objects', (z) => z.looseObject({ a: z.string() }), [{ a: 'a', b: 1 }]],
  [
    'partial, pick, omit',
    (z) => z.object({ a: z.string(), b: z.number() }).partial().pick({ a: true }),
    [{}, { a: 1 }],
  ],
  ['omit', (z) => z.object({ a: z.string(), b: z.number() }).omit({ b: true }), [{ a: 'a' }, {}]],
  ['arrays', (z) => z.array(z.number()).min(1).max(2), [[], [1], [1, 2, 3], [1, 'x']]],
  ['array()', (z) => z.string().array().nonempty(), [[], ['a']]],
  ['literals and unions', (z) => z.union([z.literal('a'), z.literal(2)]).or(z.null()), ['a', 2, null, 'b']],
  [
    'discriminated unions',
    (z) =>
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.literal('b'), b: z.number() }),
      ]),
    [{ kind: 'a', a: 'x' }, { kind: 'b', b: 'x' }, { kind: 'c' }],
  ],
  ['records', (z) => z.record(z.string(), z.number()), [{ a: 1 }, { a: 'x' }]],
  ['partial records', (z) => z.partialRecord(z.enum(['a', 'b']), z.number()), [{ a: 1 }, { c: 1 }]],
  [
    'intersection',
    (z) => z.object({ a: z.string() }).and(z.object({ b: z.number() })),
    [{ a: 'a', b: 1 }, {}],
  ],
  [
    'refine and superRefine',
    (z) =>
      z
        .object({ min: z.number(), max: z.number() })
        .refine((value) => value.min >= 0, { message: 'negative' })
        .superRefine((value, ctx) => {
          if (value.min > value.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'above' });
        }),
    [
      { min: 1, max: 2 },
      { min: 3, max: 2 },
      { min: -1, max: 2 },
    ],
  ],
  [
    'transform with issues, pipe',
    (z) =>
      z
        .string()
        .transform((value, ctx) => {
          const number = Number(value);
          if (Number.isNaN(number)) {
            ctx.addIssue({ code: 'custom', message: 'notNumber' });
            return z.NEVER;
          }
          return number;
        })
        .pipe(z.number().max(10)),
    ['4', 'x', '11', 4],
  ],
  [
    'preprocess',
    (z) => z.preprocess((value) => (value === '' ? null : value), z.string().nullable()),
    ['', 'a', 1],
  ],
  ['unknown, describe', (z) => z.object({ a: z.unknown() }).describe('thing'), [{ a: 1 }, 1]],
  ['nullish, unwrap', (z) => z.string().optional().unwrap().nullish(), [undefined, null, 'a', 1]],
];

describe('the browser zod (classic API over zod/mini)', () => {
  for (const [name, build, inputs] of cases) {
    it(`answers as the classic build: ${name}`, () => {
      const ours = build(z as unknown as Z);
      const theirs = build(classic);
      for (const input of inputs) {
        const strip = (result: unknown) => {
          const { success, data, error } = result as {
            success: boolean;
            data?: unknown;
            error?: { issues: Array<{ code: string; path: unknown[]; message: string }> };
          };
          return {
            success,
            data,
            issues: error?.issues.map(({ code, path, message }) => ({ code, path, message })),
          };
        };
        expect(strip(ours.safeParse(input)), JSON.stringify(input)).toEqual(strip(theirs.safeParse(input)));
      }
    });
  }

  it('keeps the options of a union and of an enum', () => {
    const a = z.object({ kind: z.literal('a') });
    expect((z.discriminatedUnion('kind', [a]) as unknown as { options: unknown[] }).options).toEqual([a]);
    expect(z.enum(['x', 'y']).options).toEqual(['x', 'y']);
    expect(z.object({ a: z.string() }).shape.a).toBeDefined();
  });

  it('builds every schema of the domain (a classic method missing here fails its module)', async () => {
    const modules = import.meta.glob(['../../../../packages/domain/src/**/*.ts', '!**/*.test.ts']);
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    for (const [path, load] of Object.entries(modules)) {
      await expect(load(), path).resolves.toBeDefined();
    }
  });
});
