import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { commissionPercentOf } from '@nordloan/domain/lending/transparency';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { openDatabase } from '#src/db/client.ts';
import { lender } from '#src/db/schema/lenders.ts';
import { defaultDependencies } from '#src/dependencies.ts';
import { createTokenService } from '#src/modules/auth/token.service.ts';
import { listLenders } from '#src/modules/lenders/lender.repository.ts';
import { listLoanRequests, updateLoanRequest } from '#src/modules/lending/loan-request.repository.ts';
import {
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { MAX_STREAMS_PER_APPLICATION } from './transparency.routes.ts';

// Issue 13 items 1–4: the transparency view (each lender's path, credit inquiries and their consent,
// commission per offer, the ranking rule) and the live stream of changes, on one instance and — on
// PostgreSQL — across two instances sharing the database (LISTEN/NOTIFY).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function toOffers() {
  const application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
  await submit(t, application);
  await settle(t, testWorker(t, { externalData: fixedExternalData() }));
  return application;
}

interface StreamClient {
  events: string[];
  status: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves with the first event named `name` after `from` (an index into `events`). */
  next(name: string, from: number, timeoutMs?: number): Promise<number>;
  close(): void;
}

/** A server-sent events client on node:http (the Host header names the brand, as a browser's would). */
function openStream(app: FastifyInstance, path: string, token: string): Promise<StreamClient> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host: 'no-main.localhost', authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (response: IncomingMessage) => {
        const events: string[] = [];
        const waiters: (() => void)[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = block.split('\n').find((line) => line.startsWith('event: '));
            if (name) events.push(name.slice('event: '.length));
            end = buffer.indexOf('\n\n');
          }
          for (const waiter of waiters.splice(0)) waiter();
        });
        const ended = new Promise<void>((done) => response.on('end', () => done()));
        resolve({
          events,
          ended,
          status: response.statusCode ?? 0,
          next: (name, from, timeoutMs = 5_000) =>
            new Promise((found, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no '${name}' event in ${timeoutMs} ms`)),
                timeoutMs,
              );
              const check = () => {
                const index = events.findIndex((event, i) => i >= from && event === name);
                if (index >= 0) {
                  clearTimeout(timer);
                  found(index);
                } else waiters.push(check);
              };
              check();
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('transparency view', () => {
  it('shows each lender’s path, the credit inquiries with their consent, and the commission of every offer', async () => {
    const application = await toOffers();
    const response = await get(`/loan-application/${application.id}/transparency`, application.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const requests = await listLoanRequests(t.database.db, application.id);
    expect(body.LenderPaths).toHaveLength(requests.length);
    for (const path of body.LenderPaths) {
      // Every path starts at "sent" and its steps are in time order.
      expect(path.Entries[0].Step).toBe('sent');
      const times = path.Entries.map((entry: { At: string }) => Date.parse(entry.At));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      if (path.CurrentStep === 'declined') expect(path.DeclineCategory).toEqual(expect.any(String));
      else expect(path.DeclineCategory).toBeNull();
    }
    const withOffer = body.LenderPaths.filter(
      (path: { CurrentStep: string }) => path.CurrentStep === 'offer',
    );
    expect(withOffer.length).toBeGreaterThan(0);
    for (const path of withOffer)
      expect(path.Entries.map((entry: { Step: string }) => entry.Step)).toEqual(
        expect.arrayContaining(['sent', 'registered', 'offer']),
      );

    // A lender that registered the application checked the applicant's credit, under the application's
    // credit-check consent.
    const registered = requests.filter((request) => request.registeredAt !== null);
    expect(body.CreditInquiries.map((inquiry: { LenderID: string }) => inquiry.LenderID).sort()).toEqual(
      registered.map((request) => request.lenderId).sort(),
    );
    for (const inquiry of body.CreditInquiries) {
      expect(inquiry.Consent).toBe('credit-check');
      // The time the application's consent step recorded (the test helper's real time, not the test clock).
      expect(Number.isNaN(Date.parse(inquiry.ConsentGivenAt))).toBe(false);
      expect(Number.isNaN(Date.parse(inquiry.CheckedAt))).toBe(false);
    }

    // The commission of each offer comes from the lender register.
    const offers = (
      await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, application.token)
    )
      .json()
      .Groups.flatMap((group: { Quotes: unknown[] }) => group.Quotes) as {
      ID: string;
      Amount: number;
      Lender: { ID: string };
    }[];
    expect(body.Commissions.map((c: { LoanQuoteID: string }) => c.LoanQuoteID).sort()).toEqual(
      offers.map((offer) => offer.ID).sort(),
    );
    const register = new Map((await listLenders(t.database.db)).map((row) => [row.id, row]));
    for (const offer of offers) {
      const commission = body.Commissions.find((c: { LoanQuoteID: string }) => c.LoanQuoteID === offer.ID);
      const percent = register.get(offer.Lender.ID)!.commissionPercent;
      expect(percent).toBe(commissionPercentOf(offer.Lender.ID));
      expect(commission.CommissionPercent).toBe(percent);
      expect(commission.CommissionAmount).toBe(Math.round((offer.Amount * percent) / 100));
    }
    expect(body.RankingRule).toEqual(['totalCost', 'effectiveRate', 'monthlyPayment']);
  });

  it("discloses the lender's own commission for the application's product, from its commission table", async () => {
    const application = await toOffers();
    const before = (await get(`/loan-application/${application.id}/transparency`, application.token)).json()
      .Commissions as { LoanQuoteID: string; LenderID: string; CommissionPercent: number }[];
    const [first, ...others] = [...new Map(before.map((c) => [c.LenderID, c])).keys()];
    if (!first) throw new Error('no offer to disclose');
    // A Manager sets the lender's figure for unsecured loans (the application's product) to 1.7 %; another
    // product's figure leaves this disclosure alone.
    await t.database.db
      .update(lender)
      .set({ commissionTable: { UnsecuredLoan: 1.7, CreditCard: 9 } })
      .where(eq(lender.id, first));
    try {
      const after = (await get(`/loan-application/${application.id}/transparency`, application.token)).json()
        .Commissions as { LenderID: string; CommissionPercent: number; CommissionAmount: number }[];
      const offers = (
        await get(`/loan-quote-presentation/v2/application/${application.id}/quotes`, application.token)
      )
        .json()
        .Groups.flatMap((group: { Quotes: unknown[] }) => group.Quotes) as {
        ID: string;
        Amount: number;
        Lender: { ID: string };
      }[];
      for (const commission of after.filter((c) => c.LenderID === first)) {
        expect(commission.CommissionPercent).toBe(1.7);
        const offer = offers.find((o) => o.Lender.ID === first)!;
        expect(commission.CommissionAmount).toBe(Math.round((offer.Amount * 1.7) / 100));
      }
      for (const commission of after.filter((c) => others.includes(c.LenderID)))
        expect(commission.CommissionPercent).toBe(commissionPercentOf(commission.LenderID));
    } finally {
      await t.database.db.update(lender).set({ commissionTable: {} }).where(eq(lender.id, first));
    }
  });

  it('records a lender’s decline with its reason category, and refuses other callers', async () => {
    const application = await toOffers();
    const [request] = await listLoanRequests(t.database.db, application.id);
    if (!request) throw new Error('no loan request after submission');
    await updateLoanRequest(t.database.db, request.id, {
      status: 369,
      reasonCode: 'AFFORDABILITY',
      updatedAt: t.clock.now(),
    });
    const body = (await get(`/loan-application/${application.id}/transparency`, application.token)).json();
    const path = body.LenderPaths.find((p: { LenderID: string }) => p.LenderID === request.lenderId);
    expect(path.CurrentStep).toBe('declined');
    expect(path.DeclineCategory).toBe('income-and-affordability');
    expect(path.Entries.at(-1)).toMatchObject({
      Step: 'declined',
      DeclineCategory: 'income-and-affordability',
    });

    const stranger = await createCompleteApplication(t, { country: 'NO' });
    expect((await get(`/loan-application/${application.id}/transparency`, stranger.token)).statusCode).toBe(
      404,
    );
    expect((await get(`/loan-application/${application.id}/transparency`)).statusCode).toBe(401);
    expect((await get(`/loan-application/not-a-uuid/transparency`, application.token)).statusCode).toBe(404);
  });
});

describe('live stream', () => {
  it('refuses a request that does not ask for an event stream, and callers who are not the applicant', async () => {
    const application = await createCompleteApplication(t, { country: 'NO' });
    const url = `/loan-application/${application.id}/events`;
    const plain = await get(url, application.token);
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ Bad: true });
    expect((await get(url)).statusCode).toBe(401);
    const stranger = await createCompleteApplication(t, { country: 'NO' });
    const asStranger = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(stranger.token), accept: 'text/event-stream' },
    });
    expect(asStranger.statusCode).toBe(404);
    const staff = await t.staffToken([{ Name: 'Super' }]);
    const asStaff = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(staff), accept: 'text/event-stream' },
    });
    expect(asStaff.statusCode).toBe(404);
  });

  it('pushes a change to the applicant’s open stream as soon as it is stored', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const application = await createCompleteApplication(t, { country: 'NO' });
    const stream = await openStream(t.app, `/loan-application/${application.id}/events`, application.token);
    try {
      expect(stream.status).toBe(200);
      await stream.next('ready', 0);
      const before = stream.events.length;
      const started = Date.now();
      await submit(t, application);
      await stream.next('changed', before, 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      stream.close();
    }
  });
});

describe('live stream limits', () => {
  it('refuses more than the allowed number of open streams for one application, and frees a place when one closes', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const application = await createCompleteApplication(t, { country: 'NO' });
    const path = `/loan-application/${application.id}/events`;
    const streams: StreamClient[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_APPLICATION; i++) {
        const stream = await openStream(t.app, path, application.token);
        await stream.next('ready', 0);
        streams.push(stream);
      }
      const headers = { ...bearer(application.token), accept: 'text/event-stream' };
      const refused = await t.app.inject({ method: 'GET', url: path, headers });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      streams.pop()?.close();
      await expect
        .poll(async () => {
          const again = await openStream(t.app, path, application.token);
          streams.push(again);
          return again.status;
        })
        .toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('live stream and the token', () => {
  it('ends the stream when the token that opened it expires', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const application = await createCompleteApplication(t, { country: 'NO' });
    const claims = await t.tokens.verify(application.token);
    const shortLived = await t.tokens.sign(
      { CustomerID: claims.CustomerID, PersonID: claims.PersonID, Roles: claims.Roles },
      { ttlSeconds: 1 },
    );
    const stream = await openStream(t.app, `/loan-application/${application.id}/events`, shortLived);
    try {
      expect(stream.status).toBe(200);
      await stream.next('ready', 0);
      const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 4_000));
      expect(await Promise.race([stream.ended.then(() => 'ended' as const), timeout])).toBe('ended');
    } finally {
      stream.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('live stream across instances (PostgreSQL)', () => {
  it('pushes an offer stored through one instance to a client of the other', async () => {
    // A second instance on the same database, with the same signing key: what a load balancer spreads over.
    const [current] = await t.database.withSession((session) =>
      session.query<{ name: string }>('SELECT current_database() AS name'),
    );
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current?.name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    const tokens = createTokenService({
      key: t.signingKey,
      issuer: t.config.jwt.issuer,
      ttlSeconds: t.config.jwt.ttlSeconds,
      now: t.clock.now,
    });
    const other = await buildApp({
      config: t.config,
      database,
      tokens,
      now: t.clock.now,
      ...defaultDependencies({ config: t.config, db: database.db, now: t.clock.now }),
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const application = await createCompleteApplication(t, { country: 'NO', amount: 150_000, duration: 5 });
      await submit(t, application);
      const stream = await openStream(other, `/loan-application/${application.id}/events`, application.token);
      try {
        await stream.next('ready', 0);
        const before = stream.events.length;
        // The lenders answer through the first instance's database connection: offers are stored there.
        await settle(t, testWorker(t, { externalData: fixedExternalData() }));
        await stream.next('changed', before, 1_000);
        const offers = (
          await other.inject({
            method: 'GET',
            url: `/loan-quote-presentation/v2/application/${application.id}/quotes`,
            headers: bearer(application.token),
          })
        ).json();
        expect(offers.Groups.flatMap((group: { Quotes: unknown[] }) => group.Quotes).length).toBeGreaterThan(
          0,
        );
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
      await database.close();
    }
  });
});
