import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateApplicationStatus } from '#src/modules/loan-applications/application-write.repository.ts';
import {
  createApplicationAs,
  freshNationalId,
  newApplicant,
  unsecuredNo,
} from '#src/modules/loan-applications/test-fixtures.ts';
import { insertMessage, listMessagesOfApplication } from '#src/modules/messages/message.repository.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import {
  INVALID_INVITE_MESSAGE,
  INVITE_TTL_MS,
  ONLY_MAIN_APPLICANT_MESSAGE,
  WRONG_PERSON_MESSAGE,
} from './co-applicant-invite.service.ts';

// Issue 13 item 8 (ADR 0038): the main applicant invites the co-applicant; the co-applicant signs in with
// their own e-ID, accepts with their own consent, and sees only their own part of the application.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | undefined, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const inviteUrl = (id: string) => `/loan-application/${id}/co-applicant-invite`;

/** A main applicant with an application naming a co-applicant by national id. */
async function applicationWithCoApplicant() {
  const mainNationalId = freshNationalId();
  const main = {
    ...(await t.login({ nationalId: mainNationalId, country: 'NO' })),
    nationalId: mainNationalId,
  };
  const coNationalId = freshNationalId();
  const application = await createApplicationAs(t, main.token, {
    ...unsecuredNo,
    MainApplicant: { EmployerName: 'Hovedsøkers Arbeidsgiver AS', NetMonthlyIncome: 41234 },
    CoApplicant: { NationalID: coNationalId, EmployerName: 'Medsøkers Arbeidsgiver AS' },
  });
  return { main, coNationalId, application };
}

/** The token out of the invite message's link (read before the worker sends and erases the body). */
async function tokenOfLatestInvite(applicationId: string): Promise<string> {
  const messages = (await listMessagesOfApplication(t.database.db, applicationId)).filter(
    (message) => message.kind === 'co-applicant-invite' && message.textBody,
  );
  const body = messages.at(-1)!.textBody!;
  const match = /#invite=([A-Za-z0-9_-]{43})/.exec(body);
  if (!match) throw new Error(`no invite link in ${body}`);
  return match[1]!;
}

async function invite(applicationId: string, token: string, payload: object = { Email: 'co@example.no' }) {
  return call('POST', inviteUrl(applicationId), token, payload);
}

describe('POST /loan-application/:id/co-applicant-invite', () => {
  it('sends the invite by e-mail and SMS in the brand language, with a link and no personal data', async () => {
    const { main, coNationalId, application } = await applicationWithCoApplicant();
    const response = await invite(application.ID, main.token, {
      Email: 'Kari.Co@Example.no',
      Phone: '+47 912 34 567',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      LoanApplicationID: application.ID,
      Status: 'sent',
      SentToEmail: 'k***@example.no',
    });
    expect(response.body).not.toContain('Kari.Co');
    const messages = (await listMessagesOfApplication(t.database.db, application.ID)).filter(
      (message) => message.kind === 'co-applicant-invite',
    );
    expect(messages.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    for (const message of messages) {
      expect(message.locale).toBe('nb-NO');
      expect(message.textBody).toMatch(/\/mine-tilbud\/invite#invite=[A-Za-z0-9_-]{43}/);
      expect(message.textBody).toContain('medsøker');
      expect(message.textBody).not.toContain(coNationalId);
      expect(message.textBody).not.toContain('41234');
    }
    const status = await call('GET', inviteUrl(application.ID), main.token);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ Status: 'sent', AcceptedAt: null });
    expect(await t.deliverMessages()).toBeGreaterThanOrEqual(2);
  });

  it('links to the personal-page host of a brand that has one (no-alt1: mine.<host>)', async () => {
    const main = await newApplicant(t);
    const application = await createApplicationAs(t, main.token, {
      ...unsecuredNo,
      Brand: 'no-alt1',
      CoApplicant: { NationalID: freshNationalId() },
    });
    expect((await invite(application.ID, main.token)).statusCode).toBe(201);
    const [message] = (await listMessagesOfApplication(t.database.db, application.ID)).filter(
      (row) => row.kind === 'co-applicant-invite',
    );
    expect(message?.textBody).toMatch(/\/\/mine\.[^/\s]+\/mine-tilbud\/invite#invite=/);
  });

  it('refuses without a token, a stranger (404), the co-applicant and staff (403), and a bad body', async () => {
    const { main, coNationalId, application } = await applicationWithCoApplicant();
    expect((await invite(application.ID, '')).statusCode).toBe(401);
    const stranger = await newApplicant(t);
    expect((await invite(application.ID, stranger.token)).statusCode).toBe(404);
    expect((await call('GET', inviteUrl(application.ID), stranger.token)).statusCode).toBe(404);
    const co = await t.login({ nationalId: coNationalId, country: 'NO' });
    const asCo = await invite(application.ID, co.token);
    expect(asCo.statusCode).toBe(403);
    expect(asCo.json()).toMatchObject({ Bad: true, Message: ONLY_MAIN_APPLICANT_MESSAGE });
    expect((await call('GET', inviteUrl(application.ID), co.token)).statusCode).toBe(403);
    const staff = await t.staffToken([{ Name: 'Sales', Country: 'NO' }]);
    expect((await invite(application.ID, staff)).statusCode).toBe(403);
    expect((await invite(application.ID, main.token, {})).statusCode).toBe(400);
    expect((await invite(application.ID, main.token, { Email: 'not-an-address' })).statusCode).toBe(400);
    expect((await invite(application.ID, main.token, { Phone: 'call me' })).statusCode).toBe(400);
  });

  it('needs a co-applicant on the application and an application that has not ended', async () => {
    const main = await newApplicant(t);
    const alone = await createApplicationAs(t, main.token);
    expect((await invite(alone.ID, main.token)).statusCode).toBe(409);
    const { main: other, application } = await applicationWithCoApplicant();
    await updateApplicationStatus(t.database.db, application.ID, 190, {
      changedBy: 'test',
      now: t.clock.now(),
    });
    const ended = await invite(application.ID, other.token);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toMatchObject({ Message: 'This application has ended' });
  });

  it('allows a few invites per application a day, then answers 429', async () => {
    const { main, application } = await applicationWithCoApplicant();
    for (let i = 0; i < 3; i += 1) expect((await invite(application.ID, main.token)).statusCode).toBe(201);
    const fourth = await invite(application.ID, main.token);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ Bad: true });
  });
});

describe('POST /co-applicant-invite/accept', () => {
  it('the co-applicant, signed in with their own e-ID, accepts with their own consent; the link works once', async () => {
    const { main, coNationalId, application } = await applicationWithCoApplicant();
    await invite(application.ID, main.token);
    const token = await tokenOfLatestInvite(application.ID);
    const co = await t.login({ nationalId: coNationalId, country: 'NO' });
    expect(co.PersonID).toBe(application.CoApplicantPersonID);

    const accepted = await call('POST', '/co-applicant-invite/accept', co.token, {
      Token: token,
      Consent: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ LoanApplicationID: application.ID });

    // Recorded under the co-applicant's own customer, through the consent module (ADR 0011).
    const consents = await call(
      'GET',
      `/consent/v2/consent/items?customerID=${co.CustomerID}&brand=no-main`,
      co.token,
    );
    expect(consents.statusCode).toBe(200);
    const items = consents.json().Items as { Purpose: string; Status: string }[];
    expect(
      items.filter((item) => item.Purpose === 'transactional' && item.Status === 'given').length,
    ).toBeGreaterThan(0);
    const mainConsents = await call(
      'GET',
      `/consent/v2/consent/items?customerID=${main.CustomerID}`,
      main.token,
    );
    expect(mainConsents.json().Items).toEqual([]);

    expect((await call('GET', inviteUrl(application.ID), main.token)).json()).toMatchObject({
      Status: 'accepted',
    });
    const again = await call('POST', '/co-applicant-invite/accept', co.token, {
      Token: token,
      Consent: true,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ Bad: true, Message: INVALID_INVITE_MESSAGE });
  });

  it('refuses a different person with a clear message, and leaves the invite for the right one', async () => {
    const { main, application } = await applicationWithCoApplicant();
    await invite(application.ID, main.token);
    const token = await tokenOfLatestInvite(application.ID);
    const someoneElse = await newApplicant(t);
    const refused = await call('POST', '/co-applicant-invite/accept', someoneElse.token, {
      Token: token,
      Consent: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Bad: true, Message: WRONG_PERSON_MESSAGE });
    // The main applicant cannot accept their own invite either.
    const self = await call('POST', '/co-applicant-invite/accept', main.token, {
      Token: token,
      Consent: true,
    });
    expect(self.statusCode).toBe(403);
    expect((await call('GET', inviteUrl(application.ID), main.token)).json()).toMatchObject({
      Status: 'sent',
    });
  });

  it('refuses an expired invite, one replaced by a newer invite, a made-up token and no consent', async () => {
    const { main, coNationalId, application } = await applicationWithCoApplicant();
    const co = await t.login({ nationalId: coNationalId, country: 'NO' });
    const accept = (token: string, payload: object = { Token: token, Consent: true }) =>
      call('POST', '/co-applicant-invite/accept', co.token, payload);

    await invite(application.ID, main.token);
    const first = await tokenOfLatestInvite(application.ID);
    t.clock.advance(1000);
    await invite(application.ID, main.token);
    const second = await tokenOfLatestInvite(application.ID);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(401);
    expect((await accept('x'.repeat(43))).statusCode).toBe(401);
    expect((await accept(second, { Token: second, Consent: false })).statusCode).toBe(400);
    expect((await call('POST', '/co-applicant-invite/accept', undefined, { Token: second })).statusCode).toBe(
      401,
    );

    t.clock.advance(INVITE_TTL_MS + 60_000);
    try {
      // A fresh sign-in: the earlier token has run out with the clock too.
      const later = await t.login({ nationalId: coNationalId, country: 'NO' });
      const expired = await call('POST', '/co-applicant-invite/accept', later.token, {
        Token: second,
        Consent: true,
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ Message: INVALID_INVITE_MESSAGE });
      const mainLater = await t.login({ nationalId: main.nationalId, country: 'NO' });
      expect((await call('GET', inviteUrl(application.ID), mainLater.token)).json()).toMatchObject({
        Status: 'expired',
      });
    } finally {
      t.clock.advance(-(INVITE_TTL_MS + 60_000));
    }
  });
});

describe('what the co-applicant sees', () => {
  it("their own part, not the main applicant's part, debts or contact log", async () => {
    const { main, coNationalId, application } = await applicationWithCoApplicant();
    const co = await t.login({ nationalId: coNationalId, country: 'NO' });
    const debtUrl = `/loan-application/${application.ID}/debt`;
    const debt = (owner: string, creditor: string) => ({
      DebtType: 'CreditCard',
      Creditor: creditor,
      Balance: 25000,
      OwnerRole: owner,
    });
    expect(
      (await call('POST', debtUrl, main.token, debt('MainApplicant', 'Hovedsøkers Bank'))).statusCode,
    ).toBe(201);
    expect((await call('POST', debtUrl, co.token, debt('CoApplicant', 'Medsøkers Bank'))).statusCode).toBe(
      201,
    );
    await insertMessage(t.database.db, {
      idempotencyKey: `offers:${randomUUID()}`,
      kind: 'offers-arrived',
      purpose: 'transactional',
      channel: 'email',
      recipient: 'hoved@example.no',
      brand: 'no-main',
      locale: 'nb-NO',
      loanApplicationId: application.ID,
      status: 'sent',
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await invite(application.ID, main.token, { Email: 'medsoker@example.no' });

    const seen = await call('GET', `/loan-application/${application.ID}`, co.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().MainApplicant).toBeNull();
    expect(seen.json().CoApplicant).toMatchObject({ EmployerName: 'Medsøkers Arbeidsgiver AS' });
    expect(seen.body).not.toContain('Hovedsøkers Arbeidsgiver AS');
    const revisions = await call('GET', `/loan-application/${application.ID}/revisions`, co.token);
    expect(revisions.body).not.toContain('Hovedsøkers');

    const debts = (await call('GET', debtUrl, co.token)).json() as { Creditor: string }[];
    expect(debts.map((row) => row.Creditor)).toEqual(['Medsøkers Bank']);

    const log = (await call('GET', `/loan-application/${application.ID}/contact-log`, co.token)).json();
    expect(log.Items.map((item: { Kind: string }) => item.Kind)).toEqual(['co-applicant-invite']);
    expect(JSON.stringify(log)).not.toContain('h***@example.no');

    // Nor in the answers to their own changes (a PATCH of the form, a form step, a PATCH of their part).
    const answers = [
      await call('PATCH', `/loan-application/${application.ID}`, co.token, { Duration: 6 }),
      await call('PATCH', `/loan-application/${application.ID}/step-complete`, co.token, { Step: 'loan' }),
      await call('PATCH', `/loan-application/${application.ID}`, co.token, {
        CoApplicant: { JobTitle: 'Sveiser' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().MainApplicant).toBeNull();
      expect(answer.body).not.toContain('Hovedsøkers');
    }

    // The main applicant still sees the whole case.
    const mainView = await call('GET', `/loan-application/${application.ID}`, main.token);
    expect(mainView.json().MainApplicant).toMatchObject({ EmployerName: 'Hovedsøkers Arbeidsgiver AS' });
    const mainLog = (await call('GET', `/loan-application/${application.ID}/contact-log`, main.token)).json();
    expect(mainLog.Items.map((item: { Kind: string }) => item.Kind).sort()).toEqual([
      'co-applicant-invite',
      'offers-arrived',
    ]);
  });
});
