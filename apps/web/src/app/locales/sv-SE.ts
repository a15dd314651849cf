import { messages as apply } from '#src/features/apply/messages/sv-SE.ts';
import { messages as approvalOddsLink } from '#src/features/approval-odds/messages/entry/sv-SE.ts';
import { messages as bankData } from '#src/features/bank-data/messages/entry/sv-SE.ts';
import { messages as debtRegister } from '#src/features/debt-register/messages/entry/sv-SE.ts';
import { svSE } from '#src/i18n/locales/sv-SE.ts';
import { messages as compliance } from '#src/shared/compliance/messages/sv-SE.ts';

// The texts every page of the sv-SE site needs, a chunk of its own: a page loads only its brand's language
// (issue 12), and the apply page only these (issue 40, ADR 0073). The personal pages' texts (my page, its
// sub-features, insurance) are in locales/personal/sv-SE.ts, loaded with those pages (app/page-messages.ts):
// register a my-page or insurance feature's messages THERE, not here. The keys of app/feature-messages.ts.
export const shared = svSE;
export const features: Record<string, unknown> = {
  apply,
  approvalOddsLink,
  bankData,
  compliance,
  debtRegister,
};
