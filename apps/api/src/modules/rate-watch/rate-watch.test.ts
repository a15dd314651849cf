import { rateWatchConsentVersion } from '@nordloan/domain/lending/rate-watch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '#src/jobs/worker.ts';
import type { PrequalificationLenders } from '#src/modules/approval-odds/approval-odds.service.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { listMessagesOfApplication } from '#src/modules/messages/message.repository.ts';
import { type CreatedApplication, createCompleteApplication } from '#src/test/lending-test-helpers.ts';
import {
  type AcceptedApplication,
  paidOutApplication,
  realPrequalification,
} from '#src/test/paid-out-loan.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { findRateWatchOfApplication } from './rate-watch.repository.ts';
import { rateWatchJobHandlers } from './rate-watch-jobs.ts';

// Rate watch after the loan (issue 36 item 2, ADR 0081), on the real database: only the customer who took a
// paid-out loan starts it, with its own consent; the job asks the panel for soft estimates (the credit
// inquiry log stays empty), tells the customer only above their threshold, with the basis; one press stops
// it, it lapses after 24 months, renew brings it back; everyone else gets 401/403/404.

let t: TestApp;
let paidOut: AcceptedApplication;
let notPaidOut: CreatedApplication;
const day = 86_400_000;

const url = (accepted: AcceptedApplication | CreatedApplication, rest = '') =>
  `/loan-application/${'application' in accepted ? accepted.application.id : accepted.id}/rate-watch${rest}`;
const start = {
  IntervalMonths: 3,
  ThresholdAmount: 500,
  Channel: 'email',
  Consent: true,
  ConsentTextVersion: rateWatchConsentVersion,
};
/** The owner's token at the test clock's time (a token from before a move of months has expired). */
const owner = async () =>
  (
    await t.login({
      nationalId: paidOut.application.nationalId,
      country: 'FI',
      role: 'Customer',
      brand: 'fi-main',
    })
  ).token;

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: path,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

const count = async (table: string) => {
  const result = (await t.database.db.execute(
    `SELECT count(*)::int AS n FROM ${table}` as never,
  )) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
  return (Array.isArray(result) ? result : result.rows)[0]!.n;
};

/** A panel that answers every lender "likely" at a fixed range (the real one's rates are its own). */
const cheapPanel = (rateFrom: number, rateTo: number): PrequalificationLenders & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    lendersIn: () => [
      { id: 'cheap', name: 'Cheap Bank' },
      { id: 'silent', name: 'Silent Bank' },
    ],
    async prequalify(lenderId, request) {
      asked.push(`${lenderId}:${request.InquiryType}`);
      return lenderId === 'silent'
        ? null
        : { Likelihood: 'likely', RateFrom: rateFrom, RateTo: rateTo, Reasons: [] };
    },
  };
};

const runChecks = (lenders: PrequalificationLenders) =>
  createJobWorker({
    db: t.database.db,
    now: t.clock.now,
    handlers: rateWatchJobHandlers({ config: t.config, lenders, timeoutMs: 2_000 }),
  }).runUntilIdle();

beforeAll(async () => {
  t = await createTestApp();
  paidOut = await paidOutApplication(t);
  // Another person's application, not paid out (a draft: nothing moves it on its own).
  notPaidOut = await createCompleteApplication(t, { country: 'FI', amount: 20_000, duration: 5 });
  // An address to write to: the customer's e-mail, as the apply journey stores it.
  const patched = await call(
    'PATCH',
    `/customer/${paidOut.application.customerId}`,
    paidOut.application.token,
    {
      Email: `ratewatch${paidOut.application.customerId.slice(0, 8)}@example.fi`,
    },
  );
  expect(patched.statusCode, patched.body).toBe(200);
}, 180_000);
afterAll(async () => t?.close());

describe('rate watch: who may', () => {
  it('no token 401, another person 404, staff 403, before anything else', async () => {
    expect((await call('GET', url(paidOut))).statusCode).toBe(401);
    expect((await call('POST', url(paidOut), undefined, start)).statusCode).toBe(401);
    expect((await call('POST', url(paidOut, '/stop'))).statusCode).toBe(401);
    const other = notPaidOut.token;
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['POST', '', start],
      ['PATCH', '', { ThresholdAmount: 900 }],
      ['POST', '/stop', undefined],
      ['POST', '/renew', { Consent: true, ConsentTextVersion: rateWatchConsentVersion }],
    ] as const) {
      const answer = await call(method, url(paidOut, rest), other, body);
      expect(answer.statusCode, `${method} ${rest}`).toBe(404);
    }
    const staff = await t.staffToken([{ Name: 'Manager', Country: 'FI' }]);
    expect((await call('GET', url(paidOut), staff)).statusCode).toBe(403);
    expect((await call('POST', url(paidOut), staff, start)).statusCode).toBe(403);
    expect((await call('GET', '/loan-application/not-an-id/rate-watch', other)).statusCode).toBe(404);
  });

  it('a loan not paid out shows it cannot start, and a start is 409', async () => {
    const view = await call('GET', url(notPaidOut), notPaidOut.token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ Eligible: false, State: 'off', LatestCheck: null });
    const refused = await call('POST', url(notPaidOut), notPaidOut.token, start);
    expect(refused.statusCode).toBe(409);
    // The panel shows these words in the brand's language (web: my-page/rate-watch/rate-watch-refusal.ts).
    expect(refused.json().Message).toBe('A rate watch can start once the loan is paid out');
  });

  it('a threshold out of range is a 400 naming ThresholdAmount, with the words the panel knows', async () => {
    const answer = await call('POST', url(paidOut), paidOut.application.token, {
      ...start,
      ThresholdAmount: 20_000_000,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().Errors).toEqual([{ Field: 'ThresholdAmount', Message: 'Threshold is too large' }]);
  });

  it.each([
    ['no consent', { Consent: false }],
    ['consent left out (never implied)', { Consent: undefined }],
    ['an interval not offered', { IntervalMonths: 4 }],
    ['a threshold in fractions', { ThresholdAmount: 500.5 }],
    ['an unknown channel', { Channel: 'phone' }],
    ['an old consent text', { ConsentTextVersion: 'rate-watch-2020-01' }],
    ['an extra field', { NationalID: '010101-123N' }],
  ])('%s is a 400 in the spec’s shape', async (_name, change) => {
    const answer = await call('POST', url(paidOut), paidOut.application.token, { ...start, ...change });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(typeof answer.json().Message).toBe('string');
  });
});

describe('rate watch: the customer’s loan', () => {
  it('starts off, opt-in: the view says eligible and off until the customer starts it', async () => {
    const answer = await call('GET', url(paidOut), paidOut.application.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      Eligible: true,
      State: 'off',
      Currency: 'EUR',
      AllowedIntervals: [3, 6, 12],
    });
  });

  it('start: a consent record of its own, audited, the first look due at once; a second start is 409', async () => {
    const answer = await call('POST', url(paidOut), paidOut.application.token, start);
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({
      State: 'active',
      IntervalMonths: 3,
      ThresholdAmount: 500,
      Channel: 'email',
    });
    expect(Date.parse(body.ExpiresAt)).toBeGreaterThan(Date.parse(body.StartedAt) + 729 * day);
    expect(body.NextCheckAt).toBe(body.StartedAt);
    const again = await call('POST', url(paidOut), paidOut.application.token, start);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('The rate watch is on already: change or renew it');
    const consents = (await t.database.db.execute(
      `SELECT purpose, channel, status, text_version, source FROM consent_record WHERE customer_id = '${paidOut.application.customerId}' AND purpose = 'rate-watch'` as never,
    )) as unknown as { rows: unknown[] } | unknown[];
    expect(Array.isArray(consents) ? consents : consents.rows).toEqual([
      {
        purpose: 'rate-watch',
        channel: 'email',
        status: 'given',
        text_version: rateWatchConsentVersion,
        source: 'rate-watch-start',
      },
    ]);
    // The §7 consent history stays §3's purposes: the rate watch's record is not the marketing consent.
    const history = await call(
      'GET',
      `/consent/v2/consent/items?customerID=${paidOut.application.customerId}`,
      paidOut.application.token,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().Items.every((item: { Purpose: string }) => item.Purpose !== 'rate-watch')).toBe(
      true,
    );
    const audit = await listAudit(t.database.db, {
      loanApplicationId: paidOut.application.id,
      offset: 0,
      limit: 50,
    });
    expect(audit.Items.map((entry: { Action: string }) => entry.Action)).toContain('rateWatch.start');
  });

  it('asks the real panel for SOFT estimates only: the credit inquiry log does not grow', async () => {
    const inquiries = await count('credit_inquiry');
    // The lender table as the app reads it at start (the sandbox lender's lenders, over HTTP).
    const { lenders: real, close } = await realPrequalification(t);
    const asked: string[] = [];
    const watching: PrequalificationLenders = {
      lendersIn: (country) => real.lendersIn(country),
      prequalify: (lenderId, request, options) => {
        asked.push(request.InquiryType);
        // No identity goes out: only the loan's and the customer's own figures.
        expect(JSON.stringify(request)).not.toMatch(/NationalID|Name|Email|Phone|Address/);
        return real.prequalify(lenderId, request, options);
      },
    };
    expect(await runChecks(watching)).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((kind) => kind === 'soft')).toBe(true);
    expect(await count('credit_inquiry')).toBe(inquiries);
    close();
    const view = (await call('GET', url(paidOut), paidOut.application.token)).json();
    expect(view.LatestCheck).toMatchObject({ LendersAsked: asked.length });
    // The next look is three months on.
    expect(Date.parse(view.NextCheckAt) - Date.parse(view.LatestCheck.CheckedAt)).toBeGreaterThan(88 * day);
  }, 60_000);

  it('tells the customer only above the threshold, by the chosen channel, with the basis and the credit warning', async () => {
    // Below the threshold: a look, no message.
    await call('PATCH', url(paidOut), await owner(), { ThresholdAmount: 9_000_000 });
    t.clock.advance(92 * day);
    await runChecks(cheapPanel(1, 1.5));
    let view = (await call('GET', url(paidOut), await owner())).json();
    expect(view.LatestCheck).toMatchObject({ LendersAsked: 2, LendersAnswered: 1, Notified: false });
    expect(view.LatestCheck.Saving).toBeGreaterThan(0);
    const sent = () => listMessagesOfApplication(t.database.db, paidOut.application.id);
    expect((await sent()).filter((message) => message.kind === 'rate-watch-saving')).toHaveLength(0);

    // Above it: one e-mail naming the saving and how it was counted.
    await call('PATCH', url(paidOut), await owner(), { ThresholdAmount: 100 });
    t.clock.advance(92 * day);
    await runChecks(cheapPanel(1, 1.5));
    view = (await call('GET', url(paidOut), await owner())).json();
    expect(view.LatestCheck).toMatchObject({ Notified: true });
    expect(view.LatestCheck.Basis).toMatchObject({ LenderName: 'Cheap Bank', EstimatedRateTo: 1.5 });
    expect(view.LatestCheck.Basis.CurrentCostRemaining - view.LatestCheck.Basis.RefinanceCostRemaining).toBe(
      view.LatestCheck.Saving,
    );
    const messages = (await sent()).filter((message) => message.kind === 'rate-watch-saving');
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ channel: 'email', purpose: 'marketing' });
    expect(message!.textBody).toContain('Cheap Bank');
    expect(message!.textBody).toContain('1,5 %');
    // Finland's CCD2 warning leads a message that advertises credit.
    expect(message!.htmlBody).toContain('data-credit-warning');
  }, 60_000);

  it('one press stops it (consent revoked, the queued look does nothing); renew brings it back for 24 months', async () => {
    const stopped = await call('POST', url(paidOut, '/stop'), await owner());
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ State: 'stopped', StopReason: 'customer', NextCheckAt: null });
    expect((await call('POST', url(paidOut, '/stop'), await owner())).json().State).toBe('stopped');
    const panel = cheapPanel(1, 1.5);
    t.clock.advance(100 * day);
    await runChecks(panel);
    expect(panel.asked).toEqual([]);
    expect((await call('PATCH', url(paidOut), await owner(), { ThresholdAmount: 200 })).statusCode).toBe(409);

    const renewed = await call('POST', url(paidOut, '/renew'), await owner(), {
      Consent: true,
      ConsentTextVersion: rateWatchConsentVersion,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ State: 'active', StopReason: null });
    const statuses = (await t.database.db.execute(
      `SELECT status, source FROM consent_record WHERE customer_id = '${paidOut.application.customerId}' AND purpose = 'rate-watch' ORDER BY seq` as never,
    )) as unknown as { rows: unknown[] } | unknown[];
    expect((Array.isArray(statuses) ? statuses : statuses.rows).slice(-2)).toEqual([
      { status: 'revoked', source: 'rate-watch-stop' },
      { status: 'given', source: 'rate-watch-renew' },
    ]);
  }, 60_000);

  it('stops by itself 24 months after the last renewal, its consent revoked by the system', async () => {
    const watch = (await findRateWatchOfApplication(t.database.db, paidOut.application.id))!;
    t.clock.set(new Date(watch.expiresAt.getTime() + day));
    // Every look due till then runs (each schedules the next), the last one ends it.
    await runChecks(cheapPanel(20, 21));
    const view = (await call('GET', url(paidOut), await owner())).json();
    expect(view).toMatchObject({ State: 'expired', StopReason: 'expired', NextCheckAt: null });
    const last = (await t.database.db.execute(
      `SELECT status, source, changed_by FROM consent_record WHERE customer_id = '${paidOut.application.customerId}' AND purpose = 'rate-watch' ORDER BY seq DESC LIMIT 1` as never,
    )) as unknown as { rows: unknown[] } | unknown[];
    expect((Array.isArray(last) ? last : last.rows)[0]).toEqual({
      status: 'revoked',
      source: 'rate-watch-expired',
      changed_by: 'system:rate-watch',
    });
  }, 60_000);
});
