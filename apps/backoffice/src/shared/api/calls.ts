import {
  type CallOrder,
  type CallRecord,
  callOrderSchema,
  callRecordSchema,
} from '@nordloan/domain/backoffice';
import { callOrderPageSchema, callRecordPageSchema } from '@nordloan/domain/calls';
import type { OutboundNumberType } from '@nordloan/domain/enums';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// Calls are made from two places (the call list and an application's 360° view), so the two requests
// live here; each feature has its own hooks. The shapes are the domain's (§3 call order / call record).

export { callOrderPageSchema, callRecordPageSchema, callRecordSchema };

export async function createCallOrder(input: {
  LoanApplicationID: string;
  OutboundNumberType: OutboundNumberType;
  Tags?: string[];
}): Promise<CallOrder> {
  return parseWith(callOrderSchema)(await request('POST', '/backoffice/call-orders', { body: input }));
}

/** Starts the call through the telephony adapter; the record is then updated by the adapter's events. */
export async function startCall(callOrderID: string): Promise<CallRecord> {
  return parseWith(callRecordSchema)(
    await request('POST', `/backoffice/call-orders/${segment(callOrderID)}/calls`),
  );
}

export type CallState = 'answeredEnded' | 'answered' | 'voicemail' | 'notAnswered' | 'ringing' | 'ordered';

/** Where a call is, as the telephony events left it (the staff app words it per language). */
export function callState(record: CallRecord): CallState {
  if (record.Answered) return record.EndedAt ? 'answeredEnded' : 'answered';
  if (record.WentToVoicemail) return 'voicemail';
  if (record.EndedAt) return 'notAnswered';
  return record.InitiatedAt ? 'ringing' : 'ordered';
}
