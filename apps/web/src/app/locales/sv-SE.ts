import { messages as apply } from '#src/features/apply/messages/sv-SE.ts';
import { messages as insuranceJourney } from '#src/features/insurance/messages/sv-SE.ts';
import { messages as explainOffer } from '#src/features/my-page/explain-offer/messages/sv-SE.ts';
import { messages as humanReview } from '#src/features/my-page/human-review/messages/sv-SE.ts';
import { messages as offers } from '#src/features/my-page/messages/sv-SE.ts';
import { messages as myData } from '#src/features/my-page/my-data/messages/sv-SE.ts';
import { messages as creditWithdrawal } from '#src/features/my-page/withdrawal/messages/sv-SE.ts';
import { svSE } from '#src/i18n/locales/sv-SE.ts';
import { messages as compliance } from '#src/shared/compliance/messages/sv-SE.ts';

// Every text of the sv-SE site, a chunk of its own: a page loads only its brand's language (issue 12).
// The same keys as app/feature-messages.ts.
export const shared = svSE;
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
