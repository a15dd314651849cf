import type { Country, Product } from '@nordloan/domain/enums';
import { type LenderProfile, registerLenderProfiles } from '@nordloan/domain/lending/lender-panel';
import { type LenderEndpointConfig, lenderEndpointSchema } from '#src/config.ts';
import type { Executor } from '#src/db/client.ts';
import { openNationalId } from '#src/db/personal-data-cipher.ts';
import { type LenderRow, lenderPanelVersion, listLenders } from '#src/modules/lenders/lender.repository.ts';
import {
  createHttpLenderAdapter,
  isHttpLenderAdapter,
} from '#src/modules/lending/lender-api/http-lender-adapter.ts';
import type { LenderCredentials } from '#src/modules/lending/lender-api/lender-credentials.ts';
import type { LenderAdapter, LenderPanel } from './lender-adapter.ts';
import { createPortalLender } from './portal-lender.ts';

// The panel read from the lender table (issue 33 item 4, docs/decisions/0067): each lender as its row says —
// the sandbox lender ('simulated': at the endpoint the config gives it, ADR 0062's lenderEndpointsOf; without
// one it is not on the panel, ADR 0083: the simulation runs only in the sandbox process), its own API at its
// endpoint with its sealed secret ('api'), or the lender portal ('portal'). Paused and inactive lenders get no new application; their adapters stay, so the requests they
// already have finish. Every fan-out first compares the table's version (one max() over a few rows) with the
// one the panel was built from and reads the lenders again when it moved: a pause on one instance is in
// the next fan-out of every instance, with no cache to invalidate.

export interface RegisterPanel extends LenderPanel {
  refresh(db: Executor): Promise<void>;
  /** The 'simulated' lenders left off the panel for want of an endpoint (no sandbox configured). */
  withoutEndpoint(): readonly string[];
  /** The lenders' secrets: the sealed one of a row, else (simulated lenders only) the config's. */
  readonly credentials: LenderCredentials;
  /** The version the panel was last built from (0: not yet read). */
  version(): number;
}

export interface RegisterPanelOptions {
  /**
   * The config's endpoints of simulated lenders (LENDER_API_LENDERS / LENDER_API_SANDBOX_URL): the sandbox
   * lender hosts them; a simulated lender without one is not on the panel.
   */
  endpointsOf?: (lenderIds: readonly string[]) => ReadonlyMap<string, LenderEndpointConfig>;
  /** Secrets of lenders without a sealed one (the config's, and the sandbox's outside production). */
  fallbackCredentials: LenderCredentials;
  clock?: () => Date;
  backoffMs?: (retry: number) => number;
}

interface Entry {
  row: LenderRow;
  adapter: LenderAdapter;
  /** The opened secret of the row, when it has one. */
  secret: string | null;
}

/** A replaced HTTP adapter's pool closes after its calls in flight had their time (the 15 s budget). */
const retireAfterMs = 20_000;

export function createRegisterPanel(options: RegisterPanelOptions): RegisterPanel {
  let entries = new Map<string, Entry>();
  let eligible: LenderAdapter[] = [];
  let builtFrom = 0;
  let withoutEndpoint: string[] = [];

  const profileOf = (row: LenderRow): LenderProfile => ({
    ...(row.profile as LenderProfile),
    // The columns are the record; the profile carries the policy.
    id: row.id,
    name: row.name,
    country: row.country as Country,
    products: row.products as Product[],
  });

  const credentials: LenderCredentials = {
    async secretsOf(lenderId) {
      const entry = entries.get(lenderId);
      if (entry?.secret) return [entry.secret];
      // A lender staff added has its own secret or none: never the config's or the sandbox's.
      if (entry && entry.row.channel !== 'simulated') return [];
      return options.fallbackCredentials.secretsOf(lenderId);
    },
  };

  const build = (row: LenderRow, configured: LenderEndpointConfig | undefined): LenderAdapter | undefined => {
    const profile = profileOf(row);
    const http = (endpoint: LenderEndpointConfig) =>
      createHttpLenderAdapter({
        profile,
        endpoint,
        credentials,
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
      });
    switch (row.channel) {
      case 'api':
        return http(lenderEndpointSchema.parse({ url: row.endpointUrl, timeoutMs: row.timeoutMs }));
      case 'portal':
        return createPortalLender(profile);
      default:
        return configured ? http(configured) : undefined;
    }
  };

  const rebuild = (rows: readonly LenderRow[], version: number) => {
    const configured = options.endpointsOf?.(rows.map((row) => row.id)) ?? new Map();
    const next = new Map<string, Entry>();
    const missing: string[] = [];
    for (const row of rows) {
      const previous = entries.get(row.id);
      if (previous && previous.row.version === row.version) {
        next.set(row.id, previous);
        continue;
      }
      if (previous && isHttpLenderAdapter(previous.adapter)) {
        const retired = previous.adapter;
        setTimeout(() => retired.close(), retireAfterMs).unref();
      }
      const adapter = build(row, configured.get(row.id));
      if (!adapter) {
        missing.push(row.id);
        continue;
      }
      next.set(row.id, { row, adapter, secret: row.secretSealed ? openNationalId(row.secretSealed) : null });
    }
    entries = next;
    withoutEndpoint = missing;
    // Names and profiles of lenders added as data, wherever a lender is looked up by id (quotes, SECCI).
    registerLenderProfiles([...next.values()].map((entry) => entry.adapter.profile));
    eligible = [...next.values()]
      .filter((entry) => entry.row.active && !entry.row.paused)
      .map((entry) => entry.adapter);
    builtFrom = version;
  };

  return {
    credentials,
    version: () => builtFrom,
    withoutEndpoint: () => withoutEndpoint,
    adapter: (lenderId) => entries.get(lenderId)?.adapter,
    forApplication: (country, product) =>
      eligible.filter(
        (adapter) => adapter.profile.country === country && adapter.profile.products.includes(product),
      ),
    all: () => [...entries.values()].map((entry) => entry.adapter),
    async refresh(db) {
      const version = await lenderPanelVersion(db);
      if (version === builtFrom) return;
      const rows = await listLenders(db);
      // Another refresh may have built a newer panel meanwhile: never go back to an older one.
      if (version > builtFrom || version === 0) rebuild(rows, version);
    },
  };
}
