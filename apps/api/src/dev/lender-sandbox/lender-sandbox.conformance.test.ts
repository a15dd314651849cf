import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatConformance, runConformance } from '#src/modules/lending/lender-api/conformance-kit.ts';
import { sandboxLenderSecret } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { type LenderSandbox, startLenderSandbox } from './lender-sandbox.ts';

// The sandbox lender passes the lender API's conformance kit (issue 33 items 5 and 7), with its decisions
// taking their time (pending first) and its answers coming back as signed callbacks, the agreement, human
// review, withdrawal and pre-qualification included (ADR 0077); and the kit fails an implementation that
// breaks the contract.

let sandbox: LenderSandbox;
beforeAll(async () => {
  sandbox = await startLenderSandbox({
    seed: 42,
    delayScale: 0.05,
    stepDelayMs: 50,
    disbursement: 'callback',
    callbackRetryDelayMs: () => 50,
  });
});
afterAll(async () => sandbox?.close());

describe('the conformance kit', () => {
  it('passes the sandbox lender, callbacks included', async () => {
    const lenderId = 'no-fjordbanken';
    const results = await runConformance({
      url: sandbox.urlOf(lenderId),
      secret: sandboxLenderSecret(lenderId),
      lenderId,
      decisionWaitMs: 5_000,
      callbackWaitMs: 3_000,
    });
    console.log(formatConformance(results));
    expect(results.filter((result) => result.outcome !== 'pass')).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(25);
    // The operations beside the adapter's are part of the contract (ADR 0077).
    const names = results.map((result) => result.name.split(':')[0]);
    for (const operation of ['agreement', 'human review', 'withdrawal', 'pre-qualification'])
      expect(names).toContain(operation);
  }, 60_000);

  it('fails an implementation that breaks the contract', async () => {
    const lenderId = 'se-malar-kredit';
    // Signed with a secret the lender does not have: every signed request is refused.
    const wrongSecret = await runConformance({
      url: sandbox.urlOf(lenderId),
      secret: sandboxLenderSecret('se-someone-else'),
      callbackWaitMs: 100,
    });
    expect(wrongSecret.filter((result) => result.outcome === 'fail').map((result) => result.name)).toContain(
      'register: the answer keeps the schema and names the application',
    );
    expect(wrongSecret.find((result) => result.name.startsWith('pre-qualification'))?.outcome).toBe('fail');
    // Garbage decisions fail the decision check.
    sandbox.script(lenderId, ...Array(6).fill('garbage-schema'));
    const garbage = await runConformance({
      url: sandbox.urlOf(lenderId),
      secret: sandboxLenderSecret(lenderId),
      callbackWaitMs: 100,
    });
    expect(garbage.some((result) => result.outcome === 'fail')).toBe(true);
  }, 60_000);
});
