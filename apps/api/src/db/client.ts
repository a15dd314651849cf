import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { withoutStatementNames } from './prepared-per-handle.ts';

// Both drivers give the same Drizzle surface; services and repositories only see `Db`.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one dedicated connection (a pooled client on PostgreSQL), for what must not hop
   * between connections: session advisory locks and multi-statement migration scripts.
   */
  withSession<T>(work: (session: RawSession) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel` (issue 13: the personal page's live stream). On PostgreSQL one dedicated
   * connection per call, reconnected when it drops; `onReconnect` then says that notifications may have
   * been missed meanwhile. Answers the function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const channelName = /^[a-z_][a-z0-9_]*$/;

/** A LISTEN on its own PostgreSQL connection (a pooled one would be handed to other queries). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    // A dropped connection (server restart, failover) is replaced after a pause; what was said meanwhile
    // is lost, so the listeners are told to catch up.
    const reconnectLater = () => {
      if (stopped || client !== next) return;
      client = null;
      retry = setTimeout(() => {
        retry = null;
        connect(true).catch(() => reconnectLater());
      }, 1_000);
    };
    next.on('error', (error) => {
      console.warn(`database: the LISTEN connection failed (${error.message})`);
      reconnectLater();
    });
    next.on('end', reconnectLater);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (isReconnect) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

export interface RawSession {
  /** Runs SQL text; several statements are allowed when there are no parameters. */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` (or undefined) keeps nothing on disk. */
  dataDir?: string | undefined;
  /**
   * A dump of an already initialised PGlite data directory (tar, see db/template.ts) to start from when
   * `dataDir` has no database yet, or for an in-memory database: PGlite's initdb is most of a cold start
   * (issue 12) and most of a test file's database set-up.
   */
  template?: Blob | undefined;
  /**
   * An initialised, shut-down PGlite data directory (db/template.ts) copied into `dataDir` when it has no
   * database yet; preferred to `template` there: a native copy instead of untarring through PGlite's
   * emulated file system.
   */
  templateDirectory?: string | undefined;
  poolSize?: number;
  /**
   * A direct PostgreSQL URL (not through a pooler): LISTEN and `withSession` (the migrations' session
   * advisory lock) use it. Required with `poolMode: 'transaction'` (ADR 0070).
   */
  directUrl?: string | undefined;
  /**
   * 'transaction': `url` is PgBouncer in transaction mode, where each transaction may land on another
   * server connection: named prepared statements are sent unnamed (db/prepared-per-handle.ts).
   */
  poolMode?: 'session' | 'transaction' | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    if (options.poolMode === 'transaction') {
      if (!options.directUrl) throw new Error('a transaction pooler needs a direct URL for LISTEN and locks');
      pool.on('connect', withoutStatementNames);
    }
    const sessionUrl = options.directUrl ?? options.url;
    // An idle pooled connection that the server closes (a restart, a failover, an administrator) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces the connection on
    // next use, so a warning is all it takes.
    pool.on('error', (error) => {
      console.warn(`database: an idle connection was closed (${error.message})`);
    });
    // Fail at start-up, not on the first request, when the server is not there.
    const probe = await pool.connect();
    probe.release();
    return {
      db: drizzlePostgres(pool) as unknown as Db,
      kind: 'postgres',
      withSession: async (work) => {
        // Behind a pooler: a connection of its own, straight to PostgreSQL (a session lock taken through
        // PgBouncer's transaction mode would stay on whichever server connection ran it).
        const direct = options.directUrl ? new pg.Client({ connectionString: options.directUrl }) : undefined;
        if (direct) await direct.connect();
        const client = direct ?? (await pool.connect());
        try {
          return await work({
            query: async <Row>(text: string, params?: unknown[]) =>
              (await client.query(text, params)).rows as Row[],
          });
        } finally {
          if (direct) await direct.end().catch(() => undefined);
          else (client as pg.PoolClient).release();
        }
      },
      listen: (channel, onNotify, onReconnect) => {
        if (!channelName.test(channel)) throw new Error(`not a channel name: ${channel}`);
        return listenOnPostgres(sessionUrl, channel, onNotify, onReconnect);
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const fresh = dataDir !== undefined && !existsSync(join(dataDir, 'PG_VERSION'));
  if (dataDir && fresh && options.templateDirectory) {
    // Copied beside it and moved into place in one rename: a copy cut short (a full disk, a killed process)
    // never leaves a PG_VERSION that would make half a database look like a whole one on the next start.
    const copy = `${dataDir}.copying-${process.pid}`;
    rmSync(copy, { recursive: true, force: true });
    cpSync(options.templateDirectory, copy, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(copy, dataDir);
  }
  const client = dataDir
    ? new PGlite(
        dataDir,
        fresh && !options.templateDirectory && options.template ? { loadDataDir: options.template } : {},
      )
    : new PGlite(options.template ? { loadDataDir: options.template } : {});
  await client.waitReady;
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    withSession: (work) =>
      work({
        query: async <Row>(text: string, params?: unknown[]) => {
          if (params?.length) return (await client.query<Row>(text, params)).rows;
          const results = await client.exec(text);
          return (results.at(-1)?.rows ?? []) as Row[];
        },
      }),
    listen: async (channel, onNotify) => {
      if (!channelName.test(channel)) throw new Error(`not a channel name: ${channel}`);
      // One embedded connection: it hears its own NOTIFYs, at commit, like any PostgreSQL session.
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
