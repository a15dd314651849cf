import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { DocumentStorage } from './document-storage.ts';

// Document bytes in S3-compatible object storage (issue 15 item 5, docs/decisions/0012 and 0034): what
// several API instances share. Same contract as the local disk: an upload is written under
// `incoming/<key>` and copied to `documents/<key>` only on commit, so a cut-off or refused upload never
// shows up under its key; a discard aborts the upload and leaves nothing.

export interface S3DocumentStorageOptions {
  bucket: string;
  /** Leave out for AWS; the URL of any S3-compatible service otherwise (MinIO, Ceph, a local server). */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path rather than the host name: what most S3-compatible services need. */
  forcePathStyle?: boolean | undefined;
  /** A ready client (tests); built from the options above otherwise. */
  client?: S3Client;
}

const KEY = /^[0-9a-f-]{36}$/;
const finalKey = (key: string) => {
  if (!KEY.test(key)) throw new Error('Invalid document storage key');
  return `documents/${key}`;
};
const incomingKey = (key: string) => `incoming/${key}`;

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

export function createS3Client(options: S3DocumentStorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services do not take the SDK's newer
    // default (aws-chunked bodies with trailing CRC32), and TLS plus our own SHA-256 cover integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

export function createS3DocumentStorage(options: S3DocumentStorageOptions): DocumentStorage {
  const client = options.client ?? createS3Client(options);
  const { bucket } = options;

  async function deleteObject(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  return {
    async stage() {
      const key = randomUUID();
      const body = new PassThrough();
      const upload = new Upload({ client, params: { Bucket: bucket, Key: incomingKey(key), Body: body } });
      // When the store fails mid-upload, the writer must hear it (its pipeline would otherwise wait on a
      // stream nobody reads any more).
      const uploaded = upload.done().catch((error: unknown) => {
        body.destroy(error instanceof Error ? error : new Error('Upload to object storage failed'));
        throw error;
      });
      uploaded.catch(() => undefined);
      let settled = false;
      return {
        key,
        writable: body,
        async commit() {
          await uploaded;
          await client.send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: finalKey(key),
              CopySource: `${bucket}/${incomingKey(key)}`,
            }),
          );
          settled = true;
          await deleteObject(incomingKey(key)).catch(() => undefined);
        },
        async discard() {
          if (settled) return;
          settled = true;
          if (body.writableEnded) {
            // Fully written: the last request may still be on its way; an abort would not stop it landing
            // after our delete, so let it land and then delete.
            await uploaded.catch(() => undefined);
          } else {
            body.destroy();
            await upload.abort().catch(() => undefined);
            await uploaded.catch(() => undefined);
          }
          await deleteObject(incomingKey(key)).catch(() => undefined);
        },
      };
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: finalKey(key) }));
        return object.Body as Readable | undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await deleteObject(finalKey(key));
    },
  };
}
