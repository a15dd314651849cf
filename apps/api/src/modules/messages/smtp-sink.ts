import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// The local SMTP sink (outside production only): a real SMTP server on localhost that keeps what it
// receives, parsed, for the development inbox and the tests. Like a recipient's mailbox it shows one
// message per Message-ID; `deliveries` counts what really crossed the wire, duplicates included.

export interface ReceivedEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: Date;
  /** How often this Message-ID arrived over SMTP. */
  deliveries: number;
}

export interface SmtpSink {
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Newest first; only those to `to` when given. */
  messages(to?: string): ReceivedEmail[];
}

export function createSmtpSink(options: { port: number; host?: string; capacity?: number }): SmtpSink {
  const host = options.host ?? '127.0.0.1';
  const capacity = options.capacity ?? 500;
  const received: ReceivedEmail[] = [];
  let port = options.port;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'nordloan local SMTP sink',
    size: 5 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const messageId = mail.messageId ?? `<no-id-${received.length}@sink>`;
          const existing = received.find((entry) => entry.messageId === messageId);
          if (existing) {
            existing.deliveries += 1;
          } else {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
              address.value.map((value) => (value.address ?? '').toLowerCase()),
            );
            received.push({
              messageId,
              from: mail.from?.text ?? '',
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              receivedAt: new Date(),
              deliveries: 1,
            });
            if (received.length > capacity) received.splice(0, received.length - capacity);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  return {
    get port() {
      return port;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, host, () => {
          port = (server.server.address() as AddressInfo).port;
          server.off('error', reject);
          resolve();
        });
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    messages(to) {
      const wanted = to?.toLowerCase();
      return received.filter((entry) => wanted === undefined || entry.to.includes(wanted)).reverse();
    },
  };
}
