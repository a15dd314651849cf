import type { AddressInfo } from 'node:net';
import { brandIds, getBrand } from '@nordloan/domain/brands/registry';
import { locales } from '@nordloan/domain/enums';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import { loanApplication } from '#src/db/schema/applications.ts';
import { loanQuote } from '#src/db/schema/lending.ts';
import { type MessageRow, message } from '#src/db/schema/messages.ts';
import { findJobs } from '#src/jobs/job.repository.ts';
import { insertOutboxEvents } from '#src/jobs/outbox.repository.ts';
import { relayOutbox } from '#src/jobs/outbox-relay.ts';
import { createJobWorker } from '#src/jobs/worker.ts';
import { insertConsentRecords } from '#src/modules/consent/consent.repository.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { createCompleteApplication, settle, submit, testWorker } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createSmtpEmailSender, messageIdFor } from './email-sender.ts';
import { maskedAddress } from './message.repository.ts';
import {
  channelAvailable,
  EXPIRY_REMINDER_JOB,
  MESSAGE_MAX_ATTEMPTS,
  type MessageChannels,
  messageEventPublisher,
  messageJobHandlers,
  notifyApplicant,
  SEND_MESSAGE_JOB,
} from './message.service.ts';
import { type MessageKind, messageKinds, messageTemplates, renderMessage } from './message-templates.ts';
import { createMessaging } from './messaging.ts';

// Issue 11 (ADR 0030): messages go through the outbox to a real SMTP server (the local sink) and the SMS
// gateway; they are retried, end as failed, are never sent twice after a crash, exist in every brand
// language and respect the applicant's consents.

let t: TestApp;
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-15T10:00:00Z'));
});
afterAll(() => t.close());

/** An applicant with an e-mail address and a phone (ending in `phoneEnd`) and a Norwegian application. */
async function applicant(options: { phoneEnd?: string; brand?: string } = {}) {
  const owner = await newApplicant(t);
  serial += 1;
  const email = `messages${serial}@example.no`;
  const phone = `+47 41${String(100_000 + serial).slice(-5)}${options.phoneEnd ?? '1'}`;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/customer/${owner.CustomerID}`,
    headers: bearer(owner.token),
    payload: { Email: email, Phone: phone },
  });
  expect(patched.statusCode).toBe(200);
  const application = await applicationOf(t, owner, options.brand ? { brand: options.brand } : {});
  return { owner, application, email, phone: phone.replaceAll(' ', '') };
}

const messagesOf = (applicationId: string): Promise<MessageRow[]> =>
  t.database.db.select().from(message).where(eq(message.loanApplicationId, applicationId));

function sendLink(applicationId: string, token: string, channel: 'email' | 'sms' = 'email') {
  return t.app.inject({
    method: 'POST',
    url: `/loan-application/${applicationId}/magic-link`,
    headers: bearer(token),
    payload: { Channel: channel },
  });
}

describe('e-mail over SMTP', () => {
  it('crosses SMTP to the local sink as text and HTML, from the brand, with the idempotency key as Message-ID', async () => {
    const { owner, application, email } = await applicant();
    expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
    // Queued, not sent: the request only wrote the message and its job.
    const [queued] = await messagesOf(application.id);
    expect(queued).toMatchObject({ status: 'new', channel: 'email', kind: 'magic-link', locale: 'nb-NO' });
    expect(t.messaging.inbox.smtpSink!.messages(email)).toEqual([]);

    await t.deliverMessages();
    const [received] = t.messaging.inbox.smtpSink!.messages(email);
    expect(received).toBeDefined();
    expect(received!.from).toBe('"Lån Norge" <no-reply@lan-norge.example>');
    expect(received!.subject).toBe('Fortsett søknaden din hos Lån Norge');
    expect(received!.text).toMatch(/#magic=[A-Za-z0-9_-]{43}/);
    expect(received!.html).toMatch(
      /<a href="https:\/\/test\.lan-norge\.example\/[^"]+#magic=[A-Za-z0-9_-]{43}">/,
    );
    expect(received!.messageId).toBe(messageIdFor(queued!.idempotencyKey, 'lan-norge.example'));
    expect(received!.deliveries).toBe(1);

    const [sent] = await messagesOf(application.id);
    expect(sent).toMatchObject({
      status: 'sent',
      emailEvent: 'sent',
      attempts: 1,
      subject: null,
      textBody: null,
    });
  });

  it('shows what crossed SMTP on the development inbox page, and not in production', async () => {
    const { owner, application, email, phone } = await applicant();
    await sendLink(application.id, owner.token);
    await t.deliverMessages();
    const page = await t.app.inject({ url: `/dev/inbox?to=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Fortsett søknaden din hos Lån Norge');
    const json = await t.app.inject({ url: `/dev/inbox/messages?to=${encodeURIComponent(email)}` });
    expect(json.json()).toEqual([expect.objectContaining({ Channel: 'email', To: email })]);
    await sendLink(application.id, owner.token, 'sms');
    await t.deliverMessages();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3)}`;
    const texts = await t.app.inject({ url: `/dev/inbox/messages?to=${encodeURIComponent(spaced)}` });
    expect(texts.json()).toEqual([expect.objectContaining({ Channel: 'sms', To: phone })]);
    // Once sent, the rows keep only a masked address.
    const rows = await messagesOf(application.id);
    expect(rows.map((row) => row.recipient).sort()).toEqual(
      [maskedAddress(email), maskedAddress(phone)].sort(),
    );
    expect(maskedAddress(email)).toBe(`m***@example.no`);
    expect(maskedAddress(phone)).toMatch(/^\+47\*{6}\d\d$/);

    const production = await createTestApp({ config: { env: 'production' } });
    try {
      for (const url of ['/dev/inbox', '/dev/inbox/messages', '/dev/mailbox']) {
        expect((await production.app.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });

  it('records a refusal by the SMTP server (5xx) as bounced at once, and retries a temporary one (4xx)', async () => {
    // An SMTP server that refuses one mailbox for good and the other for now.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const error = Object.assign(
          new Error(address.address.startsWith('gone') ? 'No such user' : 'Try later'),
          {
            responseCode: address.address.startsWith('gone') ? 550 : 451,
          },
        );
        callback(error);
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const port = (refusing.server.address() as AddressInfo).port;
    const email = createSmtpEmailSender(() => ({ host: '127.0.0.1', port, secure: false }));
    try {
      const gone = await applicant();
      const busy = await applicant();
      for (const [who, address] of [
        [gone, `gone${serial}@example.no`],
        [busy, `busy${serial}@example.no`],
      ] as const) {
        await t.app.inject({
          method: 'PATCH',
          url: `/customer/${who.owner.CustomerID}`,
          headers: bearer(who.owner.token),
          payload: { Email: address },
        });
        await sendLink(who.application.id, who.owner.token);
      }
      const worker = createJobWorker({
        db: t.database.db,
        now: t.clock.now,
        handlers: messageJobHandlers({ channels: { ...t.messaging.channels, email }, config: t.config }),
      });
      await worker.runOnce();
      expect((await messagesOf(gone.application.id))[0]).toMatchObject({
        status: 'failed',
        emailEvent: 'bounced',
        attempts: 1,
      });
      const [retrying] = await messagesOf(busy.application.id);
      expect(retrying).toMatchObject({ status: 'new', emailEvent: null, attempts: 1 });
      expect(retrying!.lastError).toContain('451');
      // The server takes mail again: the retry goes through (and leaves no due job for the next tests).
      t.clock.advance(60_000);
      await t.deliverMessages();
      expect((await messagesOf(busy.application.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      email.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('SMS', () => {
  it('is retried with backoff while the provider fails, then marked failed', async () => {
    const { owner, application, phone } = await applicant({ phoneEnd: '9' });
    expect((await sendLink(application.id, owner.token, 'sms')).statusCode).toBe(201);
    const worker = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      handlers: messageJobHandlers({ channels: t.messaging.channels, config: t.config }),
    });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MESSAGE_MAX_ATTEMPTS; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      const [row] = await messagesOf(application.id);
      expect(row!.attempts).toBe(attempt);
      if (attempt < MESSAGE_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'new', lastError: 'SMS: provider unavailable (503)' });
        // Not due again at once: the backoff holds the next attempt back.
        expect(await worker.runOnce()).toBe(0);
        const job = (await findJobs(t.database.db, SEND_MESSAGE_JOB)).find(
          (candidate) => candidate.payload.messageId === row!.id,
        )!;
        const delay = job.runAt.getTime() - t.clock.now().getTime();
        delays.push(delay);
        t.clock.advance(delay);
      }
    }
    // 1 s, 2 s, 4 s, …: each wait longer than the one before.
    expect(delays.every((delay, index) => index === 0 || delay > delays[index - 1]!)).toBe(true);
    const [failed] = await messagesOf(application.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MESSAGE_MAX_ATTEMPTS, textBody: null });
    expect(t.messaging.inbox.smsGateway!.messages(phone)).toEqual([]);
  });

  it('ends at once as failed when the provider refuses the number for good', async () => {
    const { owner, application } = await applicant({ phoneEnd: '8' });
    await sendLink(application.id, owner.token, 'sms');
    await t.deliverMessages();
    const [row] = await messagesOf(application.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'SMS: number not reachable' });
  });

  it('carries the link and no amounts, in the brand language', async () => {
    const { owner, application, phone } = await applicant();
    await sendLink(application.id, owner.token, 'sms');
    await t.deliverMessages();
    const [sms] = t.messaging.inbox.smsGateway!.messages(phone);
    expect(sms!.from).toBe('LanNorge');
    expect(sms!.text).toMatch(
      /^Lån Norge: fortsett søknaden din her: https:\/\/\S+#magic=\S+ \(gjelder i 72 timer\)$/,
    );
  });
});

describe('crash in the middle of a send', () => {
  it('sends the e-mail once: the next worker resends with the same Message-ID, the mailbox keeps one', async () => {
    const { owner, application, email } = await applicant();
    await sendLink(application.id, owner.token);
    // Worker A hands the mail to SMTP and then "dies" before it can record the result: it never returns.
    let release!: () => void;
    const frozen = new Promise<void>((resolve) => {
      release = resolve;
    });
    const realEmail = t.messaging.channels.email!;
    const crashing: MessageChannels = {
      ...t.messaging.channels,
      email: {
        async send(mail) {
          const result = await realEmail.send(mail);
          await frozen;
          return result;
        },
        close() {},
      },
    };
    const handlersFor = (channels: MessageChannels) => messageJobHandlers({ channels, config: t.config });
    const workerA = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      workerId: 'worker-a',
      leaseMs: 60_000,
      handlers: handlersFor(crashing),
    });
    const dying = workerA.runOnce();
    await expect.poll(() => t.messaging.inbox.smtpSink!.messages(email).length, { timeout: 5_000 }).toBe(1);
    expect((await messagesOf(application.id))[0]!.status).toBe('in_flight');

    // Restart: worker B takes the job over once A's lease ran out.
    t.clock.advance(61_000);
    const workerB = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      workerId: 'worker-b',
      handlers: handlersFor(t.messaging.channels),
    });
    expect(await workerB.runOnce()).toBe(1);
    const inbox = t.messaging.inbox.smtpSink!.messages(email);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.deliveries).toBe(2); // the same message twice on the wire, once in the mailbox
    expect((await messagesOf(application.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    // A wakes up: its lease is gone, its result is rolled back, and nothing changes.
    release();
    await dying;
    expect((await messagesOf(application.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await workerB.runOnce()).toBe(0);
    expect(t.messaging.inbox.smtpSink!.messages(email)).toHaveLength(1);
  });

  it('sends the SMS once: the gateway drops the resubmission with the same client reference', async () => {
    const { owner, application, phone } = await applicant();
    await sendLink(application.id, owner.token, 'sms');
    const realSms = t.messaging.channels.sms!;
    const crashing: MessageChannels = {
      ...t.messaging.channels,
      sms: {
        async send(sms) {
          await realSms.send(sms);
          throw new Error('process killed');
        },
      },
    };
    const worker = createJobWorker({
      db: t.database.db,
      now: t.clock.now,
      handlers: messageJobHandlers({ channels: crashing, config: t.config }),
    });
    await worker.runOnce();
    t.clock.advance(10 * 60_000);
    await t.deliverMessages();
    expect(t.messaging.inbox.smsGateway!.messages(phone)).toHaveLength(1);
    expect((await messagesOf(application.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('queues a message once per idempotency key, and a finished message is not sent again', async () => {
    const { application, email } = await applicant();
    const [row] = await t.database.db
      .select()
      .from(loanApplication)
      .where(eq(loanApplication.id, application.id));
    const notify = () =>
      t.database.db.transaction((tx) =>
        notifyApplicant(tx, {
          config: t.config,
          application: row!,
          kind: 'offer-accepted',
          eventKey: `offer-accepted:${application.id}`,
          now: t.clock.now(),
        }),
      );
    expect(await notify()).toBeDefined();
    expect(await notify()).toBeUndefined();
    await t.deliverMessages();
    await t.deliverMessages();
    expect(await messagesOf(application.id)).toHaveLength(1);
    expect(t.messaging.inbox.smtpSink!.messages(email)).toHaveLength(1);
  });
});

describe('status notifications from the outbox', () => {
  it('tells the applicant once that offers arrived, however often the event is relayed', async () => {
    const { application, email } = await applicant();
    const event = {
      eventName: 'loan-application-status-changed' as const,
      aggregateType: 'loan-application' as const,
      aggregateId: application.id,
      loanApplicationId: application.id,
      payload: { LoanApplicationID: application.id, From: 310, To: 410 },
      createdAt: t.clock.now(),
    };
    await insertOutboxEvents(t.database.db, [event, event]);
    const publish = messageEventPublisher(t.config);
    await relayOutbox({ db: t.database.db, now: t.clock.now, publish });
    await t.deliverMessages();
    const [mail] = t.messaging.inbox.smtpSink!.messages(email);
    expect(mail!.subject).toBe('Du har fått lånetilbud hos Lån Norge');
    expect(mail!.text).toContain('https://test.lan-norge.example/mine-tilbud');
    expect(t.messaging.inbox.smtpSink!.messages(email)).toHaveLength(1);
    expect((await messagesOf(application.id)).map((row) => row.kind)).toEqual(['offers-arrived']);
  });

  it('notifies the applicants of a batch of events each on their own channel (one relay transaction, ADR 0085)', async () => {
    const first = await applicant();
    const second = await applicant();
    await insertConsentRecords(t.database.db, [
      {
        customerId: second.owner.CustomerID,
        country: 'NO',
        brand: 'no-main',
        consentBrand: getBrand('no-main').thirdParty.consentBrand,
        purpose: 'transactional',
        channel: 'email',
        status: 'revoked',
        textVersion: 'test',
        source: 'test',
        changedBy: 'test',
        createdAt: t.clock.now(),
      },
    ]);
    const statusEvent = (applicationId: string, to: number) => ({
      eventName: 'loan-application-status-changed' as const,
      aggregateType: 'loan-application' as const,
      aggregateId: applicationId,
      loanApplicationId: applicationId,
      payload: { LoanApplicationID: applicationId, From: 310, To: to },
      createdAt: t.clock.now(),
    });
    await insertOutboxEvents(t.database.db, [
      statusEvent(first.application.id, 410),
      statusEvent(second.application.id, 410),
      statusEvent(first.application.id, 410),
      statusEvent(first.application.id, 500),
    ]);
    expect(
      await relayOutbox({ db: t.database.db, now: t.clock.now, publish: messageEventPublisher(t.config) }),
    ).toBe(4);
    const byKind = (rows: MessageRow[]) =>
      rows.map((row) => [row.kind, row.channel, row.recipient]).sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(byKind(await messagesOf(first.application.id))).toEqual([
      ['offer-accepted', 'email', first.email],
      ['offers-arrived', 'email', first.email],
    ]);
    expect(byKind(await messagesOf(second.application.id))).toEqual([
      ['offers-arrived', 'sms', second.phone],
    ]);
  });
});

describe('contact preferences', () => {
  async function consent(customerId: string, purpose: string, channel: string, status: string) {
    await insertConsentRecords(t.database.db, [
      {
        customerId,
        country: 'NO',
        brand: 'no-main',
        consentBrand: getBrand('no-main').thirdParty.consentBrand,
        purpose,
        channel,
        status,
        textVersion: 'test',
        source: 'test',
        changedBy: 'test',
        createdAt: t.clock.now(),
      },
    ]);
  }
  let notices = 0;
  async function notify(applicationId: string, kind: MessageKind) {
    notices += 1;
    const [row] = await t.database.db
      .select()
      .from(loanApplication)
      .where(eq(loanApplication.id, applicationId));
    return t.database.db.transaction((tx) =>
      notifyApplicant(tx, {
        config: t.config,
        application: row!,
        kind,
        eventKey: `${kind}:${applicationId}:${notices}`,
        now: t.clock.now(),
      }),
    );
  }

  it('sends marketing (the offer-expiry reminder) only on a channel with the marketing consent given', async () => {
    const { owner, application, phone } = await applicant();
    expect(await notify(application.id, 'expiry-reminder')).toBeUndefined();
    await consent(owner.CustomerID, 'marketing', 'email', 'not_given');
    await consent(owner.CustomerID, 'marketing', 'sms', 'given');
    const queued = await notify(application.id, 'expiry-reminder');
    expect(queued).toMatchObject({ channel: 'sms', recipient: phone, purpose: 'marketing' });
    await consent(owner.CustomerID, 'marketing', 'sms', 'revoked');
    expect(await notify(application.id, 'expiry-reminder')).toBeUndefined();
  });

  it('sends a transactional notice by e-mail, by SMS when e-mail is refused, and not at all when both are', async () => {
    const { owner, application, email, phone } = await applicant();
    expect(await notify(application.id, 'documents-needed')).toMatchObject({
      channel: 'email',
      recipient: email,
    });
    await consent(owner.CustomerID, 'transactional', 'email', 'revoked');
    expect(await notify(application.id, 'documents-needed')).toMatchObject({
      channel: 'sms',
      recipient: phone,
    });
    await consent(owner.CustomerID, 'transactional', 'sms', 'revoked');
    expect(await notify(application.id, 'documents-needed')).toBeUndefined();
  });
});

describe('the lending flow', () => {
  it('e-mails "offers arrived" and "documents needed" as the lenders answer, the reminder two days before the offers run out, and "offer accepted"', async () => {
    const created = await createCompleteApplication(t);
    serial += 1;
    const email = `flow${serial}@example.no`;
    await t.app.inject({
      method: 'PATCH',
      url: `/customer/${created.customerId}`,
      headers: bearer(created.token),
      payload: { Email: email },
    });
    expect((await submit(t, created)).statusCode).toBe(200);
    await settle(t, testWorker(t, { publish: messageEventPublisher(t.config) }));
    await t.deliverMessages();
    const subjects = () =>
      t.messaging.inbox
        .smtpSink!.messages(email)
        .map((mail) => mail.subject)
        .sort();
    // The offers, and — once, however many lenders ask — that documents are needed (the simulated panel
    // asks for some with LENDER_SEED 42).
    expect(subjects()).toEqual([
      'Du har fått lånetilbud hos Lån Norge',
      'Vi trenger dokumentasjon fra deg – Lån Norge',
    ]);

    const [reminder] = (await findJobs(t.database.db, EXPIRY_REMINDER_JOB)).filter(
      (job) => job.payload.loanApplicationId === created.id,
    );
    expect(reminder).toBeDefined();
    // The reminder is marketing: it goes because the applicant said yes to marketing by e-mail.
    await insertConsentRecords(t.database.db, [
      {
        customerId: created.customerId,
        country: 'NO',
        brand: 'no-main',
        consentBrand: getBrand('no-main').thirdParty.consentBrand,
        purpose: 'marketing',
        channel: 'email',
        status: 'given',
        textVersion: 'test',
        source: 'test',
        changedBy: 'test',
        createdAt: t.clock.now(),
      },
    ]);
    t.clock.set(new Date(reminder!.runAt.getTime() - 1));
    await t.deliverMessages();
    expect(subjects()).toHaveLength(2); // not before its time
    t.clock.set(reminder!.runAt);
    await t.deliverMessages();
    expect(subjects()).toContain('Lånetilbudene dine utløper snart – Lån Norge');
    expect(
      (await messagesOf(created.id)).map((row) => `${row.kind} ${row.purpose} ${row.status}`).sort(),
    ).toEqual([
      'documents-needed transactional sent',
      'expiry-reminder marketing sent',
      'offers-arrived transactional sent',
    ]);

    // The applicant accepts an offer that asks nothing before acceptance: the lender confirms (500).
    const offer = (
      await t.database.db.select().from(loanQuote).where(eq(loanQuote.loanApplicationId, created.id))
    ).find(
      (quote) =>
        quote.status === 'approved' &&
        !quote.documentRequests.some((request) => request.timing === 'before_acceptance'),
    );
    expect(offer).toBeDefined();
    // Days later: the applicant logs in again.
    const again = await t.login({ nationalId: created.nationalId, country: 'NO', role: 'Customer' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/loan-quote/${offer!.id}/accept`,
      headers: bearer(again.token),
      payload: { Consent: true },
    });
    expect([200, 201], accepted.body).toContain(accepted.statusCode);
    await settle(t, testWorker(t, { publish: messageEventPublisher(t.config) }));
    await t.deliverMessages();
    expect(subjects()).toContain('Vi har mottatt aksepten din – Lån Norge');
  });
});

describe('templates', () => {
  it('exist for every kind in every brand language, with text, HTML and SMS and only {brand}, {link} and {myPage} to fill', () => {
    for (const locale of locales) {
      for (const kind of messageKinds) {
        const template = messageTemplates[locale][kind];
        const all = [template.subject, template.sms, ...template.paragraphs].join('\n');
        expect(
          [...all.matchAll(/\{(\w+)\}/g)]
            .map((match) => match[1])
            .filter((name) => name !== 'brand' && name !== 'link' && name !== 'myPage'),
          `${locale} ${kind}`,
        ).toEqual([]);
        expect(template.sms, `${locale} ${kind}`).toContain('{link}');
      }
    }
  });

  it('render for every brand in its own language, the SMS without amounts or numbers besides the link', () => {
    for (const brandId of brandIds) {
      const brand = getBrand(brandId);
      for (const kind of messageKinds) {
        const rendered = renderMessage({
          kind,
          locale: brand.i18n.defaultLocale,
          brandName: brand.name,
          link: `https://${brand.domain}/x`,
        });
        expect(rendered.subject).toContain(brand.name);
        expect(rendered.text).toContain(`https://${brand.domain}/x`);
        expect(rendered.html).toContain(`<html lang="${brand.i18n.defaultLocale.slice(0, 2)}">`);
        const smsWithoutLink = rendered.sms.replace(`https://${brand.domain}/x`, '');
        // "72" (hours) is the only number an SMS may hold: no amounts, no identity numbers.
        expect(smsWithoutLink.replace('72', '').replace(brand.name, ''), `${brandId} ${kind}`).not.toMatch(
          /\d/,
        );
        expect(rendered.text).not.toMatch(/[{}]/);
      }
    }
  });

  it('escape what they are given in the HTML part', () => {
    const rendered = renderMessage({
      kind: 'offers-arrived',
      locale: 'sv-SE',
      brandName: 'A<b>',
      link: 'https://x.example/"><script>',
    });
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).not.toContain('A<b>');
  });
});

describe('configuration', () => {
  it('reads the SMTP server from the environment; without one, outside production, the local sink takes the mail', () => {
    const configured = loadConfig({
      NODE_ENV: 'production',
      PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
      SMTP_HOST: 'smtp.nordloan.example',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'secret',
    });
    expect(configured.messages).toMatchObject({
      smtp: { host: 'smtp.nordloan.example', port: 465, secure: true, user: 'mailer', password: 'secret' },
      localSinks: false,
    });
    expect(channelAvailable(configured, 'email')).toBe(true);
    expect(channelAvailable(configured, 'sms')).toBe(false);
    const development = loadConfig({ NODE_ENV: 'development', SMTP_HOST: '' });
    expect(development.messages).toMatchObject({ smtp: undefined, localSinks: true, smtpSinkPort: 0 });
    expect(channelAvailable(development, 'sms')).toBe(true);
    expect(() => loadConfig({ SMTP_PORT: 'seventy' })).toThrow(/SMTP_PORT/);
  });

  it('has no local sinks and no SMS provider in production', () => {
    const messaging = createMessaging({
      ...t.config,
      env: 'production',
      messages: { ...t.config.messages, smtp: undefined },
    });
    expect(messaging.channels).toEqual({ email: undefined, sms: undefined });
    expect(messaging.inbox).toEqual({ smtpSink: undefined, smsGateway: undefined });
  });
});
