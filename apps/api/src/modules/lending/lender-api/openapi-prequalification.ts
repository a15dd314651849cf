import {
  lenderPrequalificationPath,
  lenderPrequalificationRequestSchema,
  lenderPrequalificationResponseSchema,
} from '@nordloan/domain/lending/approval-odds';
import { lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import type { z } from 'zod';

// The soft pre-qualification in the lender API's OpenAPI document (ADR 0074), beside the operations the
// document generates from lenderApiOperations: optional for a lender — one without it answers 404 and the
// applicant sees "no estimate".

type JsonSchema = Record<string, unknown>;

export function addPrequalificationOperation(
  paths: Record<string, unknown>,
  schemas: Record<string, JsonSchema>,
  jsonSchema: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
  signatureDescription: string,
): void {
  schemas.PrequalifyRequest = jsonSchema(lenderPrequalificationRequestSchema, 'output');
  schemas.PrequalifyResponse = jsonSchema(lenderPrequalificationResponseSchema, 'input');
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  paths[lenderPrequalificationPath] = {
    post: {
      operationId: 'prequalify',
      summary: 'Soft pre-qualification: approval odds and a rate range, with no credit inquiry (optional)',
      description: [
        'The applicant’s own figures before they apply: no identity, nothing to keep. InquiryType is always "soft":',
        'the lender must not ask a credit bureau, register an inquiry or store the request. It answers from its',
        'credit policy: likely / possible / unlikely, the nominal rate range it would probably offer, and reason codes.',
        'We wait a short time (about a second) for the answer; a slow, failing or missing answer (404: the lender',
        'does not offer the operation) is shown as "no estimate". No Idempotency-Key: the call changes nothing.',
      ].join(' '),
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
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PrequalifyRequest' } } },
      },
      responses: {
        200: {
          description: 'The estimate',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PrequalifyResponse' } } },
        },
        400: error('The request is not the operation’s schema'),
        401: error('The signature is missing, wrong or outside the replay window'),
        404: error('The lender does not offer soft pre-qualification'),
      },
    },
  };
}
