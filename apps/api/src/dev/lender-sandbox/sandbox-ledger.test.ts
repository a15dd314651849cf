import { randomUUID } from 'node:crypto';
import { idempotencyKeyHeader, lenderSignatureHeader } from '@nordloan/domain/lending/lender-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleApplication } from '#src/modules/lending/lender-api/conformance-kit.ts';
import { sandboxLenderSecret } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { signLenderMessage } from '#src/modules/lending/lender-api/lender-signature.ts';
import { type LenderSandbox, startLenderSandbox } from './lender-sandbox.ts';
import { type SandboxLedgerSnapshot, sandboxLedgerPath } from './sandbox-ledger.ts';

// The sandbox's ledger (ADR 0084), what the crash test reads from outside the sandbox's process: each call by
// key — received, answered, done — and the registrations per application; and a key sent again while its
// first try is still at work waits for that try instead of doing the work a second time.

const lenderId = 'no-fjordbanken';
let sandbox: LenderSandbox;
beforeAll(async () => {
  // Registrations take the lender's 150 ms × 0.2: long enough for a second try to arrive during the first.
  sandbox = await startLenderSandbox({ seed: 42, delayScale: 0.2 });
});
afterAll(async () => sandbox?.close());

function register(reference: string, key: string) {
  const body = JSON.stringify({
    MessageId: randomUUID(),
    SentAt: new Date().toISOString(),
    ApplicationReference: reference,
    Application: sampleApplication('NO'),
  });
  return fetch(`${sandbox.urlOf(lenderId)}/applications`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [idempotencyKeyHeader]: key,
      [lenderSignatureHeader]: signLenderMessage(sandboxLenderSecret(lenderId), body, new Date()),
    },
    body,
  });
}

async function ledger(): Promise<SandboxLedgerSnapshot & { inFlight: number }> {
  const response = await fetch(sandbox.url + sandboxLedgerPath);
  expect(response.status).toBe(200);
  return (await response.json()) as SandboxLedgerSnapshot & { inFlight: number };
}

describe('the sandbox ledger', () => {
  it('counts each key: two tries at once are done once, a new key for the same application is its own call', async () => {
    const reference = randomUUID();
    const key = `register:${reference}`;
    const [first, second] = await Promise.all([register(reference, key), register(reference, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [await first.json(), await second.json()] as Array<{ LenderReference: string }>;
    expect(answers[0]?.LenderReference).toBe(answers[1]?.LenderReference);
    expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')]).toContain(
      'true',
    );
    expect((await register(reference, `register:${reference}:again`)).status).toBe(200);

    const snapshot = await ledger();
    const calls = snapshot.calls.filter((call) => call.reference === reference);
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          lenderId,
          operation: 'registerApplication',
          idempotencyKey: key,
          received: 2,
          answered: 2,
          executed: 1,
        }),
        expect.objectContaining({ idempotencyKey: `register:${reference}:again`, received: 1, executed: 1 }),
      ]),
    );
    // The lender's own bookkeeping: one application however many keys (a second key is what the crash test
    // catches in `calls`).
    expect(snapshot.registrations.filter((entry) => entry.reference === reference)).toEqual([
      { lenderId, reference, count: 1 },
    ]);
    expect(snapshot.inFlight).toBe(0);
    expect(snapshot.callbacks).toEqual({ pending: 0, delivered: [] });
  });
});
