import { isApplicationStatusCode, isTerminalStatus } from '@nordloan/domain/statuses';

// When the personal page keeps asking for offers (issue 6: offers arrive without reload): while the
// application is on its way to the lenders or lenders are still deciding, and while an acceptance waits for
// the lender's answer. It stops when everything is settled or the application has ended.

export interface PollableOffers {
  Status: number;
  IsComplete: boolean;
  Groups: readonly { Quotes: readonly { AcceptanceStatus: string | null }[] }[];
}

export function shouldPollOffers(presentation: PollableOffers | null | undefined): boolean {
  if (!presentation) return true;
  const status = presentation.Status;
  if (isApplicationStatusCode(status) && isTerminalStatus(status)) return false;
  const acceptancePending = presentation.Groups.some((group) =>
    group.Quotes.some((quote) => quote.AcceptanceStatus === 'pending'),
  );
  if (acceptancePending) return true;
  // Before the customer's decision (phases 1–3) the offers are still to come; in phase 4 more may come
  // until every lender has answered; from phase 5 on the offers are settled.
  if (status < 400) return true;
  return status < 500 && !presentation.IsComplete;
}
