import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import type { FastifyInstance } from 'fastify';
import type { JobWorker } from '#src/jobs/worker.ts';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { syncLenderRegister } from '#src/modules/lenders/lender.repository.ts';
import { offerActionRoutes } from '#src/modules/lending/acceptance-and-payout/offer-action.routes.ts';
import { reQuoteRoutes } from '#src/modules/lending/acceptance-and-payout/re-quote.routes.ts';
import { lenderCallbackRoutes } from '#src/modules/lending/callbacks/lender-callback.routes.ts';
import { signedCallbackRoutes } from '#src/modules/lending/callbacks/signed-callback.routes.ts';
import { scheduleExpirySweep } from '#src/modules/lending/closing/expiry-jobs.ts';
import type { ExternalDataProvider } from '#src/modules/lending/intake/external-data.ts';
import { lenderApiRoutes } from '#src/modules/lending/lender-api/lender-api.routes.ts';
import type { LenderCredentials } from '#src/modules/lending/lender-api/lender-credentials.ts';
import { createLenderWithdrawalApi } from '#src/modules/lending/lender-api/lender-withdrawal.ts';
import type { LenderPanel } from '#src/modules/lending/lender-panel/lender-adapter.ts';
import type { RegisterPanel } from '#src/modules/lending/lender-panel/register-panel.ts';
import { lenderPortalRoutes } from '#src/modules/lending/lender-portal/lender-portal.routes.ts';
import { registerLendingJobs } from '#src/modules/lending/lending-jobs.ts';
import { transparencyRoutes } from '#src/modules/lending/presentation/transparency.routes.ts';
import { withdrawalRoutes } from '#src/modules/lending/withdrawal/withdrawal.routes.ts';

// The lending engine's routes, and its jobs on the app's worker (each kind and its handler: lending-jobs.ts).
// Everything it works with comes in from buildApp (app.ts): the lender panel, the external-data provider and
// — when the app runs one — the worker; tests and the benchmark drive their own with
// createLendingWorker(…).runUntilIdle().

/** How often an instance with a worker looks for lenders changed elsewhere (fan-outs look every time). */
const panelRefreshMs = 5_000;

export interface LendingDependencies {
  panel: LenderPanel;
  externalData: ExternalDataProvider;
  /** The app's job worker (started and stopped by buildApp); none when config.worker.enabled is false. */
  worker?: JobWorker | undefined;
  /** Each lender's secret for signed callbacks (absent: from the config; ADR 0062). */
  lenderCredentials?: LenderCredentials | undefined;
}

export async function lendingRoutes(app: FastifyInstance, options: ModuleOptions & LendingDependencies) {
  const { db, now, panel, externalData, worker } = options;
  await app.register(offerActionRoutes, { ...options, panel });
  await app.register(lenderCallbackRoutes, { ...options, panel });
  // The lender API (ADR 0062): its signed callbacks, its document and the lenders' circuits.
  await app.register(signedCallbackRoutes, { ...options, panel });
  await app.register(lenderApiRoutes, { ...options, panel });
  await app.register(transparencyRoutes, options);
  await app.register(reQuoteRoutes, { ...options, panel });
  // Withdrawal from a signed credit agreement (CCD2 art. 26, ADR 0066); its lender notice runs on the worker.
  await app.register(withdrawalRoutes, {
    ...options,
    lenders: createLenderWithdrawalApi({ panel }),
    worker,
  });
  // The lender portal: lenders without an API answer there, as by callback (ADR 0068).
  await app.register(lenderPortalRoutes, { ...options, panel });
  // The lender table is the panel (ADR 0067): seeded from the code list, then read by the panel. A fan-out
  // reads it again when it changed; the app's worker also looks every few seconds, so a lender added on
  // another instance is known here before its first callback.
  app.addHook('onReady', async () => {
    await syncLenderRegister(db, lenderPanel, now());
    await panel.refresh?.(db);
    // The simulated lenders live in the sandbox process only (ADR 0083): without its address they are not
    // on the panel, said once here rather than as every application's missing offers.
    const missing = (panel as Partial<RegisterPanel>).withoutEndpoint?.() ?? [];
    if (missing.length > 0) {
      app.log.warn(
        { lenders: missing },
        `${missing.length} simulated lenders are not on the panel: no sandbox lender (LENDER_API_SANDBOX_URL) to call them at`,
      );
    }
  });
  if (worker && panel.refresh) {
    const refresh = panel.refresh.bind(panel);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void refresh(db).catch(() => undefined), panelRefreshMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  if (worker) {
    registerLendingJobs(worker, { panel, externalData, batchSize: options.config.worker.batchSize });
    app.addHook('onReady', async () => {
      await scheduleExpirySweep(db, now());
    });
  }
}
