import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness.ts';

// Issue 37 item 3 (ADR 0071): what an instance does on SIGTERM, in this order —
//  1. turns not-ready (/health/ready answers 503) while it still serves everything it is sent;
//  2. waits `drainMs`, the balancer's time to see that (HAProxy: 2 checks 500 ms apart) and stop sending;
//  3. closes: event streams end with a reconnect hint (the transparency routes' preClose), the listener
//     stops, requests in flight finish — those still running after `deadlineMs` are cut — and the onClose
//     hooks stop the job worker, which gives back the leases of jobs it could not finish.
// The caller then closes the database and exits 0.

export interface GracefulShutdownOptions {
  app: FastifyInstance;
  readiness: Readiness;
  drainMs: number;
  deadlineMs: number;
  /** Waits; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ShutdownOutcome {
  /** Requests still open at the deadline whose connections were cut. */
  forced: boolean;
  /** Milliseconds from the start of the drain to the app's close. */
  tookMs: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function shutDownGracefully(options: GracefulShutdownOptions): Promise<ShutdownOutcome> {
  const { app, readiness, drainMs, deadlineMs } = options;
  const started = Date.now();
  readiness.drain();
  if (drainMs > 0) await (options.sleep ?? realSleep)(drainMs);
  let forced = false;
  const cut = setTimeout(() => {
    forced = true;
    app.log.warn(
      { deadlineMs },
      'requests still in flight at the shutdown deadline: their connections are cut',
    );
    app.server.closeAllConnections?.();
  }, deadlineMs);
  cut.unref();
  // A keep-alive connection whose request finished is closed as soon as it is idle: the server's own close
  // only closes those idle at its start, and one a client keeps would hold the close until the deadline.
  const idle = setInterval(() => app.server.closeIdleConnections?.(), 50);
  idle.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    clearInterval(idle);
  }
  return { forced, tookMs: Date.now() - started };
}
