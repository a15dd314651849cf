import type { Config } from '#src/config.ts';
import { createSmtpEmailSender } from './email-sender.ts';
import type { MessageChannels } from './message.service.ts';
import { createHttpSmsProvider } from './sms-http-provider.ts';
import { LocalSmsGateway } from './sms-provider.ts';
import { createSmtpSink, type SmtpSink } from './smtp-sink.ts';

// The e-mail and SMS providers the app runs with, built from the config (dependencies.ts). Outside
// production: a local SMTP sink in the process (unless SMTP_HOST points elsewhere) and the local SMS
// gateway; both are what the development inbox shows. Production: the configured SMTP server and the HTTP
// SMS provider at SMS_API_URL; without SMS_API_URL an SMS is refused with 503 before it is promised (ADR 0030).

export interface DevInboxSources {
  smtpSink: SmtpSink | undefined;
  smsGateway: LocalSmsGateway | undefined;
}

export interface Messaging {
  channels: MessageChannels;
  /** What crossed the local SMTP sink and SMS gateway (outside production only). */
  inbox: DevInboxSources;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createMessaging(config: Config): Messaging {
  const { smtp, smtpSinkPort, smsSinkDelayMs } = config.messages;
  // Never in production, whatever the flag says: the sinks would swallow real customers' messages.
  const localSinks = config.messages.localSinks && config.env !== 'production';
  const smtpSink = !smtp && localSinks ? createSmtpSink({ port: smtpSinkPort }) : undefined;
  const { smsApi } = config.messages;
  const smsGateway = !smsApi && localSinks ? new LocalSmsGateway({ delayMs: smsSinkDelayMs }) : undefined;
  const sms = smsApi ? createHttpSmsProvider(smsApi) : smsGateway;
  const email =
    smtp || smtpSink
      ? createSmtpEmailSender(() => smtp ?? { host: '127.0.0.1', port: smtpSink!.port, secure: false })
      : undefined;
  let started = false;
  return {
    channels: { email, sms },
    inbox: { smtpSink, smsGateway },
    async start() {
      if (started) return;
      await smtpSink?.start();
      started = true;
    },
    async stop() {
      email?.close();
      if (started) await smtpSink?.stop();
      started = false;
    },
  };
}
