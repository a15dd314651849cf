import { z } from 'zod';
import { documentCategorySchema, documentRequestStatusSchema, documentTimingSchema } from './enums.ts';

// Upload once (issue 13 item 6, docs/decisions/0036): the lenders' upload requests on an application, each
// with the documents of the same category the applicant already uploaded, offered — never sent — until the
// applicant chooses to send one to that lender; the choice is recorded with who made it and when.

export const lenderDocumentRequestSchema = /* @__PURE__ */ z.object({
  /** The lender's document request id (on its quote). */
  ID: z.string(),
  QuoteID: z.string(),
  Lender: z.object({ ID: z.string(), Name: z.string() }),
  Category: documentCategorySchema,
  Timing: documentTimingSchema,
  Status: documentRequestStatusSchema,
  /** The document sent to this lender, with who chose it and when; null until the applicant chooses. */
  Shared: z.object({ DocumentID: z.string(), SharedBy: z.string(), SharedAt: z.string() }).nullable(),
  /** Documents of the same category already uploaded to the application: what could be sent. */
  Candidates: z.array(z.object({ DocumentID: z.string(), Filename: z.string(), UploadedAt: z.string() })),
});
export type LenderDocumentRequest = z.infer<typeof lenderDocumentRequestSchema>;

export const shareDocumentBodySchema = /* @__PURE__ */ z.strictObject({
  DocumentID: z.uuid('DocumentID must be a document id'),
});
export type ShareDocumentBody = z.infer<typeof shareDocumentBodySchema>;
