import { messages as apply } from '#src/features/apply/messages/da-DK.ts';
import { messages as approvalOddsLink } from '#src/features/approval-odds/messages/entry/da-DK.ts';
import { messages as bankData } from '#src/features/bank-data/messages/entry/da-DK.ts';
import { messages as debtRegister } from '#src/features/debt-register/messages/entry/da-DK.ts';
import { daDK } from '#src/i18n/locales/da-DK.ts';
import { messages as compliance } from '#src/shared/compliance/messages/da-DK.ts';

// The texts every page of the da-DK site needs, a chunk of its own: a page loads only its brand's language
// (issue 12), and the apply page only these (issue 40, ADR 0073). The personal pages' texts (my page, its
// sub-features, insurance) are in locales/personal/da-DK.ts, loaded with those pages (app/page-messages.ts):
// register a my-page or insurance feature's messages THERE, not here. The keys of app/feature-messages.ts.
export const shared = daDK;
export const features: Record<string, unknown> = {
  apply,
  approvalOddsLink,
  bankData,
  compliance,
  debtRegister,
};
