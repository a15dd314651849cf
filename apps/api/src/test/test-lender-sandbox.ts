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
  sandbox: LenderSandbox,
  profile: LenderProfile,
  options: { callbackBaseUrl?: string | undefined; delayScale?: number | undefined } = {},
): LenderEndpointConfig {
  return lenderEndpointSchema.parse({
    url: sandbox.urlOf(profile.id),
    simulation: true,
    ratePerSecond: 1_000,
    burst: 1_000,
    pollIntervalMs: Math.round(profile.delayMs.decision * (options.delayScale ?? 1)),
    ...(options.callbackBaseUrl ? { callbackUrl: `${options.callbackBaseUrl}/${profile.id}` } : {}),
  });
}

/** Every built-in lender's endpoint at the sandbox, as `config.lenderApi.lenders` takes them. */
export function sandboxEndpoints(
  sandbox: LenderSandbox,
  options: { callbackBaseUrl?: string; delayScale?: number } = {},
): Record<string, LenderEndpointConfig> {
  return Object.fromEntries(
    builtInLenders.map((profile) => [profile.id, sandboxEndpoint(sandbox, profile, options)]),
  );
}

interface PanelOptions {
  disbursement?: SandboxDisbursement;
  lenders?: readonly LenderProfile[];
  /** The lenders' pace (their decision times scaled): 1, testConfig's LENDER_DELAY_SCALE, unless given. */
  delayScale?: number;
}

const ready = new Map<SandboxDisbursement, LenderSandbox>();

function panelAt(sandbox: LenderSandbox, options: PanelOptions): LenderPanel {
  const scale = options.delayScale ?? 1;
  return lenderPanelOf(
    (options.lenders ?? builtInLenders).map((profile): LenderAdapter => {
      const adapter = createHttpLenderAdapter({
        profile,
        endpoint: sandboxEndpoint(sandbox, profile, { delayScale: scale }),
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
  return panelAt(await testLenderSandbox(options.disbursement ?? 'automatic'), options);
}

/** Starts the worker's sandboxes (createTestApp does, so that a test's lending worker needs no await). */
export async function prepareTestLenders(): Promise<void> {
  for (const disbursement of ['automatic', 'callback'] as const) {
    ready.set(disbursement, await testLenderSandbox(disbursement));
  }
}

/**
 * The endpoints of these lenders at the worker's sandbox (`automatic`), for a register panel's
 * `endpointsOf` (register-panel.ts): read when the panel is built, after the test app started the sandbox.
 */
export function testSandboxEndpointsOf(lenderIds: readonly string[]): Map<string, LenderEndpointConfig> {
  const sandbox = ready.get('automatic');
  if (!sandbox) throw new Error('the test lenders are not started: make the test app first (createTestApp)');
  const profiles = new Map(builtInLenders.map((profile) => [profile.id, profile]));
  return new Map(
    lenderIds.flatMap((id) => {
      const profile = profiles.get(id);
      return profile ? [[id, sandboxEndpoint(sandbox, profile)] as const] : [];
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
    const sandbox = ready.get(disbursement);
    if (!sandbox)
      throw new Error('the test lenders are not started: make the test app first (createTestApp)');
    panel = panelAt(sandbox, options);
    shared.set(key, panel);
  }
  return panel;
}
