import { callOrderSchema, callRecordSchema } from '@nordloan/domain/backoffice';
import type { OutboundNumberType } from '@nordloan/domain/enums';
import { z } from 'zod';
import { parseWith, request, segment } from '#src/shared/api/http.ts';

// Calls are made from two places (the call list and an application's 360° view), so the two requests
// live here; each feature has its own hooks. The shapes are the domain's (§3 call order / call record),
// read loosely so that a field added by the server does not break the page.

export const callOrderAnswerSchema = callOrderSchema.loose();
export type CallOrderAnswer = z.infer<typeof callOrderAnswerSchema>;
export const callRecordAnswerSchema = callRecordSchema.loose();
export type CallRecordAnswer = z.infer<typeof callRecordAnswerSchema>;

export async function createCallOrder(input: {
  LoanApplicationID: string;
  OutboundNumberType: OutboundNumberType;
  Tags?: string[];
}): Promise<CallOrderAnswer> {
  return parseWith(callOrderAnswerSchema)(await request('POST', '/backoffice/call-orders', { body: input }));
}

/** Starts the call through the telephony adapter; the record is then updated by the adapter's events. */
export async function startCall(callOrderID: string): Promise<CallRecordAnswer> {
  return parseWith(callRecordAnswerSchema)(
    await request('POST', `/backoffice/call-orders/${segment(callOrderID)}/calls`),
  );
}

export function callOutcome(record: CallRecordAnswer): string {
  if (record.Answered) return record.EndedAt ? 'Answered, ended' : 'Answered';
  if (record.WentToVoicemail) return 'Voicemail';
  if (record.EndedAt) return 'Not answered';
  return record.InitiatedAt ? 'Ringing' : 'Ordered';
}

export const callRecordListSchema = z.object({ Items: z.array(callRecordAnswerSchema), Total: z.number() });
