import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lenderPanel as builtInLenders, type LenderProfile } from '@nordloan/domain/lending/lender-panel';
import type { FastifyInstance } from 'fastify';
import { type LenderEndpointConfig, lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createHttpLenderAdapter } from '#src/modules/lending/lender-api/http-lender-adapter.ts';
import { credentialsOf } from '#src/modules/lending/lender-api/lender-credentials.ts';
import {
  type LenderAdapter,
  type LenderPanel,
  lenderPanelOf,
} from '#src/modules/lending/lender-panel/lender-adapter.ts';

// The API tests' lenders (issue 33 item 5, docs/decisions/0083): the sandbox lender server on a free port,
// called over the lender API exactly as `npm start` and production call a lender — signatures, idempotency
// keys, the keep-alive pool, the circuit. One sandbox per test worker (vitest runs the API files with
// `isolate: false`: this module is loaded once per worker), started at the first use and shared by every
// test app of the worker: starting one is cheap, but a server per file would be one more listening socket
// and pool per file for nothing. It hosts the built-in panel's credit policies with the tests' seed, answers
// at once (delay scale 0) and misbehaves only when a test scripts it.
//
// Two sandboxes, as the in-process panel had two disbursement modes: `automatic`, whose lenders approve and
// pay out in their answer (what most tests want), and `callback`, whose lenders answer the payout steps
// `pending` and call back nothing on their own, so that the test sends those callbacks itself (signed, as
// the lender would: lending/callbacks/test-helpers.ts).
//
// A test app's own calls (accepting, changing, the agreement, a review) and its worker's must reach the
// sandbox that holds the application, whichever mode its worker chose: both go through a small front
// (`sandboxFront`) that sends a worker's calls to the sandbox of its mode (`/<mode>/<lender id>/…`) and
// the app's (`/<lender id>/…`) to the sandbox its application was registered at.
//
// Callbacks the sandbox sends reach the test app they belong to: each app registers under a host name of
// its own, its lenders' registrations name `http://<that host>/lender-api/callbacks/<lender id>`, and the
// sandbox delivers a callback by injecting it into that app (no port for the app to open).

export type SandboxDisbursement = 'automatic' | 'callback';

/** The tests' lender seed (config LENDER_SEED's default; testConfig keeps it). */
const testSeed = 42;
const apps = new Map<string, FastifyInstance>();
let appCount = 0;
const started = new Map<SandboxDisbursement, Promise<LenderSandbox>>();

/** The worker's sandbox lender of this disbursement mode, started at the first call. */
export function testLenderSandbox(disbursement: SandboxDisbursement = 'automatic'): Promise<LenderSandbox> {
  let sandbox = started.get(disbursement);
  if (!sandbox) {
    sandbox = startLenderSandbox({
      seed: testSeed,
      delayScale: 0,
      disbursement,
      // After acceptance the steps follow one another quickly (the lenders of the `automatic` sandbox have
      // none: they answer in the call).
      stepDelayMs: 5,
      callbackRetryDelayMs: () => 20,
      deliverCallback: deliverToTestApp,
    });
    started.set(disbursement, sandbox);
  }
  return sandbox;
}

async function deliverToTestApp(input: { url: string; body: string; headers: Record<string, string> }) {
  const url = new URL(input.url);
  const app = apps.get(url.host);
  // The test app is closed (its test is over): the callback is refused for good, never retried.
  if (!app) return 410;
  const response = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: input.headers,
    payload: input.body,
  });
  return response.statusCode;
}

const owners = new Map<string, SandboxDisbursement>();
let front: Promise<string> | undefined;

/** The front's base URL (started at the first call, with both sandboxes). */
function sandboxFront(): Promise<string> {
  front ??= startFront();
  return front;
}

async function startFront(): Promise<string> {
  const targets = {
    automatic: await testLenderSandbox('automatic'),
    callback: await testLenderSandbox('callback'),
  };
  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://front');
    const [, first = '', ...rest] = url.pathname.split('/');
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    let mode: SandboxDisbursement = 'automatic';
    let path = url.pathname;
    if (first === 'automatic' || first === 'callback') {
      mode = first;
      path = `/${rest.join('/')}`;
    } else {
      const reference = /\/applications\/([^/]+)/.exec(path)?.[1];
      mode = (reference && owners.get(decodeURIComponent(reference))) || 'automatic';
    }
    if (request.method === 'POST' && /^\/[^/]+\/applications$/.test(path)) {
      try {
        const reference = (JSON.parse(body.toString('utf8')) as { ApplicationReference?: unknown })
          .ApplicationReference;
        if (typeof reference === 'string') owners.set(reference, mode);
      } catch {
        // Not JSON: the sandbox answers 400.
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length'].includes(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const answer = await fetch(`${targets[mode].url}${path}${url.search}`, {
      method: request.method ?? 'GET',
      headers,
      ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body }),
    });
    const payload = Buffer.from(await answer.arrayBuffer());
    const answerHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(name))
        answerHeaders[name] = value;
    });
    response.writeHead(answer.status, answerHeaders);
    response.end(payload);
  };
  const server = createServer((request, response) => {
    forward(request, response).catch(() => {
      // The sandbox dropped the connection (a scripted fault): so does the front.
      if (!response.headersSent) response.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  // The worker ends with its tests: the front must not keep it alive.
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A host name for a test app's callbacks: its callback base URL now (for the app's config), the app once it
 * is built, and `leave` when it closes.
 */
export function testCallbackRoute(): {
  callbackBaseUrl: string;
  attach(app: FastifyInstance): void;
  leave(): void;
} {
  appCount += 1;
  const host = `test-app-${process.pid}-${appCount}.nordloan.test`;
  return {
    callbackBaseUrl: `http://${host}/lender-api/callbacks`,
    attach: (app) => void apps.set(host, app),
    leave: () => void apps.delete(host),
  };
}

/**
 * A lender's endpoint at the test sandbox: asked again for its decision after its own decision time × the
 * delay scale (the pace the in-process lenders had, which the tests' clock moves through: the sandbox
 * itself answers at once), no outbound rate limit worth the name (a test's burst of applications is not a
 * load), and its callbacks to `callbackBaseUrl` when given.
 */
export function sandboxEndpoint(
  baseUrl: string,
  profile: LenderProfile,
  options: { callbackBaseUrl?: string | undefined; delayScale?: number | undefined } = {},
): LenderEndpointConfig {
  return lenderEndpointSchema.parse({
    url: `${baseUrl}/${profile.id}`,
    simulation: true,
    ratePerSecond: 1_000,
    burst: 1_000,
    pollIntervalMs: Math.round(profile.delayMs.decision * (options.delayScale ?? 1)),
    ...(options.callbackBaseUrl ? { callbackUrl: `${options.callbackBaseUrl}/${profile.id}` } : {}),
  });
}

/** Every built-in lender's endpoint at the front (the app's calls), as `config.lenderApi.lenders` takes them. */
export async function sandboxEndpoints(
  options: { callbackBaseUrl?: string; delayScale?: number } = {},
): Promise<Record<string, LenderEndpointConfig>> {
  const base = await sandboxFront();
  return Object.fromEntries(
    builtInLenders.map((profile) => [profile.id, sandboxEndpoint(base, profile, options)]),
  );
}

interface PanelOptions {
  disbursement?: SandboxDisbursement;
  lenders?: readonly LenderProfile[];
  /** The lenders' pace (their decision times scaled): 1, testConfig's LENDER_DELAY_SCALE, unless given. */
  delayScale?: number;
}

/** The front's base URL once started (createTestApp starts it). */
let frontUrl: string | undefined;

function panelAt(base: string, options: PanelOptions): LenderPanel {
  const scale = options.delayScale ?? 1;
  const modeBase = `${base}/${options.disbursement ?? 'automatic'}`;
  return lenderPanelOf(
    (options.lenders ?? builtInLenders).map((profile): LenderAdapter => {
      const adapter = createHttpLenderAdapter({
        profile,
        endpoint: sandboxEndpoint(modeBase, profile, { delayScale: scale }),
        credentials: credentialsOf({}, { sandboxSecrets: true }),
        backoffMs: () => 1,
      });
      // Registered after the lender's registration time, as the in-process lenders were: the tests walk
      // through "registrations under way" (210) by running the worker without moving the clock.
      const registrationMs = Math.round(profile.delayMs.registration * scale);
      return {
        ...adapter,
        responseDelayMs: (operation) =>
          operation === 'registration' ? registrationMs : adapter.responseDelayMs(operation),
      };
    }),
  );
}

/** The built-in panel, or `lenders`, over HTTP to the worker's sandbox of this mode (a panel of its own). */
export async function testLenderPanel(options: PanelOptions = {}): Promise<LenderPanel> {
  return panelAt(await sandboxFront(), options);
}

/** Starts the worker's sandboxes and their front (createTestApp does: a lending worker needs no await). */
export async function prepareTestLenders(): Promise<void> {
  frontUrl = await sandboxFront();
}

function startedFront(): string {
  if (!frontUrl) throw new Error('the test lenders are not started: make the test app first (createTestApp)');
  return frontUrl;
}

/**
 * The endpoints of these lenders at the front, for a register panel's `endpointsOf` (register-panel.ts):
 * read when the panel is built, after the test app started the sandboxes.
 */
export function testSandboxEndpointsOf(lenderIds: readonly string[]): Map<string, LenderEndpointConfig> {
  const base = startedFront();
  const profiles = new Map(builtInLenders.map((profile) => [profile.id, profile]));
  return new Map(
    lenderIds.flatMap((id) => {
      const profile = profiles.get(id);
      return profile ? [[id, sandboxEndpoint(base, profile)] as const] : [];
    }),
  );
}

const shared = new Map<string, LenderPanel>();

/**
 * The built-in panel over HTTP to the worker's sandbox of this mode and pace, shared by the worker's tests
 * (its connections kept alive from file to file). The sandboxes are started: a test app was made.
 */
export function sharedTestLenderPanel(options: Omit<PanelOptions, 'lenders'> = {}): LenderPanel {
  const disbursement = options.disbursement ?? 'automatic';
  const key = `${disbursement}:${options.delayScale ?? 1}`;
  let panel = shared.get(key);
  if (!panel) {
    panel = panelAt(startedFront(), options);
    shared.set(key, panel);
  }
  return panel;
}
