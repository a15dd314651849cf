// The kinds of job the lending engine queues (each kind's handler: lending-jobs.ts). Payloads are ids only:
// a handler reads the current state and acts on that, which is what makes a retry safe.
export const jobKinds = {
  /** 160 → validation → external data → 200 → 210 and the fan-out. Payload { applicationId }. */
  processApplication: 'process-application',
  /** Register the application with one lender. Payload { requestId }. */
  lenderRegister: 'lender-register',
  /** Get one lender's decision. Payload { requestId, poll }. */
  lenderDecision: 'lender-decision',
  /** Tell the lender the customer accepted. Payload { quoteId }. */
  lenderAccept: 'lender-accept',
  /** Ask the lender for its disbursement decision. Payload { quoteId }. */
  lenderDisbursementDecision: 'lender-disbursement-decision',
  /** Order the payout. Payload { quoteId }. */
  lenderDisburse: 'lender-disburse',
  /** The scheduled expiry of applications and offers; re-enqueues itself. */
  expirySweep: 'expiry-sweep',
} as const;
export type JobKind = (typeof jobKinds)[keyof typeof jobKinds];

/** The id a job's payload holds under `key` ('' when it has none). */
export const payloadId = (payload: Record<string, unknown>, key: string): string =>
  String(payload[key] ?? '');
