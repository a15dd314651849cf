import { lenderPanel } from '@nordloan/domain/lending/lender-panel';
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { syncLenderRegister } from '#src/modules/lenders/lender.repository.ts';
import { offerActionRoutes } from '#src/modules/lending/acceptance-and-payout/offer-action.routes.ts';
import { lenderCallbackRoutes } from '#src/modules/lending/callbacks/lender-callback.routes.ts';
import { createLendingWorker, scheduleExpirySweep } from '#src/modules/lending/fan-out/lending-jobs.ts';
import { createSimulatedLenderPanel } from '#src/modules/lending/lender-panel/simulated-lender-panel.ts';
import { applicationLifecycleRoutes } from '#src/modules/loan-applications/lifecycle/application-lifecycle.routes.ts';

// The lending engine's routes and its worker. The panel is the built-in simulated one (seed and delay
// scale from config.worker); the worker runs only when config.worker.enabled — tests and the benchmark
// drive it themselves with createLendingWorker(…).runUntilIdle().

export async function lendingRoutes(app: FastifyInstance, options: ModuleOptions) {
  const { config, db, now } = options;
  const panel = createSimulatedLenderPanel({
    seed: config.worker.lenderSeed,
    delayScale: config.worker.lenderDelayScale,
  });
  await app.register(applicationLifecycleRoutes, { ...options, panel });
  await app.register(offerActionRoutes, { ...options, panel });
  await app.register(lenderCallbackRoutes, { ...options, panel });
  // The §3 Lender register follows the configured panel (0006_lenders.sql).
  app.addHook('onReady', async () => {
    await syncLenderRegister(db, lenderPanel, now());
  });

  if (config.worker.enabled) {
    const worker = createLendingWorker({ db, config, now, panel, log: app.log });
    app.addHook('onReady', async () => {
      await scheduleExpirySweep(db, now());
      worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  }
}
