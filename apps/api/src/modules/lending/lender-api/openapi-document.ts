import {
  callbackAcknowledgementSchema,
  idempotencyKeyHeader,
  lenderApiErrorSchema,
  lenderApiOperations,
  lenderApiVersion,
  lenderCallbackSchema,
  lenderCallbackTypes,
  lenderSignatureHeader,
  signatureToleranceSeconds,
} from '@nordloan/domain/lending/lender-api';
import { z } from 'zod';
import { allowAddedFields, describeFields, lenderApiGuide, withoutSpecReferences } from './openapi-guide.ts';
import { addPrequalificationOperation } from './openapi-prequalification.ts';
import { addSideOperations } from './openapi-side-operations.ts';

// The lender API as an OpenAPI 3.1 document (issue 33 item 1), generated from the domain's schemas, so the
// document cannot drift from what the adapter checks and the sandbox speaks. `paths` are what a lender
// serves under its base URL; `webhooks` (OpenAPI 3.1) are the callbacks a lender sends us, at
// POST /lender-api/callbacks/{LenderId}. Served at GET /lender-api/openapi.json and shown at /docs. What the
// schemas cannot say (the order of the calls, units, codes, where callbacks go) is the guide in
// openapi-guide.ts: a lender written from this document alone needs it (ADR 0078).

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without the `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const signatureDescription = [
  `\`${lenderSignatureHeader}: t=<unix seconds>,v1=<hex>\` where the hex (64 lower-case digits) is HMAC-SHA256, keyed with the UTF-8 bytes of the lender's own secret,`,
  'of `<t>.<the raw body bytes>`. Messages whose t is more than',
  `${signatureToleranceSeconds} seconds from the receiver's clock are refused (401), as are missing or wrong signatures.`,
  'While a secret is rotated, several v1= values may be sent; one matching is enough.',
].join(' ');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const idempotencyKeyDescription =
  'The lender answers a repeated key with its first answer (whatever MessageId and SentAt the repeat has), and a key reused for a request that differs in anything else with 422.';

/** An operation's parameters: its ApplicationReference when the path has one, the key, the signature. */
const operationParameters = (path: string, keyDescription: string) => [
  ...(path.includes('{ApplicationReference}')
    ? [
        {
          name: 'ApplicationReference',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
      ]
    : []),
  {
    name: idempotencyKeyHeader,
    in: 'header',
    required: true,
    description: `${idempotencyKeyDescription} ${keyDescription}`,
    schema: { type: 'string', maxLength: 255 },
  },
  {
    name: lenderSignatureHeader,
    in: 'header',
    required: true,
    description: signatureDescription,
    schema: { type: 'string' },
  },
];

const operationResponses = (name: string) => ({
  200: {
    description: 'The answer (its ApplicationReference, and QuoteId where asked, must be the request’s)',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Response` } } },
  },
  400: errorResponse('The request is not the operation’s schema'),
  401: errorResponse('The signature is missing, wrong or outside the replay window'),
  404: errorResponse('The application or offer is unknown'),
  422: errorResponse('The Idempotency-Key was used for a different request'),
  503: errorResponse('Unavailable for now: we retry 5xx answers and timeouts with backoff, the same key'),
});

/** Which key each operation of the adapter sends (http-lender-adapter.ts). */
const operationKeys: Record<string, string> = {
  registerApplication:
    'One per application at this lender (ours: `register:<ApplicationReference>`): a retry is never a second application.',
  fetchDecision:
    'New for each question (a stored `pending` must not answer the next); the same for the tries of one.',
  changeOffer: 'One per offer and terms asked (ours: `offer-change:<QuoteId>:<Amount>:<DurationMonths>`).',
  acceptOffer: 'One per offer (ours: `acceptance:<QuoteId>`).',
  requestDisbursementDecision: 'New for each question, like fetchDecision; the same for the tries of one.',
  disburse:
    'One per offer (ours: `disbursement:<QuoteId>`): a retried payout order is never a second payout.',
};

export function lenderApiDocument(): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(lenderApiErrorSchema, 'output') };
  const paths: Record<string, unknown> = {};
  for (const [operationId, operation] of Object.entries(lenderApiOperations)) {
    const name = operationId[0]!.toUpperCase() + operationId.slice(1);
    schemas[`${name}Request`] = jsonSchema(operation.request, 'output');
    schemas[`${name}Response`] = jsonSchema(operation.response, 'input');
    paths[operation.path] = {
      post: {
        operationId,
        summary: operation.summary,
        description: withoutSpecReferences(operation.description),
        parameters: operationParameters(operation.path, operationKeys[operationId] ?? ''),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Request` } } },
        },
        responses: operationResponses(name),
      },
    };
  }
  addSideOperations(
    paths,
    schemas,
    jsonSchema,
    (keyDescription) => operationParameters('{ApplicationReference}', keyDescription),
    operationResponses,
  );
  addPrequalificationOperation(paths, schemas, jsonSchema, signatureDescription);
  schemas.Callback = jsonSchema(lenderCallbackSchema, 'input');
  for (const [name, schema] of Object.entries(schemas)) {
    if (name.endsWith('Request')) allowAddedFields(schema);
  }
  describeFields(schemas);
  schemas.CallbackAcknowledgement = jsonSchema(callbackAcknowledgementSchema, 'output');
  const webhooks = Object.fromEntries(
    lenderCallbackTypes.map((type) => [
      type,
      {
        post: {
          summary: `Callback \`${type}\`, POSTed to <our API>/lender-api/callbacks/{LenderId}`,
          description:
            'Signed like every request, with the same secret; LenderId in the address and in the body is yours as agreed. A callback naming another lender’s application or offer is 404 and changes nothing. Delivered twice (same MessageId) it is a duplicate; delivered before what must come first it waits (202) and takes effect in order. No answer or a 5xx: send the same body again, signed with a fresh t.',
          parameters: [
            {
              name: lenderSignatureHeader,
              in: 'header',
              required: true,
              description: signatureDescription,
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Callback' } } },
          },
          responses: {
            200: {
              description:
                'Applied, duplicate or ignored (the application moved past it): do not send it again',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/CallbackAcknowledgement' } },
              },
            },
            202: {
              description: 'Kept, waiting for an earlier callback: do not send it again',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/CallbackAcknowledgement' } },
              },
            },
            400: errorResponse('Not the callback schema (after the signature was checked)'),
            401: errorResponse('The signature is missing, wrong or outside the replay window'),
            403: errorResponse('The lender has no secret, or the body names another lender'),
            404: errorResponse('Unknown lender, or an application or offer that is not this lender’s'),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'nordloan lender API',
      version: lenderApiVersion,
      description: [
        'What nordloan sends a lender and what a lender sends back: the paths are what a lender serves under its base URL, the webhooks what it sends us. This document is all a lender needs to build against us.',
        'Every message carries a MessageId and SentAt. The application a lender receives is the minimum its credit policy needs (GDPR art. 5(1)(c)): no name, national id, address or contact detail — each personal field says why it is sent; the lender identifies the borrower with the e-ID before payout.',
        'Income verified from bank data: an applicant whose NetMonthlyIncome was read from their bank account with their consent (account information, PSD2) carries IncomeVerifiedFromBankData: true. Only that flag is sent — never the transactions, the account, the bank or the consent itself.',
        lenderApiGuide,
        'Conformance: we check an implementation with `npm run lender:conformance -- --url <base URL> --secret <secret>` before it goes live.',
      ].join('\n\n'),
    },
    servers: [
      {
        url: 'https://{lenderBaseUrl}',
        variables: { lenderBaseUrl: { default: 'api.lender.example/nordloan/v1' } },
      },
    ],
    paths,
    webhooks,
    components: { schemas },
  };
}
