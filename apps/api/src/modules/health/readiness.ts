import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#src/db/client.ts';
import { readMigrations } from '#src/db/migrate.ts';

// Issue 37 item 2 (ADR 0071): the load balancer sends requests to an instance only while it is ready —
// its database answers through the pool, every migration this build knows is applied, and it is not
// draining for a shutdown. Liveness is only "the process answers": a database outage makes every
// instance unready, never restarted.

export type NotReadyReason = 'draining' | 'database' | 'migrations';

export interface Readiness {
  /** True from SIGTERM on: /health/ready answers 503 so the balancer takes the instance out. */
  readonly draining: boolean;
  drain(): void;
  /** Subscribes to the start of draining; answers the unsubscribe. */
  onDrain(listener: () => void): () => void;
}

export function createReadiness(): Readiness {
  let draining = false;
  const listeners = new Set<() => void>();
  return {
    get draining() {
      return draining;
    },
    drain() {
      if (draining) return;
      draining = true;
      for (const listener of [...listeners]) listener();
    },
    onDrain(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Answers why the instance is not ready, or null when it is; a check slower than `timeoutMs` is a failure. */
export function createReadinessCheck(options: {
  database: Pick<DatabaseHandle, 'db'>;
  readiness: Readiness;
  timeoutMs?: number;
  /** The migrations this build applies at start-up (default: those in db/migrations). */
  migrationNames?: readonly string[];
}): () => Promise<NotReadyReason | null> {
  const expected = options.migrationNames ?? readMigrations().map((migration) => migration.name);
  const timeoutMs = options.timeoutMs ?? 2_000;
  // Applied migrations are never taken back: once all were there, only the database's answer is checked.
  let migrated = false;
  const check = async (): Promise<NotReadyReason | null> => {
    if (migrated) {
      await options.database.db.execute(sql`SELECT 1`);
      return null;
    }
    const result = await options.database.db.execute(sql`SELECT name FROM schema_migrations`);
    const rows = ((result as { rows?: { name: string }[] }).rows ?? []) as { name: string }[];
    const applied = new Set(rows.map((row) => row.name));
    migrated = expected.every((name) => applied.has(name));
    return migrated ? null : 'migrations';
  };
  return async () => {
    if (options.readiness.draining) return 'draining';
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        check(),
        new Promise<NotReadyReason>((resolve) => {
          timer = setTimeout(() => resolve('database'), timeoutMs);
        }),
      ]);
    } catch {
      return 'database';
    } finally {
      clearTimeout(timer);
    }
  };
}
