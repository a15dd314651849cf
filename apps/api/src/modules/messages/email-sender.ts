import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError } from './delivery-error.ts';

// E-mail goes out over SMTP (nodemailer). Outside production the SMTP server is the local sink
// (smtp-sink.ts); in production the one in the config (SMTP_HOST …). The idempotency key becomes the
// Message-ID, so a resend after a crash is the same message to every mail system on the way (ADR 0030).

export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string;
}

export interface EmailSender {
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
  close(): void;
}

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  password?: string | undefined;
}

/** The Message-ID for an idempotency key: stable, so every resend of one message carries the same one. */
export const messageIdFor = (idempotencyKey: string, domain: string) =>
  `<${Buffer.from(idempotencyKey).toString('base64url')}@${domain}>`;

/** `smtp()` is read per send: the local sink's port is known only once it listens. */
export function createSmtpEmailSender(smtp: () => SmtpSettings): EmailSender {
  let transport: Transporter | undefined;
  let transportKey = '';
  const transportFor = (settings: SmtpSettings) => {
    const key = `${settings.host}:${settings.port}:${settings.secure}:${settings.user ?? ''}`;
    if (!transport || key !== transportKey) {
      transport?.close();
      transport = nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
        // A local sink offers no certificate; a real server must (requireTLS when not implicit TLS).
        ...(settings.host === '127.0.0.1' || settings.host === 'localhost'
          ? { ignoreTLS: true }
          : { requireTLS: !settings.secure }),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      transportKey = key;
    }
    return transport;
  };
  return {
    async send(email) {
      const domain = email.from.address.split('@')[1] ?? 'localhost';
      try {
        const info = await transportFor(smtp()).sendMail({
          from: email.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          messageId: messageIdFor(email.idempotencyKey, domain),
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        // 5xx: the server refused this message for good (unknown mailbox, policy); 4xx and network: retry.
        const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
        const reason = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`SMTP: ${reason}`, permanent);
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
