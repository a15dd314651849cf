import { lendersFor } from '@nordloan/domain/lending/lender-panel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lenderEndpointSchema } from '#src/config.ts';
import { type LenderSandbox, startLenderSandbox } from '#src/dev/lender-sandbox/lender-sandbox.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { closeHttpLenders, withHttpLenders } from './http-lender-panel.ts';
import { credentialsOf } from './lender-credentials.ts';

// The soft pre-qualification over HTTP (ADR 0074), through POST /approval-odds: the sandbox lenders answer
// from their credit policy; a slow one and one without the operation are "no estimate" within the deadline,
// and no credit inquiry is registered.

const strong = {
  Brand: 'se-main',
  Amount: 100_000,
  Duration: 5,
  GrossYearlyIncome: 600_000,
  NetMonthlyIncome: 36_000,
  HousingCostMonthly: 8_000,
  DebtBalance: 0,
  DebtMonthlyPayments: 0,
};
type Lender = { LenderName: string; Likelihood: string };

const count = async (t: TestApp, table: string) => {
  const result = (await t.database.db.execute(
    `SELECT count(*)::int AS n FROM ${table}` as never,
  )) as unknown as { rows: Array<{ n: number }> } | Array<{ n: number }>;
  return (Array.isArray(result) ? result : result.rows)[0]!.n;
};

describe('POST /approval-odds over the lender API (sandbox lenders)', () => {
  const swedish = lendersFor('SE', 'UnsecuredLoan').filter((l) => !l.disabled);
  const slow = swedish[0]!;
  const without = swedish[1]!;
  let sandbox: LenderSandbox;
  let t: TestApp;
  let panel: ReturnType<typeof withHttpLenders>;
  beforeAll(async () => {
    sandbox = await startLenderSandbox({
      seed: 42,
      delayScale: 0,
      prequalification: { unsupported: [without.id], delayMsOf: (id) => (id === slow.id ? 1_500 : 0) },
    });
    panel = withHttpLenders(
      createSimulatedLenderPanel({ seed: 42, delayScale: 0, failures: false, disbursement: 'automatic' }),
      {
        endpoints: new Map(
          swedish.map((l) => [
            l.id,
            lenderEndpointSchema.parse({ url: sandbox.urlOf(l.id), simulation: true }),
          ]),
        ),
        credentials: credentialsOf({}, { sandboxSecrets: true }),
      },
    );
    t = await createTestApp({
      deps: {
        panel,
        lenderCredentials: credentialsOf({}, { sandboxSecrets: true }),
        prequalificationTimeoutMs: 250,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    closeHttpLenders(panel);
    await sandbox?.close();
  });

  it('a slow lender and one without the operation show "no estimate"; the others answer within the deadline', async () => {
    const started = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/approval-odds', payload: strong });
    expect(Date.now() - started).toBeLessThan(1_200);
    const lenders = response.json().Lenders as Lender[];
    const byName = new Map(lenders.map((l) => [l.LenderName, l]));
    expect(byName.get(slow.name)?.Likelihood).toBe('no-estimate');
    expect(byName.get(without.name)?.Likelihood).toBe('no-estimate');
    expect(lenders.filter((l) => l.Likelihood !== 'no-estimate').length).toBe(swedish.length - 2);
    expect(sandbox.requests.get(`${swedish[2]!.id}|prequalify`)).toBe(1);
    expect(await count(t, 'credit_inquiry')).toBe(0);
  });
});
