import { clientFlowEvents } from '@nordloan/domain/enums';
import { describe, expect, it } from 'vitest';
import {
  type FlowEventName,
  flowEventNames,
  setFlowEventBrand,
  trackFlowEvent,
} from '#src/shared/tracking/flow-events.ts';

describe('§4 client-side flow events', () => {
  it('lists every event the spec names, from the domain (one list: no web-only spelling)', () => {
    expect(flowEventNames).toBe(clientFlowEvents);
    expect(flowEventNames).toEqual([
      'view-step',
      'select-coverage',
      'open-product-fact-sheet',
      'open-pre-purchase-information',
      'unhandled-error',
      'loan-quote-presentation-loaded',
      'go-to-bank',
      'toggle-details',
      'open-change-offer-modal',
      'close-change-offer-modal',
      'change-offer',
      'open-accept-offer-modal',
      'close-accept-offer-modal',
      'accept-offer',
      'payment-provider-event',
      'insurance-declined',
      'insurance-declined-during-payment',
      'payment-failed',
      'insurance-next',
      'insurance-back',
    ] satisfies FlowEventName[]);
  });

  it('pushes { event, brand, …payload } to window.dataLayer', () => {
    window.dataLayer = undefined;
    setFlowEventBrand('no-main');
    trackFlowEvent('view-step', { step: 'amount', stepIndex: 0, product: 'UnsecuredLoan' });
    trackFlowEvent('accept-offer', { applicationId: 'a', quoteId: 'q' });
    expect(window.dataLayer).toEqual([
      { event: 'view-step', brand: 'no-main', step: 'amount', stepIndex: 0, product: 'UnsecuredLoan' },
      { event: 'accept-offer', brand: 'no-main', applicationId: 'a', quoteId: 'q' },
    ]);
  });

  it('accepts another sink', () => {
    const seen: unknown[] = [];
    trackFlowEvent('insurance-back', { step: 'coverage' }, { push: (record) => seen.push(record) });
    expect(seen).toEqual([{ event: 'insurance-back', brand: 'no-main', step: 'coverage' }]);
  });
});
