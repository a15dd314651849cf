import { setTimeout as sleep } from 'node:timers/promises';
import { DeliveryError } from './delivery-error.ts';

// The SMS provider behind an interface (ADR 0030). Real providers take a client reference and drop a
// second submission with the same one; we pass the message's idempotency key as that reference.

export interface OutgoingSms {
  to: string;
  /** Alphanumeric sender id (at most 11 characters, as operators allow). */
  senderName: string;
  text: string;
  idempotencyKey: string;
}

export interface SmsProvider {
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

export interface ReceivedSms {
  id: string;
  to: string;
  from: string;
  text: string;
  clientReference: string;
  receivedAt: Date;
}

/**
 * The local stand-in for an SMS provider (the SMS sink outside production). It behaves like one: it answers
 * after a delay, drops a resubmission with a client reference it has seen (answering the first id), and
 * fails by the number's last digit — 9: the provider is unavailable (a temporary error, to be retried),
 * 8: the number cannot be reached (permanent). What it accepts is kept for the development inbox.
 */
export class LocalSmsGateway implements SmsProvider {
  private readonly received: ReceivedSms[] = [];
  private serial = 0;
  constructor(private readonly options: { delayMs?: number; capacity?: number } = {}) {}

  async send(sms: OutgoingSms) {
    await sleep(this.options.delayMs ?? 20);
    const digits = sms.to.replace(/\D/g, '');
    if (digits.length < 8 || digits.length > 15) throw new DeliveryError('SMS: invalid number', true);
    const last = digits.at(-1);
    if (last === '9') throw new DeliveryError('SMS: provider unavailable (503)', false);
    if (last === '8') throw new DeliveryError('SMS: number not reachable', true);
    const seen = this.received.find((entry) => entry.clientReference === sms.idempotencyKey);
    if (seen) return { providerMessageId: seen.id };
    this.serial += 1;
    const entry: ReceivedSms = {
      id: `local-sms-${this.serial}`,
      to: sms.to,
      from: sms.senderName,
      text: sms.text,
      clientReference: sms.idempotencyKey,
      receivedAt: new Date(),
    };
    this.received.push(entry);
    const capacity = this.options.capacity ?? 500;
    if (this.received.length > capacity) this.received.splice(0, this.received.length - capacity);
    return { providerMessageId: entry.id };
  }

  /** Newest first; only those to `to` when given. */
  messages(to?: string): ReceivedSms[] {
    return this.received.filter((entry) => to === undefined || entry.to === to).reverse();
  }
}
