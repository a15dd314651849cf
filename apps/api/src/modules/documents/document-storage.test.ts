import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplicant } from '#src/test/customer-fixtures.ts';
import { createTestApp, type TestApp } from '#src/test/test-app.ts';
import { createLocalDocumentStorage, type DocumentStorage } from './document-storage.ts';
import { createS3Client, createS3DocumentStorage } from './s3-document-storage.ts';

// Issue 15 item 5: one contract for where document bytes live, held by the local disk and by
// S3-compatible object storage (a local S3 server, s3rver, started here; ADR 0034).

async function bytesOf(readable: Readable | undefined): Promise<Buffer | undefined> {
  if (!readable) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function write(storage: DocumentStorage, bytes: Buffer) {
  const staged = await storage.stage();
  await pipeline(
    (async function* () {
      // In pieces, as an upload arrives.
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
        yield bytes.subarray(offset, offset + 64 * 1024);
    })(),
    staged.writable,
  );
  return staged;
}

let s3server: S3rver;
let s3client: S3Client;
let s3dir: string;
let localDir: string;
const bucket = 'nordloan-documents';

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'nordloan-s3-'));
  localDir = mkdtempSync(join(tmpdir(), 'nordloan-local-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir });
  const { port } = await s3server.run();
  s3client = createS3Client({
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-north-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  await s3client.send(new CreateBucketCommand({ Bucket: bucket }));
});
afterAll(async () => {
  s3client?.destroy();
  await s3server?.close();
  rmSync(s3dir, { recursive: true, force: true });
  rmSync(localDir, { recursive: true, force: true });
});

async function objectKeys(): Promise<string[]> {
  const listed = await s3client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

const storages: [string, () => DocumentStorage][] = [
  ['local disk', () => createLocalDocumentStorage(localDir)],
  [
    'S3-compatible storage',
    () => createS3DocumentStorage({ bucket, region: 'eu-north-1', client: s3client }),
  ],
];

describe.each(storages)('document storage contract: %s', (_name, makeStorage) => {
  it('keeps a committed upload (several MB, in parts) byte for byte, and removes it', async () => {
    const storage = makeStorage();
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const staged = await write(storage, bytes);
    expect(await storage.read(staged.key)).toBeUndefined(); // not there before commit
    await staged.commit();
    expect((await bytesOf(await storage.read(staged.key)))?.equals(bytes)).toBe(true);
    await storage.remove(staged.key);
    expect(await storage.read(staged.key)).toBeUndefined();
    await storage.remove(staged.key); // a missing key is no error
  });

  it('leaves nothing behind from a discarded upload, written or half-written', async () => {
    const storage = makeStorage();
    const written = await write(storage, randomBytes(2048));
    await written.discard();
    expect(await storage.read(written.key)).toBeUndefined();

    const half = await storage.stage();
    half.writable.write(randomBytes(1024));
    await half.discard();
    expect(await storage.read(half.key)).toBeUndefined();
  });

  it('answers undefined for a key never stored, and refuses a key that is not one of ours', async () => {
    const storage = makeStorage();
    expect(await storage.read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/Invalid document storage key/);
  });
});

describe('S3-compatible storage', () => {
  it('keeps no incoming object once uploads are committed or discarded', async () => {
    const storage = createS3DocumentStorage({ bucket, region: 'eu-north-1', client: s3client });
    const kept = await write(storage, randomBytes(1000));
    await kept.commit();
    const dropped = await write(storage, randomBytes(1000));
    await dropped.discard();
    const keys = await objectKeys();
    expect(keys).toContain(`documents/${kept.key}`);
    expect(keys.filter((key) => key.startsWith('incoming/'))).toEqual([]);
  });

  it('tells the writer when the store fails mid-upload, instead of hanging', async () => {
    const broken = createS3DocumentStorage({
      bucket: 'no-such-bucket',
      region: 'eu-north-1',
      client: s3client,
    });
    const staged = await broken.stage();
    await expect(write(broken, randomBytes(6 * 1024 * 1024)).then((s) => s.commit())).rejects.toThrow();
    await staged.discard();
  });

  describe('behind the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        deps: {
          documentStorage: createS3DocumentStorage({ bucket, region: 'eu-north-1', client: s3client }),
        },
      });
    });
    afterAll(() => t.close());

    it('uploads a document into the bucket and serves it back', async () => {
      const owner = await newApplicant(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/loan-application',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { Product: 'UnsecuredLoan', Brand: 'no-main', Amount: 100_000, Duration: 5 },
      });
      expect(created.statusCode).toBe(201);
      const id = (created.json() as { ID: string }).ID;
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4000)]);
      const boundary = 'nordloan-s3-test';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="Category"\r\n\r\npayslip\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="Owner"\r\n\r\nmain-applicant\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/loan-application/${id}/documents`,
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const documentId = (uploaded.json() as { ID: string }).ID;
      const content = await t.app.inject({
        method: 'GET',
        url: `/loan-application/${id}/documents/${documentId}/content`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(pdf)).toBe(true);
      expect((await objectKeys()).some((key) => key.startsWith('documents/'))).toBe(true);
    });
  });
});
