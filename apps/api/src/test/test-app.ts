import type { TokenRole } from '@nordloan/domain/auth';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '#src/app.ts';
import { type Config, testConfig } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { defaultDependencies, moduleEventPublisher } from '#src/dependencies.ts';
import { type EventPublisher, relayOutbox } from '#src/jobs/outbox-relay.ts';
import { createJobWorker } from '#src/jobs/worker.ts';
import {
  createTokenService,
  loadSigningKey,
  type SigningKey,
  type TokenService,
} from '#src/modules/auth/token.service.ts';
import { closeHttpLenders } from '#src/modules/lending/lender-api/http-lender-panel.ts';
import { messageJobHandlers } from '#src/modules/messages/message.service.ts';
import type { Messaging } from '#src/modules/messages/messaging.ts';
import { findOrCreateAgent } from '#src/modules/staff/staff.service.ts';
import { createTestDatabase } from './test-database.ts';
import { prepareTestLenders, sandboxEndpoints, testCallbackRoute } from './test-lender-sandbox.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  tokens: TokenService;
  /** The key the app signs with, for tests that hand-craft tokens. */
  signingKey: SigningKey;
  config: Config;
  clock: TestClock;
  /** Logs in through the development identity provider; answers the token and ids. */
  login(input: {
    nationalId: string;
    country: 'NO' | 'SE' | 'FI' | 'DK';
    role?: 'Person' | 'Customer';
    brand?: string;
  }): Promise<{
    token: string;
    CustomerID: string;
    PersonID: string;
  }>;
  staffToken(roles: TokenRole[], name?: string): Promise<string>;
  /** The app's e-mail and SMS providers (the local SMTP sink and SMS gateway unless a test brings its own). */
  messaging: Messaging;
  /** Sends the queued messages that are due, as the app's worker would (tests run no worker). */
  deliverMessages(): Promise<number>;
  /**
   * What the modules do with the outbox's events (ADR 0056: screening, work queues, the intake going on
   * after a screening), on the app's screening provider; the tests' lending workers relay with it.
   */
  events: EventPublisher;
  /**
   * Hands on every outbox event as the app's worker would between requests (tests run no worker): after a
   * status change, before looking at its work queue or its screening. Answers how many it handed on.
   */
  relayEvents(): Promise<number>;
  close(): Promise<void>;
}

/** A clock tests can move: services read time only through it. */
export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    deps?: Partial<Omit<AppDependencies, 'config' | 'database' | 'tokens'>>;
    /** A database of the test's own (db:move's source and target); closed with the app. */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  // Neither built app: the tests see the API's own routes, whether or not `npm run build` ran before them
  // (the built apps add static routes; the route matrix would otherwise depend on the order of CI steps).
  const configured = testConfig({
    webDistDir: '/nonexistent',
    staffDistDir: '/nonexistent',
    ...options.config,
  });
  // The lenders are the sandbox lender over HTTP (ADR 0083), at the config's pace, its callbacks delivered
  // into this app; a test that configures the lender API itself keeps its own.
  await prepareTestLenders();
  const callbacks = testCallbackRoute();
  const lenders = await sandboxEndpoints({
    callbackBaseUrl: callbacks.callbackBaseUrl,
    delayScale: configured.worker.lenderDelayScale,
  });
  const config: Config = options.config?.lenderApi
    ? configured
    : { ...configured, lenderApi: { ...configured.lenderApi, lenders } };
  const database = options.database ?? (await createTestDatabase());
  const clock = createTestClock();
  const key = await loadSigningKey({});
  const tokens = createTokenService({
    key,
    issuer: config.jwt.issuer,
    ttlSeconds: config.jwt.ttlSeconds,
    now: clock.now,
  });
  const now = options.deps?.now ?? clock.now;
  const adapters = defaultDependencies({ config, db: database.db, now });
  const messaging = options.deps?.messaging ?? adapters.messaging;
  const events = moduleEventPublisher({ screening: options.deps?.screening ?? adapters.screening, now });
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    ...adapters,
    ...options.deps,
  });
  await app.ready();
  callbacks.attach(app);
  return {
    app,
    database,
    tokens,
    signingKey: key,
    config,
    clock,
    async login(input) {
      const response = await app.inject({ method: 'POST', url: '/auth/dev/login', payload: input });
      if (response.statusCode !== 200)
        throw new Error(`dev login failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async staffToken(roles, name = 'Test Agent') {
      // Staff tokens name an agent (ADR 0020): the one with this name and these roles, created if new.
      const agent = await findOrCreateAgent(database.db, { name, roles });
      return (await tokens.sign({ Roles: roles, sub: agent.id })) as string;
    },
    messaging,
    events,
    async relayEvents() {
      // An event the modules could not handle is put off by the relay; a test should hear of it.
      const putOff: string[] = [];
      const log = { warn: (fields: { err?: unknown }) => putOff.push(String(fields.err)) };
      let relayed = 0;
      for (let batch = 0; batch < 100; batch++) {
        const count = await relayOutbox({ db: database.db, now, publish: events, log });
        if (putOff.length > 0) throw new Error(`relayEvents: an event was put off: ${putOff.join('; ')}`);
        if (count === 0) return relayed;
        relayed += count;
      }
      throw new Error('relayEvents: events still waiting after 100 batches');
    },
    deliverMessages() {
      const worker = createJobWorker({
        db: database.db,
        now,
        handlers: messageJobHandlers({ channels: messaging.channels, config }),
        // The app's logger: what the sending logs is what a log scan must see.
        log: app.log,
      });
      return worker.runUntilIdle();
    },
    async close() {
      callbacks.leave();
      await app.close();
      // The keep-alive pools of the app's lenders (the sandbox's connections).
      closeHttpLenders(adapters.panel);
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
