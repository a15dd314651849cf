import type { Config } from '#src/config.ts';
import { serviceUnavailable } from '#src/lib/app-error.ts';

// The way out for e-mail and SMS (issue 3: "a local e-mail/SMS outbox interface"). Each message sent is
// also recorded in the `notification` table, without its text (a magic link's text holds the token).

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  /** E-mail only. */
  subject: string | null;
  body: string;
}

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export interface MailboxEntry extends OutgoingMessage {
  sentAt: Date;
}

/**
 * Outside production messages go to this in-process mailbox instead of a provider: tests read it, and the
 * development server shows it at GET /dev/mailbox. It keeps the newest 200 messages. Never logged: the
 * texts carry magic-link tokens.
 */
export class DevMailbox implements MessageSender {
  private readonly entries: MailboxEntry[] = [];
  constructor(private readonly capacity = 200) {}

  async send(message: OutgoingMessage) {
    this.entries.push({ ...message, sentAt: new Date() });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Newest first; only those to `to` when given. */
  messages(to?: string): MailboxEntry[] {
    return this.entries.filter((entry) => to === undefined || entry.to === to).reverse();
  }

  clear() {
    this.entries.length = 0;
  }
}

export const devMailbox = new DevMailbox();

/** No provider is wired in yet: production refuses to pretend it sent something. */
const noProvider: MessageSender = {
  async send() {
    throw serviceUnavailable('No e-mail or SMS provider is configured');
  },
};

export function messageSenderFor(config: Config): MessageSender {
  return config.env === 'production' ? noProvider : devMailbox;
}
