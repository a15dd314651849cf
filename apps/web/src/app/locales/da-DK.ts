import { messages as apply } from '#src/features/apply/messages/da-DK.ts';
import { messages as insuranceJourney } from '#src/features/insurance/messages/da-DK.ts';
import { messages as explainOffer } from '#src/features/my-page/explain-offer/messages/da-DK.ts';
import { messages as humanReview } from '#src/features/my-page/human-review/messages/da-DK.ts';
import { messages as offers } from '#src/features/my-page/messages/da-DK.ts';
import { messages as myData } from '#src/features/my-page/my-data/messages/da-DK.ts';
import { messages as creditWithdrawal } from '#src/features/my-page/withdrawal/messages/da-DK.ts';
import { daDK } from '#src/i18n/locales/da-DK.ts';
import { messages as compliance } from '#src/shared/compliance/messages/da-DK.ts';

// Every text of the da-DK site, a chunk of its own: a page loads only its brand's language (issue 12).
// The same keys as app/feature-messages.ts.
export const shared = daDK;
export const features: Record<string, unknown> = {
  apply,
  offers,
  insuranceJourney,
  compliance,
  myData,
  humanReview,
  explainOffer,
  creditWithdrawal,
};
