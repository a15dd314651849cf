import { z } from 'zod';
import { documentCategorySchema, documentOwnerSchema } from './enums.ts';

// §3 Document: Filename and Category (payslip, tax-return, property-value, other), owner main-applicant or
// co-applicant. PascalCase: the API contract.

export const MAX_DOCUMENT_BYTES = 20_971_520; // §5/§9: at most 20 MB
export const MAX_DOCUMENTS_PER_APPLICATION = 50;
/** §5: the file types a document may have. */
export const documentContentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const documentContentTypeSchema = /* @__PURE__ */ z.enum(documentContentTypes);
export type DocumentContentType = z.infer<typeof documentContentTypeSchema>;

export const documentSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  Filename: z.string(),
  Category: documentCategorySchema,
  Owner: documentOwnerSchema,
  ContentType: documentContentTypeSchema,
  Size: z.number().int(),
  SHA256: z.string(),
  UploadedBy: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Document = z.infer<typeof documentSchema>;

const filenameSchema = /* @__PURE__ */ z.string().trim().min(1, 'Required').max(255);

/** The form fields sent beside the file (multipart/form-data). */
export const uploadFieldsSchema = /* @__PURE__ */ z.strictObject({
  /** The name to keep; the uploaded file's own name when absent. */
  Filename: filenameSchema.optional(),
  Category: documentCategorySchema,
  Owner: documentOwnerSchema.default('main-applicant'),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

export const patchDocumentBodySchema = /* @__PURE__ */ z
  .strictObject({
    Filename: filenameSchema.optional(),
    Category: documentCategorySchema.optional(),
    Owner: documentOwnerSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type PatchDocumentInput = z.infer<typeof patchDocumentBodySchema>;
