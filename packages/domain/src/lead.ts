import { z } from 'zod';

// §7 lead calls (GET/POST/DELETE /lead/{id}): a partner a loan application was passed on to. PascalCase:
// the API contract.

export const leadSchema = /* @__PURE__ */ z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  Partner: z.string(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
