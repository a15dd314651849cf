import { lenderReviewPath } from '@nordloan/domain/human-review';
import { lenderPrequalificationPath } from '@nordloan/domain/lending/approval-odds';
import { lenderWithdrawalPath } from '@nordloan/domain/lending/credit-withdrawal';
import { lenderApiOperations, lenderCallbackTypes } from '@nordloan/domain/lending/lender-api';
import { describe, expect, it } from 'vitest';
import { lenderAgreementPath, lenderSignedAgreementPath } from './lender-agreement.ts';
import { lenderApiDocument } from './openapi-document.ts';
import { lenderSideOperations } from './openapi-side-operations.ts';

// The lender API's document (issue 33 item 1): every operation of the LenderAdapter interface and every
// callback, each message with its id and time, and every personal field saying why it is sent.

type Schema = {
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  items?: Schema;
  description?: string;
};

describe('the lender API document', () => {
  const document = lenderApiDocument() as {
    openapi: string;
    paths: Record<string, { post: { operationId: string } }>;
    webhooks: Record<string, unknown>;
    components: { schemas: Record<string, Schema> };
  };

  it('is OpenAPI 3.1 with every operation and every callback', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.values(document.paths).map((path) => path.post.operationId)).toEqual(
      // The operations beside the adapter's (agreement, human review, withdrawal), then the soft
      // pre-qualification (ADR 0074), the one optional operation.
      [
        ...Object.keys(lenderApiOperations),
        'fetchAgreement',
        'sendSignedAgreement',
        'requestHumanReview',
        'notifyWithdrawal',
        'prequalify',
      ],
    );
    expect(Object.keys(document.webhooks)).toEqual(lenderCallbackTypes);
    expect(lenderCallbackTypes).toEqual(
      expect.arrayContaining([
        'offer',
        'decline',
        'documents-requested',
        'agreement-signed',
        'disbursement-decision',
        'disbursed',
        'cancelled',
        'commission-clawback',
      ]),
    );
  });

  it('gives every message an id and a time', () => {
    const schemas = document.components.schemas;
    // The answers of the operations beside the adapter's too (ADR 0062, amended: they had none).
    const sideAnswers = lenderSideOperations.map(
      ({ operationId }) => `${operationId[0]!.toUpperCase()}${operationId.slice(1)}Response`,
    );
    const messages = Object.entries(schemas).filter(([name]) => /Request$|Response$|^Callback$/.test(name));
    expect(messages.map(([name]) => name)).toEqual(expect.arrayContaining(sideAnswers));
    for (const [name, schema] of messages) {
      for (const variant of schema.oneOf ?? [schema]) {
        expect(variant.required, name).toEqual(expect.arrayContaining(['MessageId', 'SentAt']));
      }
    }
  });

  it('says why each personal field is sent (data minimisation)', () => {
    const application = document.components.schemas.RegisterApplicationRequest!.properties!.Application!;
    const applicant = application.properties!.Applicants!.items!;
    for (const [field, schema] of Object.entries(applicant.properties!)) {
      if (field === 'Role') continue;
      expect(schema.description, field).toBeTruthy();
    }
    // Nothing that identifies the person: no name, national id, birth date, address or contact field.
    const fields: string[] = [];
    const collect = (node: Schema | undefined) => {
      if (!node) return;
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        fields.push(name);
        collect(child);
      }
      collect(node.items);
      for (const variant of [...(node.oneOf ?? []), ...((node as { anyOf?: Schema[] }).anyOf ?? [])])
        collect(variant);
    };
    collect(application);
    const identifying =
      /^(NationalId|Ssn|FirstName|LastName|Name|BirthDate|Email|Phone|Street|Address|PostalCode)/;
    expect(fields.filter((field) => identifying.test(field))).toEqual([]);
  });

  // ADR 0078: what a lender written from this document alone (e2e/outside-lender/lender.py) had to guess.
  describe('is enough to build a lender from', () => {
    const text = JSON.stringify(document);

    it('lists every operation we call on a lender', () => {
      const called = [
        ...Object.values(lenderApiOperations).map((operation) => operation.path),
        lenderAgreementPath,
        lenderSignedAgreementPath,
        lenderReviewPath,
        lenderWithdrawalPath,
        lenderPrequalificationPath,
      ];
      expect(Object.keys(document.paths).sort()).toEqual([...called].sort());
    });

    it('says where callbacks go, under which id, and the signature byte for byte', () => {
      const guide = (document as unknown as { info: { description: string } }).info.description;
      expect(guide).toContain('/lender-api/callbacks/<LenderId>');
      expect(guide).toMatch(/LenderId/);
      expect(guide).toMatch(/whole seconds/);
      expect(guide).toMatch(/UTF-8 bytes/);
      expect(guide).toMatch(/64 lower-case hexadecimal digits/);
      expect(guide).toMatch(/Answers to our requests are not signed/);
      expect(guide).toMatch(/fetchDecision/);
      // Nothing points into papers a lender does not have.
      expect(text.match(/docs\/decisions[^"]{0,30}|§\d[^"]{0,30}/g)).toBeNull();
    });

    it('gives the meaning of every code a lender may send and the units of every offer field', () => {
      const codes: Schema[] = [];
      const offers: Schema[] = [];
      const collect = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        const schema = node as Schema & { enum?: unknown[] };
        for (const [name, child] of Object.entries(schema.properties ?? {})) {
          if (name === 'Code' && (child as { enum?: unknown[] }).enum) codes.push(child);
          if (name === 'Offers' || name === 'Offer' || name === 'CurrentOffer')
            offers.push(child.items ?? child);
        }
        for (const value of Object.values(node)) collect(value);
      };
      collect(document.components.schemas);
      expect(codes.length).toBeGreaterThan(3);
      for (const code of codes as (Schema & { enum: number[] })[]) {
        for (const value of code.enum) expect(code.description, String(value)).toContain(`${value}: `);
      }
      expect(offers.length).toBeGreaterThan(3);
      for (const offer of offers) {
        for (const field of [
          'Amount',
          'NominalRatePercent',
          'StartupFee',
          'MonthlyFee',
          'FeeHandling',
          'OfferType',
          'LoanKind',
        ]) {
          expect(offer.properties?.[field]?.description, field).toBeTruthy();
        }
      }
    });

    it('lets a lender that validates requests against it accept the optional fields added within a version', () => {
      const requests = Object.entries(document.components.schemas).filter(([name]) =>
        name.endsWith('Request'),
      );
      for (const [name, schema] of requests)
        expect(JSON.stringify(schema), name).not.toContain('"additionalProperties":false');
    });
  });
});
