// The sandbox lender as its own process (docs/decisions/0062): `npm start` runs it outside production
// (apps/api/dist/lender-sandbox.js; `LENDER_SANDBOX=false` turns it off), `npm run lender:sandbox` runs it
// from the sources. Every panel lender at http://localhost:3002/<lender id> (LENDER_SANDBOX_PORT), its
// callbacks to the API at LENDER_SANDBOX_CALLBACK_URL (default http://localhost:<PORT>/lender-api/callbacks),
// secrets: each lender's sandbox secret (lender-credentials.ts). The API calls it instead of the in-process
// panel with LENDER_API_SANDBOX_URL=http://localhost:3002. Misbehaviour on purpose with
// LENDER_SANDBOX_FAULTS=1 (transient 5xx, lost answers, hangs, duplicate and out-of-order callbacks).
// A callback the API does not take is tried again: LENDER_SANDBOX_CALLBACK_TRIES times in all (5), after
// 1 s, 2 s, 4 s, … or every LENDER_SANDBOX_CALLBACK_RETRY_MS (the crash test: through an API restart).
// What it was asked and sent: GET <sandbox>/_sandbox/ledger (sandbox-ledger.ts).
import { loadConfig } from '#src/config.ts';
import { startLenderSandbox } from './lender-sandbox.ts';
import { loadSandboxPolicies } from './sandbox-policies.ts';

const config = loadConfig();
if (!config.lenderApi.sandbox.enabled) {
  console.log('sandbox lender: off (production, or LENDER_SANDBOX=false)');
  process.exit(0);
}
const faults = process.env.LENDER_SANDBOX_FAULTS === '1';
const callbackUrl =
  process.env.LENDER_SANDBOX_CALLBACK_URL ?? `http://localhost:${config.port}/lender-api/callbacks`;
const log = (line: string) => console.log(`sandbox lender: ${line}`);
const callbackTries = Number(process.env.LENDER_SANDBOX_CALLBACK_TRIES ?? 5);
const callbackRetryMs = Number(process.env.LENDER_SANDBOX_CALLBACK_RETRY_MS ?? 0);
if (!Number.isInteger(callbackTries) || callbackTries < 1 || !(callbackRetryMs >= 0)) {
  console.log('sandbox lender: LENDER_SANDBOX_CALLBACK_TRIES ≥ 1 and LENDER_SANDBOX_CALLBACK_RETRY_MS ≥ 0');
  process.exit(1);
}
// With PostgreSQL the lenders' credit policies come from the lender table (ADR 0067).
const lenders = await loadSandboxPolicies(config.databaseUrl, log);
try {
  const sandbox = await startLenderSandbox({
    ...(lenders ? { lenders } : {}),
    host: config.host === 'localhost' ? '127.0.0.1' : config.host,
    port: config.lenderApi.sandbox.port,
    seed: config.worker.lenderSeed,
    delayScale: config.worker.lenderDelayScale,
    callbackUrl,
    callbackMaxTries: callbackTries,
    ...(callbackRetryMs > 0 ? { callbackRetryDelayMs: () => callbackRetryMs } : {}),
    ...(faults
      ? {
          faults: {
            unavailable: 0.03,
            lostAnswer: 0.02,
            hang: 0.01,
            hangMs: 8_000,
            duplicateCallbacks: 0.2,
            reorderCallbacks: 0.3,
          },
        }
      : {}),
    log,
  });
  console.log(
    `sandbox lender on ${sandbox.url}/<lender id> (callbacks to ${callbackUrl}${faults ? ', faults on' : ''})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // A port in use (another checkout's sandbox) must not stop the API beside it.
  console.log(`sandbox lender not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(0);
}
