import { productSchema } from '@nordloan/domain/enums';
import { z } from 'zod';

// The fields of a loan application the web app reads (§3: ID, Product, CreatedAt, UpdatedAt, plus the
// human-readable id, status, brand and owners). Other fields pass through untouched. Replace with the
// domain's application schema once packages/domain exports one.
export const loanApplicationSchema = z.looseObject({
  ID: z.string(),
  HumanReadableID: z.string().optional(),
  Product: productSchema,
  Status: z.number().optional(),
  Brand: z.string().optional(),
  CustomerID: z.string().nullable().optional(),
  PersonID: z.string().nullable().optional(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Revision: z.number().optional(),
});
export type LoanApplication = z.infer<typeof loanApplicationSchema>;

export const loanApplicationPageSchema = z.object({
  Items: z.array(loanApplicationSchema),
  Total: z.number(),
  PageNumber: z.number(),
  PageSize: z.number(),
});
export type LoanApplicationPage = z.infer<typeof loanApplicationPageSchema>;
