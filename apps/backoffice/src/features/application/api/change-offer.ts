import { request, segment } from '#src/shared/api/http.ts';
import { useApplicationMutation } from './use-application-mutation.ts';

export interface OfferChange {
  quoteID: string;
  Amount: number;
  DurationMonths: number;
}

/** The existing offer-change route (§4 change-offer): the lender answers with a new quote. */
export const changeOffer = ({ quoteID, Amount, DurationMonths }: OfferChange) =>
  request('POST', `/loan-quote/${segment(quoteID)}/change`, { body: { Amount, DurationMonths } });

export const useChangeOffer = (applicationID: string) => useApplicationMutation(applicationID, changeOffer);
