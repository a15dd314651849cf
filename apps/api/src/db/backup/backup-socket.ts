import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../client.ts';

// A consistent copy of the embedded database while the server runs (issue 37 item 6, ADR 0072). PGlite is
// one process's: another process must not open its files while the server has them. So the copy is taken
// by the server itself, on its own PGlite: between two transactions (it holds PGlite's transaction lock)
// and between two statements (dumpDataDir holds the query lock), a tar of the data directory — frozen, as
// a file-system snapshot would be, so PostgreSQL's own recovery makes it whole again on restore.
//
// `npm run db:backup` asks for it over a Unix socket in DATA_DIR, not over HTTP: whoever can open the
// socket can read DATA_DIR's files anyway (it is made 0600, the server's user's), nothing is reachable
// from the network, and there is no token to configure, rotate or leak.

const socketName = 'pglite-backup.sock';

/** The socket of the server whose embedded database is in `dataDir` (DATA_DIR). */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, socketName);
}

/** A gzip tar of `client`'s data directory, taken between transactions. */
export async function dumpEmbeddedDatabase(client: PGlite): Promise<Buffer> {
  // A checkpoint first: less WAL to replay when the copy is started.
  await client.exec('CHECKPOINT').catch(() => undefined);
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await dump.arrayBuffer());
}

/** The PGlite behind a handle, when it keeps its files on disk (an in-memory one has nothing to back up). */
export function embeddedClientOf(database: DatabaseHandle): PGlite | undefined {
  if (database.kind !== 'pglite') return undefined;
  const client = (database.db as unknown as { $client?: PGlite }).$client;
  const dataDir = client?.dataDir;
  return dataDir && !dataDir.startsWith('memory://') ? client : undefined;
}

/**
 * Serves backups of `client` on `socketPath`: a connection that writes `backup\n` gets a one-line JSON
 * header (`{"bytes":…}` or `{"error":…}`) and then the dump; `ping\n` gets `{"ok":true}`.
 */
export async function startBackupSocket(options: {
  client: PGlite;
  socketPath: string;
  log?: { info(message: string): void; warn(object: object, message: string): void };
}): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.once('data', (chunk) => {
      const command = chunk.toString('utf8').trim();
      if (command === 'ping') {
        socket.end(`${JSON.stringify({ ok: true })}\n`);
        return;
      }
      if (command !== 'backup') {
        socket.end(`${JSON.stringify({ error: 'unknown command' })}\n`);
        return;
      }
      dumpEmbeddedDatabase(options.client).then(
        (dump) => {
          options.log?.info(`embedded database backup taken (${dump.length} bytes)`);
          socket.write(`${JSON.stringify({ bytes: dump.length })}\n`);
          socket.end(dump);
        },
        (error: unknown) => {
          options.log?.warn({ err: String(error) }, 'embedded database backup failed');
          socket.end(
            `${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`,
          );
        },
      );
    });
    socket.on('error', () => undefined);
  });
  // A socket left by a server that was killed is in the way; a live one answers ping (then we stay off it).
  if (existsSync(options.socketPath)) {
    if (await socketAnswers(options.socketPath)) {
      throw new Error(`another server serves the embedded database in ${dirname(options.socketPath)}`);
    }
    rmSync(options.socketPath, { force: true });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => resolve());
  });
  chmodSync(options.socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(options.socketPath, { force: true });
      }),
  };
}

/**
 * The app's backup socket (app.ts): listening once the app is ready, gone when it closes; only for an
 * embedded database on disk.
 */
export function registerBackupSocket(
  app: {
    addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
    log: { info(message: string): void; warn(object: object, message: string): void };
  },
  database: DatabaseHandle,
): void {
  const client = embeddedClientOf(database);
  if (!client?.dataDir) return;
  let socket: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    try {
      socket = await startBackupSocket({
        client,
        socketPath: backupSocketPath(dirname(client.dataDir!)),
        log: app.log,
      });
    } catch (error) {
      // Backups are then taken with the server stopped; the server itself serves on.
      app.log.warn({ err: String(error) }, 'no backup socket for the embedded database');
    }
  });
  app.addHook('onClose', async () => {
    await socket?.close();
  });
}

/** Sends `command` to the socket and answers its header line and the bytes after it. */
function ask(
  socketPath: string,
  command: string,
  timeoutMs: number,
): Promise<{ header: unknown; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the server did not answer in time')));
    socket.on('connect', () => socket.write(`${command}\n`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed the connection without an answer'));
      try {
        resolve({
          header: JSON.parse(all.subarray(0, newline).toString('utf8')),
          body: all.subarray(newline + 1),
        });
      } catch (error) {
        reject(error);
      }
    });
  });
}

async function socketAnswers(socketPath: string): Promise<boolean> {
  try {
    const { header } = await ask(socketPath, 'ping', 1_000);
    return (header as { ok?: boolean }).ok === true;
  } catch {
    return false;
  }
}

/** Whether a server serves the embedded database of `dataDir` (DATA_DIR) right now. */
export function backupServerAnswers(dataDir: string): Promise<boolean> {
  return socketAnswers(backupSocketPath(dataDir));
}

/** A backup taken by the running server of `dataDir`. */
export async function requestBackup(dataDir: string): Promise<Buffer> {
  const { header, body } = await ask(backupSocketPath(dataDir), 'backup', 10 * 60_000);
  const { bytes, error } = header as { bytes?: number; error?: string };
  if (error) throw new Error(`the server could not take the backup: ${error}`);
  if (bytes !== body.length) throw new Error(`the backup was cut short (${body.length} of ${bytes} bytes)`);
  return body;
}
