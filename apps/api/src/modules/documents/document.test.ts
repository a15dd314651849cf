import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DOCUMENT_BYTES } from '@nordloan/domain/document';
import { count, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from '#src/db/schema/applicant.ts';
import { applicationOf, newApplicant } from '#src/test/customer-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { uploadMessages } from './document.service.ts';

// Real file bytes: a PDF made by pdfkit, and the smallest valid JPEG and PNG (1×1 pixel).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// An x86-64 ELF executable's header and a Windows PE ("MZ") header, renamed to look like documents.
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), randomBytes(200)]);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  randomBytes(200),
]);

function makePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const pdf = new PDFDocument();
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.text('Lønnsslipp mars 2026 — Fjord Tech AS');
    pdf.end();
  });
}

/** A PDF of exactly `size` bytes: a real header, padded (enough for the content check). */
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

function multipart(parts: Part[]) {
  const boundary = `----nordloan${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-documents-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR/documents, staged ones included. */
function storedFiles(): string[] {
  const root = join(dataDir, 'documents');
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    } catch {
      return [];
    }
  };
  return walk(root);
}

const rowsOf = async (applicationId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(document)
      .where(eq(document.loanApplicationId, applicationId))
  )[0]!.n;

function upload(
  applicationId: string,
  token: string | undefined,
  parts: Part[] | { payload: Buffer; contentType: string },
) {
  const body = Array.isArray(parts) ? multipart(parts) : parts;
  return t.app.inject({
    method: 'POST',
    url: `/loan-application/${applicationId}/documents`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const filePart = (data: Buffer, filename: string): Part => ({ name: 'file', filename, data });
const fields = (category = 'payslip', owner = 'main-applicant'): Part[] => [
  { name: 'Category', value: category },
  { name: 'Owner', value: owner },
];

async function ownerWithApplication() {
  const owner = await newApplicant(t);
  const application = await applicationOf(t, owner, { product: 'SecuredLoan' });
  return { owner, application };
}

describe('POST /loan-application/{id}/documents', () => {
  it.each([
    ['a PDF', 'pdf', 'lønnsslipp-mars.pdf', 'application/pdf'],
    ['a JPEG', 'jpeg', 'skattemelding.jpg', 'image/jpeg'],
    ['a PNG', 'png', 'takst.png', 'image/png'],
  ])('stores %s judged by its bytes and answers its record', async (_name, kind, filename, contentType) => {
    const { owner, application } = await ownerWithApplication();
    const bytes = kind === 'pdf' ? await makePdf() : kind === 'jpeg' ? JPEG : PNG;
    const response = await upload(application.id, owner.token, [
      ...fields('tax-return'),
      { name: 'Filename', value: filename },
      filePart(bytes, 'upload.bin'),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      LoanApplicationID: application.id,
      Filename: filename,
      Category: 'tax-return',
      Owner: 'main-applicant',
      ContentType: contentType,
      Size: bytes.length,
      SHA256: createHash('sha256').update(bytes).digest('hex'),
      UploadedBy: `customer:${owner.CustomerID}`,
    });

    const content = await t.app.inject({
      url: `/loan-application/${application.id}/documents/${response.json().ID}/content`,
      headers: bearer(owner.token),
    });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe(contentType);
    expect(content.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.rawPayload.equals(bytes)).toBe(true);
  });

  it('takes the file’s own name when no Filename is sent, and fields after the file', async () => {
    const { owner, application } = await ownerWithApplication();
    const response = await upload(application.id, owner.token, [
      filePart(PNG, 'C:\\scans\\bilde'),
      ...fields('other', 'co-applicant'),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      Filename: 'bilde.png',
      Category: 'other',
      Owner: 'co-applicant',
    });
  });

  it('accepts a file of exactly 20,971,520 bytes', async () => {
    const { owner, application } = await ownerWithApplication();
    const response = await upload(application.id, owner.token, [
      ...fields(),
      filePart(pdfOfSize(MAX_DOCUMENT_BYTES), 'big.pdf'),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().Size).toBe(20_971_520);
  });

  const refusals: [string, () => Promise<Part[] | { payload: Buffer; contentType: string }>, string][] = [
    [
      'a file of 20,971,521 bytes',
      async () => [...fields(), filePart(pdfOfSize(MAX_DOCUMENT_BYTES + 1), 'big.pdf')],
      uploadMessages.tooLarge,
    ],
    [
      'a renamed ELF executable',
      async () => [...fields(), filePart(ELF, 'payslip.pdf')],
      uploadMessages.wrongType,
    ],
    [
      'a renamed Windows executable',
      async () => [...fields(), filePart(EXE, 'scan.jpg')],
      uploadMessages.wrongType,
    ],
    [
      'an empty file',
      async () => [...fields(), filePart(Buffer.alloc(0), 'empty.pdf')],
      uploadMessages.empty,
    ],
    [
      'a PNG named .pdf',
      async () => [...fields(), filePart(PNG, 'payslip.pdf')],
      uploadMessages.nameMismatch,
    ],
    [
      'a second file',
      async () => [...fields(), filePart(PNG, 'a.png'), filePart(JPEG, 'b.jpg')],
      uploadMessages.oneFile,
    ],
    ['no file', async () => fields(), uploadMessages.noFile],
    [
      'a file in another field',
      async () => [...fields(), { name: 'document', filename: 'a.png', data: PNG }],
      uploadMessages.noFile,
    ],
    ['no Category', async () => [filePart(PNG, 'a.png')], 'Validation failed'],
    ['an unknown Category', async () => [...fields('selfie'), filePart(PNG, 'a.png')], 'Validation failed'],
    [
      'an unknown Owner',
      async () => [...fields('payslip', 'neighbour'), filePart(PNG, 'a.png')],
      'Validation failed',
    ],
    [
      'an unknown field',
      async () => [...fields(), { name: 'Note', value: 'x' }, filePart(PNG, 'a.png')],
      'Validation failed',
    ],
    [
      'an upload cut off halfway',
      async () => {
        const whole = multipart([...fields(), filePart(await makePdf(), 'half.pdf')]);
        return {
          payload: whole.payload.subarray(0, Math.floor(whole.payload.length / 2)),
          contentType: whole.contentType,
        };
      },
      uploadMessages.cutOff,
    ],
    [
      'a cut-off large upload (after part of the file was written)',
      async () => {
        const whole = multipart([...fields(), filePart(pdfOfSize(4_000_000), 'long.pdf')]);
        return { payload: whole.payload.subarray(0, 2_000_000), contentType: whole.contentType };
      },
      uploadMessages.cutOff,
    ],
    [
      'a JSON body',
      async () => ({ payload: Buffer.from('{"Filename":"a.pdf"}'), contentType: 'application/json' }),
      uploadMessages.notMultipart,
    ],
  ];

  it.each(refusals)(
    'refuses %s with a clear 400 and stores nothing, not even a partial file',
    async (_case, build, message) => {
      const { owner, application } = await ownerWithApplication();
      const before = storedFiles();
      const response = await upload(application.id, owner.token, await build());
      expect(response.statusCode).toBe(400);
      expect(response.json().Bad).toBe(true);
      const messages = [
        response.json().Message,
        ...response.json().Errors.map((error: { Message: string }) => error.Message),
      ];
      expect(messages).toContain(message);
      expect(await rowsOf(application.id)).toBe(0);
      expect(storedFiles()).toEqual(before);
    },
  );

  it('answers someone else 404, no token 401, read-only staff 403, and stores nothing; staff of the country may', async () => {
    const { application } = await ownerWithApplication();
    const other = await newApplicant(t);
    const before = storedFiles();
    const parts = () => [...fields(), filePart(PNG, 'a.png')];
    expect((await upload(application.id, other.token, parts())).statusCode).toBe(404);
    expect((await upload(application.id, undefined, parts())).statusCode).toBe(401);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await upload(application.id, readOnly, parts())).statusCode).toBe(403);
    expect((await upload('00000000-0000-4000-8000-000000000000', other.token, parts())).statusCode).toBe(404);
    expect(await rowsOf(application.id)).toBe(0);
    expect(storedFiles()).toEqual(before);
    const sales = await t.staffToken([{ Name: 'SecuredSales', Country: 'NO' }]);
    const byStaff = await upload(application.id, sales, parts());
    expect(byStaff.statusCode).toBe(201);
    expect(byStaff.json().UploadedBy).toMatch(/^staff:/);
  });
});

describe('reading, changing and deleting documents', () => {
  async function withDocument() {
    const { owner, application } = await ownerWithApplication();
    const created = (
      await upload(application.id, owner.token, [...fields(), filePart(PNG, 'takst.png')])
    ).json();
    return { owner, application, created, base: `/loan-application/${application.id}/documents` };
  }

  it('lists and gets documents for the owner and staff; 404 for someone else, 401 without a token', async () => {
    const { owner, created, base } = await withDocument();
    const other = await newApplicant(t);
    const staff = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    for (const token of [owner.token, staff]) {
      expect((await t.app.inject({ url: base, headers: bearer(token) })).json()).toEqual([created]);
      expect((await t.app.inject({ url: `${base}/${created.ID}`, headers: bearer(token) })).json()).toEqual(
        created,
      );
    }
    for (const url of [base, `${base}/${created.ID}`, `${base}/${created.ID}/content`]) {
      expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      expect((await t.app.inject({ url: `${base}/${id}`, headers: bearer(owner.token) })).statusCode).toBe(
        404,
      );
    }
  });

  it('does not reach a document through another application of the same owner', async () => {
    const { owner, created } = await withDocument();
    const second = await applicationOf(t, owner);
    const response = await t.app.inject({
      url: `/loan-application/${second.id}/documents/${created.ID}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('changes Filename, Category and Owner; a name saying another type is refused and nothing changes', async () => {
    const { owner, created, base } = await withDocument();
    const patch = (payload: object, token = owner.token) =>
      t.app.inject({ method: 'PATCH', url: `${base}/${created.ID}`, headers: bearer(token), payload });
    const changed = await patch({
      Filename: 'verdivurdering',
      Category: 'property-value',
      Owner: 'co-applicant',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      Filename: 'verdivurdering.png',
      Category: 'property-value',
      Owner: 'co-applicant',
    });
    for (const payload of [
      { Filename: 'takst.pdf' },
      {},
      { Category: 'selfie' },
      { ContentType: 'application/pdf' },
    ]) {
      const refused = await patch(payload);
      expect(refused.statusCode).toBe(400);
    }
    const other = await newApplicant(t);
    expect((await patch({ Category: 'other' }, other.token)).statusCode).toBe(404);
    const readOnly = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'NO' }]);
    expect((await patch({ Category: 'other' }, readOnly)).statusCode).toBe(403);
    const after = (await t.app.inject({ url: `${base}/${created.ID}`, headers: bearer(owner.token) })).json();
    expect(after).toEqual(changed.json());
  });

  it('deletes the record and its bytes; someone else cannot', async () => {
    const { owner, created, base } = await withDocument();
    const other = await newApplicant(t);
    const filesBefore = storedFiles().length;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${created.ID}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${created.ID}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(storedFiles().length).toBe(filesBefore - 1);
    expect(
      (await t.app.inject({ url: `${base}/${created.ID}`, headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/${created.ID}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(404);
  });
});
