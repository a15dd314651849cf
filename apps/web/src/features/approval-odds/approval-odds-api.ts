import type { ApprovalOddsResult } from '@nordloan/domain/lending/approval-odds';
import { apiRequest } from '#src/shared/api/http.ts';
import { serviceUrl } from '#src/shared/api/service-urls.ts';
import type { OddsFigures } from './odds-draft.ts';

// POST /approval-odds (ADR 0074): no token — nothing personal is sent.
export async function fetchApprovalOdds(brand: string, figures: OddsFigures): Promise<ApprovalOddsResult> {
  return (await apiRequest<ApprovalOddsResult>('POST', '/approval-odds', {
    baseUrl: serviceUrl(),
    requireToken: false,
    body: { Brand: brand, ...figures },
  })) as ApprovalOddsResult;
}
