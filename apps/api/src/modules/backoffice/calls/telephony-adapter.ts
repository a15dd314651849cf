// The telephony provider behind outbound calls (docs/decisions/0022-calls-and-screening.md). A real provider
// (a cloud PBX with a call API and status webhooks) plugs in behind this interface; the product ships a
// local stand-in (./local-telephony.ts) and nothing here calls the internet.

/** A call's progress as providers report it (the webhook "status" of most call APIs). */
export const telephonyEventKinds = [
  /** The provider accepted the call and is dialling. */
  'initiated',
  /** The customer's phone rings. */
  'ringing',
  /** A person picked up. */
  'answered',
  /** The customer's voicemail picked up. */
  'voicemail',
  /** Nobody picked up before the provider gave up. */
  'no-answer',
  /** The line was busy. */
  'busy',
  /** The call could not be connected (unknown number, network error). */
  'failed',
  /** The call ended (after answered or voicemail). */
  'completed',
] as const;
export type TelephonyEventKind = (typeof telephonyEventKinds)[number];

/** Kinds after which no further event comes for the call. */
export const finalTelephonyEvents: readonly TelephonyEventKind[] = [
  'no-answer',
  'busy',
  'failed',
  'completed',
];

export interface TelephonyEvent {
  /** Our reference given when the call was placed (the call record's id). */
  reference: string;
  /** The provider's call id. */
  externalRef: string;
  kind: TelephonyEventKind;
  /** When the provider saw it. */
  at: Date;
}

export interface PlaceCallRequest {
  /** Our reference, echoed in every event (providers call it custom data or client state). */
  reference: string;
  /** E.164 number the customer sees (§3 OutboundNumberType resolved, see ./outbound-numbers.ts). */
  from: string;
  /** E.164 number of the customer. */
  to: string;
}

export interface TelephonyAdapter {
  /**
   * Asks the provider to place the call; answers the provider's call id. Throws when the provider refuses
   * the call outright (then no event follows). Progress arrives later through the subscribed listener.
   */
  placeCall(request: PlaceCallRequest): Promise<{ externalRef: string }>;
  /** Where the provider's events go (one listener: the calls module). */
  onEvent(listener: (event: TelephonyEvent) => Promise<void>): void;
  /** Stops delivering events (app shutdown). */
  close(): Promise<void>;
}
