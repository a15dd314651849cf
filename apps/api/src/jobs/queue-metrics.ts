import { Gauge, type Registry } from 'prom-client';
import type { Executor } from '#src/db/client.ts';
import { withinTimeout } from '#src/lib/within-timeout.ts';
import { type QueueHealth, readQueueHealth } from './queue-health.repository.ts';
import type { WorkerLogger } from './worker.ts';

// The background work as Prometheus gauges (on /metrics, ADR 0051): what an operator alerts on — an outbox
// event that keeps failing (it is retried for ever, and its application's later events wait behind it), a
// relay that is not handing events on, jobs that used up their attempts. Read from the database at each
// scrape, with one statement for all of them.

/** Longest a scrape waits for the read: a stuck read (a pool exhausted under load) must not hang /metrics. */
export const queueHealthReadTimeoutMs = 2_000;

/** Adds the queue gauges to `registry`; a scrape reads them with one statement. */
export function registerQueueMetrics(
  registry: Registry,
  options: {
    db: Executor;
    now: () => Date;
    log: Pick<WorkerLogger, 'warn'>;
    /** The read, replaceable in tests (a database that fails or hangs). */
    read?: typeof readQueueHealth;
    readTimeoutMs?: number;
  },
): void {
  const read = options.read ?? readQueueHealth;
  const readTimeoutMs = options.readTimeoutMs ?? queueHealthReadTimeoutMs;
  // A scrape starts every gauge's collection at once (prom-client's Registry.metrics): they share the one read
  // in flight, and the next scrape reads afresh.
  let inFlight: Promise<QueueHealth | undefined> | undefined;
  const health = () => {
    inFlight ??= withinTimeout(read(options.db, options.now()), readTimeoutMs)
      .catch((error: unknown) => {
        // The scrape answers with nordloan_queue_metrics_up 0 and the figures unknown, not with an error.
        options.log.warn({ err: error }, 'queue metrics could not be read');
        return undefined;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  const gauge = (
    name: string,
    help: string,
    values: (health: QueueHealth | undefined) => [labels: Record<string, string>, value: number][],
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const current = await health();
        // Cleared and set in one synchronous step after the read, so a second scrape running beside this one
        // never shows a half-filled gauge. A failed read leaves the labelled gauges empty and the others NaN
        // (unknown): a 0 would say "all is well" while the database is down.
        this.reset();
        for (const [labels, value] of values(current)) this.set(labels, value);
      },
    });

  gauge('nordloan_queue_metrics_up', 'Whether the queue figures below could be read (1) or not (0)', (h) => [
    [{}, h ? 1 : 0],
  ]);
  gauge(
    'nordloan_outbox_events',
    'Outbox events not yet handed on, by state: unpublished (all of them) and put_off (failed, waiting to be retried)',
    (h) =>
      h
        ? [
            [{ state: 'unpublished' }, h.outboxUnpublished],
            [{ state: 'put_off' }, h.outboxPutOff],
          ]
        : [],
    ['state'],
  );
  gauge(
    'nordloan_outbox_most_publish_attempts',
    'The most failed publish attempts of one outbox event still waiting',
    (h) => [[{}, h ? h.outboxMostAttempts : Number.NaN]],
  );
  gauge(
    'nordloan_outbox_oldest_takeable_seconds',
    'Age of the oldest outbox event the relay could hand on now (not put off, not behind a put-off event; 0: none) — grows when the relay stops',
    (h) => [[{}, h ? h.outboxOldestTakeableSeconds : Number.NaN]],
  );
  gauge(
    'nordloan_jobs',
    'Background jobs by status: pending, running, failed (used up their attempts)',
    (h) =>
      h
        ? [
            [{ status: 'pending' }, h.jobsPending],
            [{ status: 'running' }, h.jobsRunning],
            [{ status: 'failed' }, h.jobsFailed],
          ]
        : [],
    ['status'],
  );
}
