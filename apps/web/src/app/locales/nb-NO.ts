import { messages as apply } from '#src/features/apply/messages/nb-NO.ts';
import { messages as insuranceJourney } from '#src/features/insurance/messages/nb-NO.ts';
import { messages as explainOffer } from '#src/features/my-page/explain-offer/messages/nb-NO.ts';
import { messages as humanReview } from '#src/features/my-page/human-review/messages/nb-NO.ts';
import { messages as offers } from '#src/features/my-page/messages/nb-NO.ts';
import { messages as myData } from '#src/features/my-page/my-data/messages/nb-NO.ts';
import { messages as creditWithdrawal } from '#src/features/my-page/withdrawal/messages/nb-NO.ts';
import { nbNO } from '#src/i18n/locales/nb-NO.ts';
import { messages as compliance } from '#src/shared/compliance/messages/nb-NO.ts';

// Every text of the nb-NO site, a chunk of its own: a page loads only its brand's language (issue 12).
// The same keys as app/feature-messages.ts.
export const shared = nbNO;
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
