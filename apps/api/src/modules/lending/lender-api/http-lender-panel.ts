import { type Config, type LenderEndpointConfig, lenderEndpointSchema } from '#src/config.ts';
import { type LenderPanel, lenderPanelOf } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import {
  createHttpLenderAdapter,
  type HttpLenderAdapter,
  isHttpLenderAdapter,
} from './http-lender-adapter.ts';
import type { LenderCredentials } from './lender-credentials.ts';

// Lenders over HTTP (docs/decisions/0062): the endpoint of each lender from the config, and a panel whose
// lenders with an endpoint are called over HTTP (http-lender-adapter.ts). The app's panel is the lender table
// (register-panel.ts, ADR 0083); tests and benchmarks build theirs with withHttpLenders.

/** The endpoint of each lender to call over HTTP: named in LENDER_API_LENDERS, or all at the sandbox URL. */
export function lenderEndpointsOf(
  config: Pick<Config, 'lenderApi'>,
  lenderIds: readonly string[],
): Map<string, LenderEndpointConfig> {
  const { lenders, sandboxUrl } = config.lenderApi;
  const unknown = Object.keys(lenders).filter((id) => !lenderIds.includes(id));
  if (unknown.length > 0)
    throw new Error(`LENDER_API_LENDERS names lenders not on the panel: ${unknown.join(', ')}`);
  const endpoints = new Map<string, LenderEndpointConfig>();
  for (const id of lenderIds) {
    const named = lenders[id];
    if (named) endpoints.set(id, named);
    else if (sandboxUrl) {
      endpoints.set(
        id,
        lenderEndpointSchema.parse({ url: `${sandboxUrl.replace(/\/$/, '')}/${id}`, simulation: true }),
      );
    }
  }
  return endpoints;
}

/** `panel` with the lenders of `endpoints` called over HTTP instead. */
export function withHttpLenders(
  panel: LenderPanel,
  options: {
    endpoints: ReadonlyMap<string, LenderEndpointConfig>;
    credentials: LenderCredentials;
    clock?: () => Date;
    backoffMs?: (retry: number) => number;
  },
): LenderPanel {
  if (options.endpoints.size === 0) return panel;
  return lenderPanelOf(
    panel.all().map((adapter) => {
      const endpoint = options.endpoints.get(adapter.profile.id);
      if (!endpoint) return adapter;
      return createHttpLenderAdapter({
        profile: adapter.profile,
        endpoint,
        credentials: options.credentials,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
      });
    }),
  );
}

/** The panel's lenders called over HTTP (their circuits and call counts). */
export function httpLendersOf(panel: LenderPanel): HttpLenderAdapter[] {
  return panel.all().filter(isHttpLenderAdapter);
}

/** Closes the keep-alive pools of the panel's HTTP lenders (at shutdown, and after tests). */
export function closeHttpLenders(panel: LenderPanel): void {
  for (const adapter of httpLendersOf(panel)) adapter.close();
}
