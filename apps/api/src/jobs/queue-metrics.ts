import { Gauge, type Registry } from 'prom-client';
import type { Executor } from '#src/db/client.ts';
import { type QueueHealth, readQueueHealth } from './queue-health.repository.ts';
import type { WorkerLogger } from './worker.ts';

// The background work as Prometheus gauges (on /metrics, ADR 0051): what an operator alerts on — an outbox
// event that keeps failing (it is retried for ever, and its application's later events wait behind it), a
// backlog that does not drain, jobs that used up their attempts. Read from the database at each scrape, with
// one statement for all of them.

/** Adds the queue gauges to `registry`; a scrape reads them with one statement. */
export function registerQueueMetrics(
  registry: Registry,
  options: { db: Executor; now: () => Date; log: Pick<WorkerLogger, 'warn'> },
): void {
  // A scrape starts every gauge's collection at once (prom-client's Registry.metrics): they share the one read
  // in flight, and the next scrape reads afresh.
  let inFlight: Promise<QueueHealth | undefined> | undefined;
  const health = () => {
    inFlight ??= readQueueHealth(options.db, options.now())
      .catch((error: unknown) => {
        // A scrape without these gauges (and /health says why) rather than a failed scrape.
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
    values: (health: QueueHealth) => [labels: Record<string, string>, value: number][],
    labelNames: string[] = [],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const current = await health();
        if (!current) return;
        for (const [labels, value] of values(current)) this.set(labels, value);
      },
    });

  gauge(
    'nordloan_outbox_events',
    'Outbox events not yet handed on, by state: unpublished (all of them) and put_off (failed, waiting to be retried)',
    (h) => [
      [{ state: 'unpublished' }, h.outboxUnpublished],
      [{ state: 'put_off' }, h.outboxPutOff],
    ],
    ['state'],
  );
  gauge(
    'nordloan_outbox_most_publish_attempts',
    'The most failed publish attempts of one outbox event still waiting',
    (h) => [[{}, h.outboxMostAttempts]],
  );
  gauge(
    'nordloan_outbox_oldest_unpublished_seconds',
    'Age of the oldest outbox event not yet handed on (0: none)',
    (h) => [[{}, h.outboxOldestUnpublishedSeconds]],
  );
  gauge(
    'nordloan_jobs',
    'Background jobs by status: pending, running, failed (used up their attempts)',
    (h) => [
      [{ status: 'pending' }, h.jobsPending],
      [{ status: 'running' }, h.jobsRunning],
      [{ status: 'failed' }, h.jobsFailed],
    ],
    ['status'],
  );
}
