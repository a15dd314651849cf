import { messages as apply } from '#src/features/apply/messages/fi-FI.ts';
import { messages as insuranceJourney } from '#src/features/insurance/messages/fi-FI.ts';
import { messages as explainOffer } from '#src/features/my-page/explain-offer/messages/fi-FI.ts';
import { messages as humanReview } from '#src/features/my-page/human-review/messages/fi-FI.ts';
import { messages as offers } from '#src/features/my-page/messages/fi-FI.ts';
import { messages as myData } from '#src/features/my-page/my-data/messages/fi-FI.ts';
import { messages as creditWithdrawal } from '#src/features/my-page/withdrawal/messages/fi-FI.ts';
import { fiFI } from '#src/i18n/locales/fi-FI.ts';
import { messages as compliance } from '#src/shared/compliance/messages/fi-FI.ts';

// Every text of the fi-FI site, a chunk of its own: a page loads only its brand's language (issue 12).
// The same keys as app/feature-messages.ts.
export const shared = fiFI;
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
