import { loanApplicationSchema } from '@nordloan/domain/loan-application';
import Fastify from 'fastify';
import { serializerCompiler as typeProviderSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './error-handler.ts';
import { responseSerializerCompiler, transformPath } from './response-serializer.ts';

// The answer check every route's response goes through (plugins/response-serializer.ts): safeParse in place
// of the type provider's safeEncode, which is only the same while no response schema transforms.

async function appAnswering(schema: z.ZodType, answer: () => unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => answer());
  await app.ready();
  return app;
}

const person = z.object({ ID: z.string(), Name: z.string(), Age: z.number().int().nullable() });

describe('the response check', () => {
  it('leaves out every field its schema does not name, at any depth', async () => {
    const app = await appAnswering(z.object({ Person: person, Others: z.array(person) }), () => ({
      Person: { ID: 'p1', Name: 'Kari', Age: 40, NationalID: '01019012345' },
      Others: [{ ID: 'p2', Name: 'Ola', Age: null, Token: 'secret' }],
      InternalNote: 'not for callers',
    }));
    const response = await app.inject({ url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Person: { ID: 'p1', Name: 'Kari', Age: 40 },
      Others: [{ ID: 'p2', Name: 'Ola', Age: null }],
    });
    expect(response.body).not.toMatch(/01019012345|secret|InternalNote/);
  });

  it('answers 500 in the bad-result shape, not the broken answer, when the answer breaks its schema', async () => {
    const app = await appAnswering(person, () => ({ ID: 'p1', Name: 'Kari', Age: 'forty' }));
    const response = await app.inject({ url: '/thing' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ Bad: true });
    expect(response.body).not.toContain('forty');
  });

  it('writes what the type provider’s own check writes, for the application read', () => {
    const applicant = {
      Role: 'MainApplicant',
      PersonID: 'person-1',
      GrossYearlyIncome: 650_000,
      Sealed: 'not a field of the schema',
    };
    const sample = loanApplicationSchema.parse(
      {
        ID: 'app-1',
        HumanReadableID: 'NL-100001',
        LegacyID: null,
        Product: 'UnsecuredLoan',
        Status: 210,
        StatusName: 'Draft',
        Brand: 'no-main',
        Country: 'NO',
        CustomerID: 'c-1',
        PersonID: 'person-1',
        CoApplicantPersonID: null,
        ApplicantMode: 'Normal',
        Amount: 150_000,
        Duration: 5,
        LoanPurpose: 'Renovation',
        CurrentStep: null,
        CompletedSteps: ['loan'],
        Data: { nested: { any: ['thing'] } },
        CloneOrigin: null,
        ClonedFromID: null,
        ArchivedAt: null,
        ArchiveReason: null,
        Revision: 3,
        IsLocked: false,
        MainApplicant: null,
        CoApplicant: null,
        CreatedAt: '2026-11-27T10:00:00.000Z',
        UpdatedAt: '2026-11-27T10:00:00.000Z',
      },
      { reportInput: false },
    );
    const withExtras = { ...sample, Secret: 'x', MainApplicant: { ...fullApplicant(applicant), Extra: 1 } };
    const route = {
      schema: loanApplicationSchema,
      method: 'GET',
      url: '/loan-application/:id',
      httpStatus: '200',
    };
    expect(responseSerializerCompiler(route)(withExtras)).toBe(
      typeProviderSerializerCompiler(route)(withExtras),
    );
  });
});

/** An applicant of the schema's shape: every field the schema names, null where it allows. */
function fullApplicant(known: Record<string, unknown>) {
  const shape = (loanApplicationSchema.shape.MainApplicant.unwrap() as z.ZodObject).shape;
  return Object.fromEntries(Object.keys(shape).map((key) => [key, key in known ? known[key] : null]));
}

describe('a response schema with a transform', () => {
  it('stops the start, naming the route and where the transform is', async () => {
    const lowerCased = z.object({
      Emails: z.array(z.object({ Address: z.string().transform((s) => s.toLowerCase()) })),
    });
    await expect(appAnswering(lowerCased, () => ({}))).rejects.toThrow(
      /GET \/thing: the response schema has a transform, codec, catch or success at "\(root\)\.Emails\.element\.Address\.out"/,
    );
  });

  it('is found inside optional, nullable, union, record, tuple, lazy, pipe, intersection and array parts; a codec, a catch and a success are found too', () => {
    const lower = z.string().transform((s) => s.toLowerCase());
    const dateCodec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    for (const schema of [
      lower.optional(),
      lower.nullable(),
      z.union([z.number(), lower]),
      z.record(z.string(), lower),
      z.tuple([z.number(), lower]),
      z.lazy(() => lower),
      z.preprocess((value) => value, z.string()),
      dateCodec,
      z.object({ At: dateCodec }).nullable(),
      z.intersection(z.object({ A: z.string() }), z.object({ B: lower })),
      z.discriminatedUnion('Kind', [
        z.object({ Kind: z.literal('a'), A: z.string() }),
        z.object({ Kind: z.literal('b'), B: lower }),
      ]),
      z.array(z.number().catch(0)),
      z.success(z.string()),
    ]) {
      expect(transformPath(schema), schema._zod.def.type).toBeDefined();
    }
  });

  it('is not found where there is none, and a recursive schema ends', () => {
    interface Node {
      Name: string;
      Children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() => z.object({ Name: z.string(), Children: z.array(node) }));
    expect(transformPath(node)).toBeUndefined();
    expect(transformPath(loanApplicationSchema)).toBeUndefined();
    expect(
      transformPath(
        z
          .string()
          .refine((s) => s.length > 0)
          .default('x'),
      ),
    ).toBeUndefined();
    // A pipe without a transform checks twice, the same both ways.
    expect(transformPath(z.string().pipe(z.email()))).toBeUndefined();
    expect(
      transformPath(z.intersection(z.object({ A: z.string() }), z.object({ B: z.number() }))),
    ).toBeUndefined();
  });
});
