// §4 client-side flow events, typed, pushed to a `window.dataLayer`-style sink (what tag managers read).
// The spec names the events but not their payloads or order; payloads are ours, and never carry tokens
// or national identity numbers.

export interface FlowEventPayloads {
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
  'payment-provider': { provider: string; status: string };
  'insurance-declined': { reason?: string };
  'insurance-declined-during-payment': { reason?: string };
  'payment-failed': { provider?: string; reason?: string };
  'insurance-next': { step: string };
  'insurance-back': { step: string };
}

export type FlowEventName = keyof FlowEventPayloads;

/** Every §4 flow event name, in the spec's order. */
export const flowEventNames = [
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
  'payment-provider',
  'insurance-declined',
  'insurance-declined-during-payment',
  'payment-failed',
  'insurance-next',
  'insurance-back',
] as const satisfies readonly FlowEventName[];

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
