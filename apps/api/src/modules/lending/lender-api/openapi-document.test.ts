import { lenderApiOperations, lenderCallbackTypes } from '@nordloan/domain/lending/lender-api';
import { describe, expect, it } from 'vitest';
import { lenderApiDocument } from './openapi-document.ts';

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
      // The soft pre-qualification (ADR 0074) is the one optional operation, after the others.
      [...Object.keys(lenderApiOperations), 'prequalify'],
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
    const messages = Object.entries(schemas).filter(([name]) => /Request$|Response$|^Callback$/.test(name));
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
});
