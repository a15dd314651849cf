import { Gauge, type Registry } from 'prom-client';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { httpLendersOf } from './http-lender-panel.ts';

// The lenders called over HTTP on /metrics (issue 33 item 2; ADR 0051 for who may read it): each circuit's
// state (0 closed, 1 half-open, 2 open) and times opened, and the calls by operation and outcome — read
// from the adapters at each scrape.

const stateValue = { closed: 0, 'half-open': 1, open: 2 } as const;

export function registerLenderApiMetrics(registry: Registry, panel: LenderPanel): void {
  const lenders = () => httpLendersOf(panel);
  new Gauge({
    name: 'nordloan_lender_circuit_state',
    help: 'Circuit breaker of a lender called over HTTP: 0 closed, 1 half-open (one trial call), 2 open',
    labelNames: ['lender'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const adapter of lenders())
        this.set({ lender: adapter.profile.id }, stateValue[adapter.circuit().state]);
    },
  });
  new Gauge({
    name: 'nordloan_lender_circuit_opened_total',
    help: 'Times the circuit of a lender opened since the process started',
    labelNames: ['lender'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const adapter of lenders())
        this.set({ lender: adapter.profile.id }, adapter.circuit().timesOpened);
    },
  });
  new Gauge({
    name: 'nordloan_lender_calls_total',
    help: 'Calls to a lender over HTTP since the process started, by operation and outcome',
    labelNames: ['lender', 'operation', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const adapter of lenders()) {
        for (const [key, count] of adapter.stats().calls) {
          const [operation = '', outcome = ''] = key.split('|');
          this.set({ lender: adapter.profile.id, operation, outcome }, count);
        }
      }
    },
  });
}
