import {
  lenderReviewPath,
  lenderReviewRequestSchema,
  lenderReviewResponseSchema,
} from '@nordloan/domain/human-review';
import {
  lenderWithdrawalPath,
  lenderWithdrawalRequestSchema,
  lenderWithdrawalResponseSchema,
} from '@nordloan/domain/lending/credit-withdrawal';
import type { z } from 'zod';
import {
  lenderAgreementPath,
  lenderAgreementRequestSchema,
  lenderAgreementResponseSchema,
  lenderSignedAgreementPath,
  lenderSignedAgreementRequestSchema,
  lenderSignedAgreementResponseSchema,
} from './lender-agreement.ts';

// The operations we call beside the adapter's (signed-lender-post.ts: the agreement, the signed agreement,
// a human review, a withdrawal notice) in the lender API's document. They were missing from it: a lender
// built from the document alone answered them 404 (ADR 0078). Generated from the same schemas the calls
// hold the answers against, like the rest of the document.

type JsonSchema = Record<string, unknown>;

interface SideOperation {
  operationId: string;
  path: string;
  request: z.ZodType;
  response: z.ZodType;
  summary: string;
  description: string;
  idempotencyKey: string;
}

export const lenderSideOperations: readonly SideOperation[] = [
  {
    operationId: 'fetchAgreement',
    path: lenderAgreementPath,
    request: lenderAgreementRequestSchema,
    response: lenderAgreementResponseSchema,
    summary: 'Hand over the credit agreement of an accepted offer (a PDF)',
    description:
      'After acceptOffer. `ready` with the PDF in ContentBase64 (FileName, ContentType application/pdf), or `not-ready`: we ask again later. The customer signs exactly this document with e-ID; its SHA-256 comes back in sendSignedAgreement.',
    idempotencyKey: 'One per offer (ours: `agreement:<QuoteId>`).',
  },
  {
    operationId: 'sendSignedAgreement',
    path: lenderSignedAgreementPath,
    request: lenderSignedAgreementRequestSchema,
    response: lenderSignedAgreementResponseSchema,
    summary: 'Every applicant has signed the agreement with e-ID: the evidence',
    description:
      'Who signed (Role, our PersonReference), when, with which e-ID provider and transaction, and the SHA-256 of the document signed (the one fetchAgreement handed over). Answer `received`.',
    idempotencyKey: 'One per signed agreement (ours: `signed-agreement:<our agreement id>`).',
  },
  {
    operationId: 'requestHumanReview',
    path: lenderReviewPath,
    request: lenderReviewRequestSchema,
    response: lenderReviewResponseSchema,
    summary: 'The applicant asks for a person to review your decline (CCD2 art. 18(8))',
    description:
      'The decline under review (your Code and ReasonCode), the applicant’s own words, and the time by which we need your answer: the Outcome and an Explanation for the applicant, in their language.',
    idempotencyKey: 'One per review (ours: `human-review:<ReviewId>`).',
  },
  {
    operationId: 'notifyWithdrawal',
    path: lenderWithdrawalPath,
    request: lenderWithdrawalRequestSchema,
    response: lenderWithdrawalResponseSchema,
    summary: 'The customer withdrew from the signed agreement (CCD2 art. 26)',
    description:
      'When they signed and withdrew, and what we told them to pay back by PayBackBy (Principal, DailyInterest, Total, in the Currency). Answer `received`.',
    idempotencyKey: 'One per withdrawal (ours: `withdrawal:<our withdrawal id>`).',
  },
];

export function addSideOperations(
  paths: Record<string, unknown>,
  schemas: Record<string, JsonSchema>,
  jsonSchema: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
  parameters: (idempotencyKeyDescription: string) => unknown[],
  responses: (name: string) => Record<string, unknown>,
): void {
  for (const operation of lenderSideOperations) {
    const name = operation.operationId[0]!.toUpperCase() + operation.operationId.slice(1);
    schemas[`${name}Request`] = jsonSchema(operation.request, 'output');
    schemas[`${name}Response`] = jsonSchema(operation.response, 'input');
    paths[operation.path] = {
      post: {
        operationId: operation.operationId,
        summary: operation.summary,
        description: operation.description,
        parameters: parameters(operation.idempotencyKey),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Request` } } },
        },
        responses: responses(name),
      },
    };
  }
}
