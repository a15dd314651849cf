import type { Product } from '@nordloan/domain/enums';
import type { LoanApplication } from '@nordloan/domain/loan-application';
import { activeLookupQuery } from '#src/session/active-application.ts';
import { getLoanApplications } from '#src/shared/entities/get-loan-applications.ts';
import { currentToken } from './request.ts';

// Before a new application is made: the applicant's active one of the product, if any (ADR 0007 allows one
// per product). Asked first, so a second application of the same product is a question to the applicant —
// continue the draft or start over — and never a silent overwrite or a refused POST (issue 38).

export async function findActiveApplication(
  product: Product,
  owner: { customerId: string | null; personId: string | null },
): Promise<LoanApplication | null> {
  const page = await getLoanApplications(
    { ...activeLookupQuery(product, owner), group: 'Active' },
    currentToken(),
  );
  const active = (page?.Items ?? []).filter((item) => item.Product === product && !item.ArchivedAt);
  return active.sort((a, b) => Date.parse(b.UpdatedAt) - Date.parse(a.UpdatedAt))[0] ?? null;
}
