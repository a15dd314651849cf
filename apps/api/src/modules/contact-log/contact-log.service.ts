import { salesCallTag } from '@nordloan/domain/calls';
import type {
  ContactChannel,
  ContactLog,
  ContactLogEntry,
  ContactOutcome,
} from '@nordloan/domain/contact-log';
import type { Db } from '#src/db/client.ts';
import { applicantRoleOf, loadApplicationForCaller } from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import { maskedAddress } from '#src/modules/messages/message.repository.ts';
import { listCallContacts, listMessageContacts, listNotificationContacts } from './contact-log.repository.ts';

// Issue 13 item 7 (docs/decisions/0037): every contact about an application, for its applicants and for
// staff who may read it — when, channel, what kind, how it went, a masked address; never a body.

/** Contacts addressed to the co-applicant rather than the main applicant. */
const coApplicantKinds = new Set(['co-applicant-invite']);

function messageOutcome(status: string): ContactOutcome {
  if (status === 'sent' || status === 'failed') return status;
  return 'queued';
}

function asChannel(channel: string): ContactChannel {
  return channel === 'sms' ? 'sms' : 'email';
}

/** Masks again even where the outbox already did: a message still waiting keeps its full address. */
function masked(recipient: string): string {
  return recipient.includes('*') ? recipient : maskedAddress(recipient);
}

/** Every contact about the application, newest first. The caller's access is checked by the caller of this. */
export async function contactLogOf(db: Db, applicationId: string): Promise<ContactLogEntry[]> {
  const [messages, notifications, calls] = await Promise.all([
    listMessageContacts(db, applicationId),
    listNotificationContacts(db, applicationId),
    listCallContacts(db, applicationId),
  ]);
  const items: ContactLogEntry[] = [
    ...messages.map((row) => ({
      At: (row.sentAt ?? row.createdAt).toISOString(),
      Channel: asChannel(row.channel),
      Kind: row.kind,
      Outcome: messageOutcome(row.status),
      MaskedAddress: masked(row.recipient),
    })),
    ...notifications.map((row) => ({
      At: row.createdAt.toISOString(),
      Channel: asChannel(row.channel),
      Kind: row.kind,
      Outcome: messageOutcome(row.status),
      MaskedAddress: masked(row.recipient),
    })),
    ...calls.map((row) => ({
      At: (row.initiatedAt ?? row.createdAt).toISOString(),
      Channel: 'phone' as const,
      Kind: row.tags?.includes(salesCallTag) ? 'sales-call' : 'call',
      Outcome: callOutcome(row),
      MaskedAddress: maskedAddress(row.phone),
    })),
  ];
  return items.sort((a, b) => b.At.localeCompare(a.At));
}

function callOutcome(row: { answered: boolean; endedAt: Date | null }): ContactOutcome {
  if (row.answered) return 'answered';
  return row.endedAt ? 'not-answered' : 'in-progress';
}

export async function getContactLog(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
}): Promise<ContactLog> {
  const { db, caller, applicationId } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'read' });
  const items = await contactLogOf(db, application.id);
  // The co-applicant sees only what was sent to them (the invite), not the main applicant's e-mails,
  // SMS and calls: those addresses and contacts are the main applicant's personal data (ADR 0038).
  const shown =
    applicantRoleOf(caller, application) === 'CoApplicant'
      ? items.filter((item) => coApplicantKinds.has(item.Kind))
      : items;
  return { LoanApplicationID: application.id, Items: shown };
}
