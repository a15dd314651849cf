import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { enqueueJob } from './job.repository.ts';
import { insertOutboxEvents, putOffEvent } from './outbox.repository.ts';
import { readQueueHealth } from './queue-health.repository.ts';
import { registerQueueMetrics } from './queue-metrics.ts';

// The background work's gauges on /metrics (queue-metrics.ts): counted from the database at each scrape.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The value of each sample of the scrape by name, e.g. `nordloan_jobs{status="failed"}`. */
async function scrapeSamples(): Promise<Map<string, number>> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return samplesOf(response.body);
}

function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(nordloan_[a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

const query = (text: string) => t.database.withSession((session) => session.query(text));

describe('the queue gauges', () => {
  it('count the outbox backlog, the events put off, and jobs by status', async () => {
    // Whatever the app's start left: the gauges are compared against it.
    await query('UPDATE outbox_event SET published_at = now() WHERE published_at IS NULL');
    const before = await scrapeSamples();
    expect(before.get('nordloan_queue_metrics_up')).toBe(1);
    expect(before.get('nordloan_outbox_events{state="unpublished"}')).toBe(0);
    expect(before.get('nordloan_outbox_oldest_takeable_seconds')).toBe(0);

    const applicationId = crypto.randomUUID();
    const createdAt = new Date(t.clock.now().getTime() - 90_000);
    await insertOutboxEvents(
      t.database.db,
      [0, 1, 2].map((index) => ({
        eventName: 'loan-application-status-changed' as const,
        aggregateType: 'loan-application' as const,
        aggregateId: applicationId,
        loanApplicationId: applicationId,
        payload: { index },
        createdAt,
      })),
    );
    const [first] = (await query(
      `SELECT id FROM outbox_event WHERE loan_application_id = '${applicationId}' ORDER BY id LIMIT 1`,
    )) as { id: number }[];
    await putOffEvent(t.database.db, {
      id: Number(first!.id),
      attempts: 7,
      error: 'no template for this message',
      retryAt: new Date(t.clock.now().getTime() + 60_000),
    });
    const takeable = crypto.randomUUID();
    await insertOutboxEvents(t.database.db, [
      {
        eventName: 'loan-application-status-changed',
        aggregateType: 'loan-application',
        aggregateId: takeable,
        loanApplicationId: takeable,
        payload: {},
        createdAt: new Date(t.clock.now().getTime() - 45_000),
      },
    ]);
    const withTakeable = await scrapeSamples();
    expect(withTakeable.get('nordloan_outbox_oldest_takeable_seconds')).toBeCloseTo(45, 0);
    await query(`UPDATE outbox_event SET published_at = now() WHERE loan_application_id = '${takeable}'`);

    const jobs = ['pending', 'failed', 'failed'].map(() =>
      enqueueJob(t.database.db, { kind: 'queue-metrics-test', runAt: new Date('2099-01-01T00:00:00Z') }),
    );
    const [, ...toFail] = await Promise.all(jobs);
    for (const row of toFail) await query(`UPDATE job SET status = 'failed' WHERE id = ${row!.id}`);

    const after = await scrapeSamples();
    expect(after.get('nordloan_outbox_events{state="unpublished"}')).toBe(3);
    expect(after.get('nordloan_outbox_events{state="put_off"}')).toBe(1);
    expect(after.get('nordloan_outbox_most_publish_attempts')).toBe(7);
    // The put-off event and the two behind it wait for its retry: none is for the relay to take now.
    expect(after.get('nordloan_outbox_oldest_takeable_seconds')).toBe(0);
    expect(after.get('nordloan_jobs{status="pending"}')).toBe(
      (before.get('nordloan_jobs{status="pending"}') ?? 0) + 1,
    );
    expect(after.get('nordloan_jobs{status="failed"}')).toBe(
      (before.get('nordloan_jobs{status="failed"}') ?? 0) + 2,
    );
  });
});

describe('a scrape whose read fails or hangs', () => {
  const scrapeWith = async (read: typeof readQueueHealth) => {
    const registry = new Registry();
    const warnings: string[] = [];
    registerQueueMetrics(registry, {
      db: t.database.db,
      now: t.clock.now,
      log: { warn: (_fields: object, message?: string) => void warnings.push(message ?? '') },
      read,
      readTimeoutMs: 50,
    });
    return { samples: samplesOf(await registry.metrics()), warnings };
  };

  it('answers with the figures unknown, never zeros that say all is well', async () => {
    for (const read of [
      async () => {
        throw new Error('connection terminated (test)');
      },
      () => new Promise<never>(() => {}),
    ]) {
      const { samples, warnings } = await scrapeWith(read);
      expect(samples.get('nordloan_queue_metrics_up')).toBe(0);
      expect(samples.get('nordloan_outbox_most_publish_attempts')).toBeNaN();
      expect(samples.get('nordloan_outbox_oldest_takeable_seconds')).toBeNaN();
      expect([...samples.keys()].filter((name) => name.includes('{'))).toEqual([]);
      expect(warnings).toEqual(['queue metrics could not be read']);
    }
  });

  it('reads the database once per scrape for every gauge', async () => {
    let reads = 0;
    const { samples } = await scrapeWith(async (db, now) => {
      reads++;
      return readQueueHealth(db, now);
    });
    expect(reads).toBe(1);
    expect(samples.get('nordloan_queue_metrics_up')).toBe(1);
  });
});
