import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

// Where document bytes live (docs/decisions/0012-document-storage.md). The default keeps them on local disk
// under DATA_DIR/documents; S3-compatible object storage implements the same interface for several
// instances.

/** An upload being written: invisible under `key` until commit(); discard() leaves nothing behind. */
export interface StagedDocument {
  key: string;
  writable: Writable;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface DocumentStorage {
  stage(): Promise<StagedDocument>;
  /** The bytes, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes the bytes; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

/**
 * Files under `root`: uploads are written to `root/.incoming/<key>.part` and renamed into
 * `root/<first two characters>/<key>` only when complete (one filesystem, so the rename is atomic): a cut-off
 * or refused upload never shows up as a document. Files are readable by the server's user only.
 */
export function createLocalDocumentStorage(root: string): DocumentStorage {
  const incoming = join(root, '.incoming');
  const finalPath = (key: string) => {
    if (!KEY.test(key)) throw new Error('Invalid document storage key');
    return join(root, key.slice(0, 2), key);
  };
  return {
    async stage() {
      await mkdir(incoming, { recursive: true, mode: 0o700 });
      const key = randomUUID();
      const partPath = join(incoming, `${key}.part`);
      const writable = createWriteStream(partPath, { flags: 'wx', mode: 0o600 });
      // Opened before anything can discard it, so that a discard never races the file's creation.
      await once(writable, 'open');
      let settled = false;
      return {
        key,
        writable,
        async commit() {
          const target = finalPath(key);
          await mkdir(join(root, key.slice(0, 2)), { recursive: true, mode: 0o700 });
          await rename(partPath, target);
          settled = true;
        },
        async discard() {
          if (settled) return;
          settled = true;
          if (!writable.closed) {
            const closed = once(writable, 'close').catch(() => undefined);
            writable.destroy();
            await closed;
          }
          await rm(partPath, { force: true });
        },
      };
    },
    async read(key) {
      const path = finalPath(key);
      try {
        await stat(path);
      } catch {
        return undefined;
      }
      return createReadStream(path);
    },
    async remove(key) {
      await rm(finalPath(key), { force: true });
    },
  };
}
