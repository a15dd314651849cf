import { type ClientFlowEvent, clientFlowEvents } from '@nordloan/domain/enum-values';

// §4 client-side flow events, typed, pushed to a `window.dataLayer`-style sink (what tag managers read).
// The spec names the events but not their payloads or order; payloads are ours, and never carry tokens
// or national identity numbers.

/** What each §4 event carries; keyed by the domain's one list of event names (an event missing here fails
 * the type check). */
interface FlowEventPayloadMap {
  'view-step': { step: string; stepIndex?: number; product?: string };
  'select-coverage': { coverage: string };
  'open-product-fact-sheet': { lender?: string };
  'open-pre-purchase-information': { lender?: string };
  'unhandled-error': { message: string };
  'loan-quote-presentation-loaded': { applicationId: string; quoteCount: number };
  'go-to-bank': { applicationId: string; lender: string };
  'toggle-details': { open: boolean; lender?: string };
  'open-change-offer-modal': { applicationId: string; quoteId?: string };
  'close-change-offer-modal': { applicationId: string; quoteId?: string };
  'change-offer': { applicationId: string; quoteId?: string; amount?: number; duration?: number };
  'open-accept-offer-modal': { applicationId: string; quoteId?: string };
  'close-accept-offer-modal': { applicationId: string; quoteId?: string };
  'accept-offer': { applicationId: string; quoteId?: string };
  'payment-provider-event': { provider: string; status: string };
  'insurance-declined': { reason?: string };
  'insurance-declined-during-payment': { reason?: string };
  'payment-failed': { provider?: string; reason?: string };
  'insurance-next': { step: string };
  'insurance-back': { step: string };
}

export type FlowEventPayloads = { [K in ClientFlowEvent]: FlowEventPayloadMap[K] };

export type FlowEventName = ClientFlowEvent;

/** Every §4 flow event name, in the spec's order: the domain's list, shared with the API. */
export const flowEventNames: readonly FlowEventName[] = clientFlowEvents;

export type FlowEventRecord = {
  [K in FlowEventName]: { event: K; brand: string | null } & FlowEventPayloads[K];
}[FlowEventName];

export interface DataLayerSink {
  push(record: FlowEventRecord): unknown;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let currentBrand: string | null = null;

export function setFlowEventBrand(brand: string | null): void {
  currentBrand = brand;
}

function defaultSink(): DataLayerSink | null {
  if (typeof window === 'undefined') return null;
  window.dataLayer ??= [];
  return window.dataLayer as DataLayerSink;
}

export function trackFlowEvent<K extends FlowEventName>(
  name: K,
  payload: FlowEventPayloads[K],
  sink: DataLayerSink | null = defaultSink(),
): FlowEventRecord {
  const record = { event: name, brand: currentBrand, ...payload } as FlowEventRecord;
  sink?.push(record);
  return record;
}
