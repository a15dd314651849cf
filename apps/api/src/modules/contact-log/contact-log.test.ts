import { randomUUID } from 'node:crypto';
import { contactLogSchema } from '@nordloan/domain/contact-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecord } from '#src/db/schema/backoffice.ts';
import { insertNotification } from '#src/modules/magic-links/magic-link.repository.ts';
import { insertMessage } from '#src/modules/messages/message.repository.ts';
import { updatePerson } from '#src/modules/persons/person.repository.ts';
import { createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Issue 13 item 7 (ADR 0037): the contact log lists every call, e-mail and SMS about an application —
// when, channel, kind, outcome, masked address — never a body, and only to those who may read it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const getLog = (id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/loan-application/${id}/contact-log`, headers: bearer(token) });

describe('GET /loan-application/:id/contact-log', () => {
  it('lists messages, notifications without a message, and calls, newest first, masked, without bodies', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    const db = t.database.db;
    const base = Date.parse('2026-03-01T10:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await insertMessage(db, {
      idempotencyKey: `offers:${randomUUID()}`,
      kind: 'offers-arrived',
      purpose: 'transactional',
      channel: 'email',
      recipient: 'k***@example.no',
      brand: 'no-main',
      locale: 'nb-NO',
      loanApplicationId: application.id,
      subject: 'Tilbud',
      textBody: 'SECRET BODY TEXT',
      status: 'sent',
      sentAt: at(1),
      createdAt: at(0),
      updatedAt: at(1),
    });
    // Still waiting in the outbox: the row keeps the full address, the log must not.
    await insertMessage(db, {
      idempotencyKey: `reminder:${randomUUID()}`,
      kind: 'expiry-reminder',
      purpose: 'marketing',
      channel: 'sms',
      recipient: '+4791234561',
      brand: 'no-main',
      locale: 'nb-NO',
      loanApplicationId: application.id,
      textBody: 'SECRET SMS',
      createdAt: at(3),
      updatedAt: at(3),
    });
    // A notification no message stands for (no provider for the channel) is a contact attempt of its own.
    await insertNotification(db, {
      kind: 'magic-link',
      channel: 'sms',
      recipient: '+4799887766',
      loanApplicationId: application.id,
      status: 'failed',
      createdAt: at(2),
    });
    await db.insert(callRecord).values([
      {
        loanApplicationId: application.id,
        marketCountry: 'NO',
        customerPhoneNumber: '+4791234561',
        outbound: true,
        tags: ['sales'],
        initiatedAt: at(4),
        endedAt: at(5),
        createdAt: at(4),
        updatedAt: at(5),
      },
      {
        loanApplicationId: application.id,
        marketCountry: 'NO',
        customerPhoneNumber: '+4791234561',
        outbound: true,
        answered: true,
        answeredAt: at(6),
        initiatedAt: at(6),
        createdAt: at(6),
        updatedAt: at(7),
      },
    ]);

    const response = await getLog(application.id, application.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('SECRET');
    expect(response.body).not.toContain('91234561');
    expect(response.body).not.toContain('99887766');
    const log = contactLogSchema.parse(response.json());
    expect(log.Items.map((item) => [item.Channel, item.Kind, item.Outcome])).toEqual([
      ['phone', 'call', 'answered'],
      ['phone', 'sales-call', 'not-answered'],
      ['sms', 'expiry-reminder', 'queued'],
      ['sms', 'magic-link', 'failed'],
      ['email', 'offers-arrived', 'sent'],
    ]);
    expect(log.Items.at(-1)).toMatchObject({ At: at(1).toISOString(), MaskedAddress: 'k***@example.no' });
    expect(log.Items[0]!.MaskedAddress).toBe('+47******61');
  });

  it('a magic link listed once: its message, not also its notification', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    await updatePerson(t.database.db, application.personId, { email: 'kari@example.no' }, new Date());
    const sent = await t.app.inject({
      method: 'POST',
      url: `/loan-application/${application.id}/magic-link`,
      headers: bearer(application.token),
      payload: { Channel: 'email' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const log = contactLogSchema.parse((await getLog(application.id, application.token)).json());
    expect(log.Items.filter((item) => item.Kind === 'magic-link')).toHaveLength(1);
  });

  it('someone else’s application is 404, an unknown id 404, no token 401', async () => {
    const mine = await createCompleteApplication(t, { country: 'NO' });
    const other = await createCompleteApplication(t, { country: 'NO' });
    expect((await getLog(mine.id, other.token)).statusCode).toBe(404);
    expect((await getLog(randomUUID(), mine.token)).statusCode).toBe(404);
    expect((await getLog('not-a-uuid', mine.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/loan-application/${mine.id}/contact-log` })).statusCode,
    ).toBe(401);
  });
});
