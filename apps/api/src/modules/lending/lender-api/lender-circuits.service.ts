import type { LenderCircuitView } from '@nordloan/domain/lending/lender-api';
import type { Caller } from '#src/lib/caller.ts';
import { staffCountries } from '#src/lib/staff-access.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import { httpLendersOf } from './http-lender-panel.ts';

// The circuit of each lender called over HTTP, for staff (issue 33 item 2): whether calls go out, how
// often it opened, its last failure and the calls by outcome — in the markets where the caller may read
// applications. The same figures are on /metrics (lender-api-metrics.ts).

export function lenderCircuits(options: { panel: LenderPanel; caller: Caller }): {
  Lenders: LenderCircuitView[];
} {
  const countries = staffCountries(options.caller, 'application.read');
  return {
    Lenders: httpLendersOf(options.panel)
      .filter((adapter) => countries.includes(adapter.profile.country))
      .map((adapter) => {
        const circuit = adapter.circuit();
        const calls: Record<string, number> = {};
        for (const [key, count] of adapter.stats().calls) {
          const outcome = key.split('|')[1]!;
          calls[outcome] = (calls[outcome] ?? 0) + count;
        }
        return {
          LenderID: adapter.profile.id,
          Name: adapter.profile.name,
          Country: adapter.profile.country,
          State: circuit.state,
          ConsecutiveFailures: circuit.consecutiveFailures,
          TimesOpened: circuit.timesOpened,
          OpenUntil: circuit.openUntil?.toISOString() ?? null,
          LastFailure: circuit.lastFailure,
          LastFailureAt: circuit.lastFailureAt?.toISOString() ?? null,
          Calls: calls,
        };
      }),
  };
}
