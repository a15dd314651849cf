import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { magicLink, notification } from '#src/db/schema/applicant.ts';
import { message as messageTable } from '#src/db/schema/messages.ts';
import { applicationOf, freshNationalId, newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { hashMagicToken, MAGIC_LINK_TTL_MS } from './magic-link.service.ts';

let t: TestApp;
let emailSerial = 0;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-06-15T10:00:00Z'));
});
afterAll(() => t.close());

/** An applicant with an e-mail address (and phone) on file and a secured-loan application. */
async function applicantWithApplication() {
  const owner = await newApplicant(t);
  emailSerial += 1;
  const email = `applicant${emailSerial}@example.no`;
  await t.app.inject({
    method: 'PATCH',
    url: `/customer/${owner.CustomerID}`,
    headers: bearer(owner.token),
    payload: { Email: email, Phone: `+47 4000 ${String(1000 + emailSerial)}` },
  });
  const application = await applicationOf(t, owner, { product: 'SecuredLoan' });
  return { owner, application, email };
}

function sendLink(applicationId: string, token: string | undefined, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/loan-application/${applicationId}/magic-link`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}
const lookup = (magicToken: string) => t.app.inject({ url: `/loan-application/magic/${magicToken}` });
const exchange = (magicToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/magic-token', payload: { magicToken } });

/**
 * What reached `to` (everyone when undefined), newest first: the queued messages are delivered first, then
 * read where they arrived — the local SMTP sink (over real SMTP) and the local SMS gateway.
 */
async function messagesTo(to?: string, on: TestApp = t) {
  await on.deliverMessages();
  const emails = on.messaging.inbox.smtpSink!.messages(to).map((mail) => ({
    channel: 'email' as const,
    subject: mail.subject as string | null,
    body: mail.text,
  }));
  const texts = on.messaging.inbox.smsGateway!.messages(to).map((sms) => ({
    channel: 'sms' as const,
    subject: null,
    body: sms.text,
  }));
  return [...emails, ...texts];
}

/** The token from the newest message to `to`, read from the link's fragment. */
async function tokenSentTo(to: string, on: TestApp = t): Promise<string> {
  const message = (await messagesTo(to, on))[0];
  const match = /#magic=([A-Za-z0-9_-]+)/.exec(message?.body ?? '');
  if (!match) throw new Error(`no magic link sent to ${to}`);
  return match[1]!;
}

describe('POST /loan-application/{id}/magic-link', () => {
  it('sends a link by e-mail; the token is long, random and stored only as its SHA-256', async () => {
    const { owner, application, email } = await applicantWithApplication();
    const response = await sendLink(application.id, owner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      LoanApplicationID: application.id,
      Channel: 'email',
      SentTo: `a***@example.no`,
      ExpiresAt: new Date(t.clock.now().getTime() + MAGIC_LINK_TTL_MS).toISOString(),
    });

    const message = (await messagesTo(email))[0]!;
    expect(message.subject).toBe('Fortsett søknaden din hos Lån Norge');
    // The test environment's form host, the secured-loan apply path, the token in the fragment.
    expect(message.body).toMatch(
      /https:\/\/test\.lan-norge\.example\/soknad\/lan-med-sikkerhet#magic=[A-Za-z0-9_-]{43}\n/,
    );
    const token = await tokenSentTo(email);
    expect(response.body).not.toContain(token);

    const [row] = await t.database.db.select().from(magicLink).where(eq(magicLink.id, response.json().ID));
    expect(row!.tokenHash).toBe(hashMagicToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [notice] = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.magicLinkId, row!.id));
    expect(notice).toMatchObject({
      kind: 'magic-link',
      channel: 'email',
      recipient: email,
      status: 'queued',
    });
    // The message went out and its text (the token) was erased from the database once sent.
    const [sent] = await t.database.db
      .select()
      .from(messageTable)
      .where(eq(messageTable.idempotencyKey, `magic-link:${row!.id}`));
    expect(sent).toMatchObject({ status: 'sent', emailEvent: 'sent', textBody: null, htmlBody: null });
    expect(JSON.stringify(sent)).not.toContain(token);
    expect(JSON.stringify(notice)).not.toContain(token);
  });

  it('sends by SMS to the phone on file', async () => {
    const { owner, application } = await applicantWithApplication();
    const response = await sendLink(application.id, owner.token, { Channel: 'sms' });
    expect(response.statusCode).toBe(201);
    const phone = `+474000${1000 + emailSerial}`;
    expect((await messagesTo(phone))[0]).toMatchObject({ channel: 'sms', subject: null });
  });

  it('refuses a channel without an address on file, or an unknown channel, with 400 and sends nothing', async () => {
    const owner = await newApplicant(t);
    const application = await applicationOf(t, owner);
    const before = (await messagesTo()).length;
    const noEmail = await sendLink(application.id, owner.token);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().Errors[0]).toMatchObject({
      Field: 'Channel',
      Message: 'No e-mail address on file for this application',
    });
    expect((await sendLink(application.id, owner.token, { Channel: 'pigeon' })).statusCode).toBe(400);
    expect((await messagesTo()).length).toBe(before);
    expect(
      await t.database.db.select().from(magicLink).where(eq(magicLink.loanApplicationId, application.id)),
    ).toEqual([]);
  });

  it('answers someone else 404, no token 401, read-only staff 403; staff of the country may send', async () => {
    const { application } = await applicantWithApplication();
    const other = await newApplicant(t);
    expect((await sendLink(application.id, other.token)).statusCode).toBe(404);
    expect((await sendLink(application.id, undefined)).statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await sendLink(application.id, readOnly)).statusCode).toBe(403);
    const sales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await sendLink(application.id, sales)).statusCode).toBe(201);
  });

  it('limits the messages per application: the sixth within an hour is 429 with Retry-After', async () => {
    const { owner, application } = await applicantWithApplication();
    for (let index = 0; index < 5; index++)
      expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
    const refused = await sendLink(application.id, owner.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Message).toBe('Too many requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
  });
});

describe('the magic-link limit (review fixes)', () => {
  it("does not count anonymous calls: they cannot use up an application's quota", async () => {
    const { owner, application } = await applicantWithApplication();
    for (let index = 0; index < 6; index++) {
      const anonymous = await sendLink(application.id, undefined, { Channel: 'fax' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().Message).toBe('Missing token');
    }
    expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
  });

  it("does not let a stranger's refused calls use up the owner's messages", async () => {
    const { owner, application } = await applicantWithApplication();
    const stranger = await newApplicant(t);
    for (let index = 0; index < 5; index++)
      expect((await sendLink(application.id, stranger.token)).statusCode).toBe(404);
    // The stranger is held to their own budget; the owner's is untouched.
    expect((await sendLink(application.id, stranger.token)).statusCode).toBe(429);
    expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
  });

  it('counts the application id whatever its letter case', async () => {
    const { owner, application } = await applicantWithApplication();
    for (let index = 0; index < 5; index++)
      expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
    expect((await sendLink(application.id.toUpperCase(), owner.token)).statusCode).toBe(429);
  });
});

describe('the link of an unfinished credit-card application', () => {
  async function cardLink(brand: string, country: 'NO' | 'SE') {
    const owner = await newApplicant(t);
    emailSerial += 1;
    const email = `card${emailSerial}@example.no`;
    await t.app.inject({
      method: 'PATCH',
      url: `/customer/${owner.CustomerID}`,
      headers: bearer(owner.token),
      payload: { Email: email },
    });
    const application = await applicationOf(t, owner, { product: 'CreditCard', brand, country });
    expect((await sendLink(application.id, owner.token)).statusCode).toBe(201);
    return (await messagesTo(email))[0]!.body;
  }

  it('opens the apply page that offers the card (one-form page), not the card results page', async () => {
    const body = await cardLink('no-main', 'NO');
    expect(body).toMatch(/https:\/\/test\.lan-norge\.example\/soknad\/lan#magic=/);
  });

  it('opens the unsecured-loan apply page (which offers the card) on a brand without a one-form page', async () => {
    const body = await cardLink('se-main', 'SE');
    expect(body).toMatch(/\/soknad\/forbrukslan#magic=/);
    expect(body).not.toContain('/mina-sidor');
  });
});

describe('message delivery', () => {
  it('shows development messages at GET /dev/mailbox', async () => {
    const { owner, application, email } = await applicantWithApplication();
    await sendLink(application.id, owner.token);
    await t.deliverMessages();
    const response = await t.app.inject({ url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ Channel: 'email', To: email });
  });

  it('answers 503 and records the failure when no provider can send (production without one)', async () => {
    const production = await createTestApp({ config: { env: 'production' } });
    try {
      const owner = await production.login({
        nationalId: freshNationalId(),
        country: 'NO',
        role: 'Customer',
      });
      await production.app.inject({
        method: 'PATCH',
        url: `/customer/${owner.CustomerID}`,
        headers: bearer(owner.token),
        payload: { Email: 'nowhere@example.no' },
      });
      const application = await applicationOf(production, owner);
      const response = await production.app.inject({
        method: 'POST',
        url: `/loan-application/${application.id}/magic-link`,
        headers: bearer(owner.token),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().Message).toBe('No e-mail or SMS provider is configured');
      expect(
        await production.database.db
          .select()
          .from(messageTable)
          .where(eq(messageTable.loanApplicationId, application.id)),
      ).toEqual([]);
      const notices = await production.database.db
        .select()
        .from(notification)
        .where(eq(notification.loanApplicationId, application.id));
      expect(notices.map((notice) => notice.status)).toEqual(['failed']);
      expect((await production.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('GET /loan-application/magic/{magicToken} and POST /auth/magic-token', () => {
  it('answers the application id without a token, as often as asked, until the exchange uses the link up', async () => {
    const { owner, application, email } = await applicantWithApplication();
    await sendLink(application.id, owner.token);
    const token = await tokenSentTo(email);
    for (let index = 0; index < 2; index++) {
      const response = await lookup(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ID: application.id });
    }

    const exchanged = await exchange(token);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ CustomerID: owner.CustomerID, PersonID: owner.PersonID });
    const claims = JSON.parse(Buffer.from(exchanged.json().JWT.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      CustomerID: owner.CustomerID,
      PersonID: owner.PersonID,
      Roles: [{ Name: 'Customer', Country: 'NO' }],
    });
    const me = await t.app.inject({ url: '/auth/me', headers: bearer(exchanged.json().JWT) });
    expect(me.json()).toEqual({ CustomerID: owner.CustomerID, PersonID: owner.PersonID });
    const documents = await t.app.inject({
      url: `/loan-application/${application.id}/documents`,
      headers: bearer(exchanged.json().JWT),
    });
    expect(documents.statusCode).toBe(200);

    // Used up: both calls now answer as for a wrong token.
    expect((await lookup(token)).statusCode).toBe(404);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().Message).toBe('Invalid or expired magic token');
  });

  it('expires after 72 hours', async () => {
    const { owner, application, email } = await applicantWithApplication();
    await sendLink(application.id, owner.token);
    const token = await tokenSentTo(email);
    t.clock.advance(MAGIC_LINK_TTL_MS - 1000);
    expect((await lookup(token)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await exchange(token)).statusCode).toBe(401);
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
  });

  it('answers wrong, malformed, used-up and expired tokens exactly alike', async () => {
    const { owner, application, email } = await applicantWithApplication();
    await sendLink(application.id, owner.token);
    const used = await tokenSentTo(email);
    await exchange(used);
    await sendLink(application.id, owner.token);
    const expired = await tokenSentTo(email);
    t.clock.advance(MAGIC_LINK_TTL_MS);
    const wrong = randomBytes(32).toString('base64url');
    const lookups = await Promise.all([wrong, 'short', used, expired].map(lookup));
    const exchanges = await Promise.all([wrong, 'short', used, expired].map(exchange));
    t.clock.set(new Date('2026-06-15T10:00:00Z'));
    for (const response of lookups) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(lookups[0]!.body);
    }
    for (const response of exchanges) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toBe(exchanges[0]!.body);
    }
  });

  it('lets only one of two racing exchanges win', async () => {
    const { owner, application, email } = await applicantWithApplication();
    await sendLink(application.id, owner.token);
    const token = await tokenSentTo(email);
    const results = await Promise.all([exchange(token), exchange(token)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an exchange without a magicToken with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/magic-token', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].Field).toBe('magicToken');
  });
});

describe('logs', () => {
  it('never carry the magic token (nor does the request URL)', async () => {
    // pino writes through sonic-boom straight to fd 1 with fs.write/fs.writeSync: catch it there.
    const logged: string[] = [];
    const capture = (data: unknown): number => {
      const text = typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString();
      logged.push(text);
      return Buffer.byteLength(text);
    };
    const writeSync = vi.spyOn(fs, 'writeSync').mockImplementation((_fd, data) => capture(data));
    const write = vi.spyOn(fs, 'write').mockImplementation(((
      _fd: number,
      data: unknown,
      ...rest: unknown[]
    ) => {
      const written = capture(data);
      const callback = rest.find((value) => typeof value === 'function') as
        | ((...args: unknown[]) => void)
        | undefined;
      callback?.(null, written);
    }) as typeof fs.write);
    const verbose = await createTestApp({ config: { logLevel: 'trace' } });
    try {
      const owner = await verbose.login({ nationalId: freshNationalId(), country: 'NO', role: 'Customer' });
      const email = 'logcheck@example.no';
      await verbose.app.inject({
        method: 'PATCH',
        url: `/customer/${owner.CustomerID}`,
        headers: bearer(owner.token),
        payload: { Email: email },
      });
      const application = await applicationOf(verbose, owner);
      await verbose.app.inject({
        method: 'POST',
        url: `/loan-application/${application.id}/magic-link`,
        headers: bearer(owner.token),
      });
      const token = await tokenSentTo(email, verbose);
      await verbose.app.inject({ url: `/loan-application/magic/${token}` });
      await verbose.app.inject({ method: 'POST', url: '/auth/magic-token', payload: { magicToken: token } });
      await verbose.app.inject({ url: `/loan-application/magic/${token}` });
      const text = logged.join('');
      expect(text).toContain('/loan-application/magic/[redacted]');
      expect(text).not.toContain(token);
    } finally {
      writeSync.mockRestore();
      write.mockRestore();
      await verbose.close();
    }
  });
});
