import { messages as approvalOdds } from '#src/features/approval-odds/messages/nb-NO.ts';
import { messages as insuranceJourney } from '#src/features/insurance/messages/nb-NO.ts';
import { messages as agreementSigning } from '#src/features/my-page/agreement-signing/messages/nb-NO.ts';
import { messages as explainOffer } from '#src/features/my-page/explain-offer/messages/nb-NO.ts';
import { messages as humanReview } from '#src/features/my-page/human-review/messages/nb-NO.ts';
import { messages as offers } from '#src/features/my-page/messages/nb-NO.ts';
import { messages as myData } from '#src/features/my-page/my-data/messages/nb-NO.ts';
import { messages as rateWatch } from '#src/features/my-page/rate-watch/messages/nb-NO.ts';
import { messages as refinancing } from '#src/features/my-page/refinancing/messages/nb-NO.ts';
import { messages as creditWithdrawal } from '#src/features/my-page/withdrawal/messages/nb-NO.ts';

// The nb-NO texts of the personal pages (my page and its sub-features, insurance, the co-applicant's invite),
// a chunk loaded with those pages' own (app/page-messages.ts; issue 40, ADR 0073): the apply page does not
// carry them. A new my-page or insurance feature registers its messages here (and in
// app/feature-messages.ts, which the tests read).
export const features: Record<string, unknown> = {
  // The approval-odds page's texts (ADR 0074) come with it, as the personal pages' do.
  approvalOdds,
  offers,
  insuranceJourney,
  myData,
  humanReview,
  agreementSigning,
  explainOffer,
  creditWithdrawal,
  refinancing,
  rateWatch,
};
