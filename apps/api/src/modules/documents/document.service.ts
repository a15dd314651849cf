import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Document,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_APPLICATION,
  type PatchDocumentInput,
  uploadFieldsSchema,
} from '@nordloan/domain/document';
import type { Db } from '#src/db/client.ts';
import { AppError, badRequest, type FieldError, fieldError, notFound } from '#src/lib/app-error.ts';
import {
  applicantRoleOf,
  describeCaller,
  isUuid,
  loadApplicationForCaller,
} from '#src/lib/application-access.ts';
import type { Caller } from '#src/lib/caller.ts';
import {
  countDocuments,
  type DocumentRow,
  deleteDocument as deleteDocumentRow,
  findDocument,
  findDocuments,
  insertDocument,
  updateDocument,
} from './document.repository.ts';
import type { DocumentStorage, StagedDocument } from './document-storage.ts';

/** Where the bytes live; other modules (retention) take it through this service. */
export type { DocumentStorage };

import {
  type AllowedFileType,
  detectFileType,
  fileTypeOfContentType,
  honestFilename,
  SIGNATURE_LENGTH,
} from './file-type.ts';

export const uploadMessages = {
  tooLarge: `The file is larger than ${MAX_DOCUMENT_BYTES.toLocaleString('en')} bytes`,
  empty: 'The file is empty',
  wrongType: 'Only pdf, jpeg or png files are accepted (judged by the file’s content, not its name)',
  nameMismatch: 'The file name says another type than the file’s content',
  oneFile: 'Send exactly one file',
  noFile: 'A file is required in the field "file"',
  cutOff: 'The upload was cut off before it completed',
  notMultipart: 'Send the document as multipart/form-data',
  tooMany: `An application holds at most ${MAX_DOCUMENTS_PER_APPLICATION} documents`,
} as const;

export function toDocument(row: DocumentRow): Document {
  return {
    ID: row.id,
    LoanApplicationID: row.loanApplicationId,
    Filename: row.filename,
    Category: row.category as Document['Category'],
    Owner: row.owner as Document['Owner'],
    ContentType: row.contentType as Document['ContentType'],
    Size: row.sizeBytes,
    SHA256: row.sha256,
    UploadedBy: row.uploadedBy,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

class UploadRefused extends Error {}

/** Counts, hashes and keeps the first bytes; refuses the byte after the limit (never buffers the file). */
class UploadInspector extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > MAX_DOCUMENT_BYTES) return callback(new UploadRefused(uploadMessages.tooLarge));
    if (this.head.length < SIGNATURE_LENGTH) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_LENGTH - this.head.length)]);
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/** What a multipart part looks like to us (a narrow view of @fastify/multipart's parts). */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } };

interface ReceivedFile {
  staged: StagedDocument;
  inspector: UploadInspector;
  filename: string;
}

// @fastify/multipart and busboy errors, as the clear 400s of issue 3.
function refusalFor(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof UploadRefused) return fieldError('file', error.message);
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? '';
  if (code === 'FST_FILES_LIMIT') return fieldError('file', uploadMessages.oneFile);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fieldError('file', uploadMessages.tooLarge);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('Too many form fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest(uploadMessages.notMultipart);
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'FST_PREMATURE_CLOSE' ||
    /Unexpected end of (form|multipart data)|terminated early|aborted/i.test(message)
  ) {
    return fieldError('file', uploadMessages.cutOff);
  }
  return undefined;
}

/**
 * §7 POST /loan-application/{id}/documents: exactly one file (field `file`) plus Filename, Category, Owner.
 * The bytes stream through an inspector (size limit, magic bytes, SHA-256) into a staged file that is
 * renamed into place only when the upload is complete and valid and its row is written; on any refusal —
 * oversize, wrong type, a second file, a cut-off upload, bad fields — nothing is stored, not even a part.
 */
export async function uploadDocument(options: {
  db: Db;
  storage: DocumentStorage;
  caller: Caller;
  applicationId: string;
  parts: () => AsyncIterable<UploadPart>;
  now: () => Date;
}): Promise<Document> {
  const { db, storage, caller, applicationId } = options;
  const application = await loadApplicationForCaller({ db, caller, applicationId, access: 'write' });
  if ((await countDocuments(db, application.id)) >= MAX_DOCUMENTS_PER_APPLICATION) {
    throw badRequest(uploadMessages.tooMany);
  }

  const fields: Record<string, unknown> = {};
  let received: ReceivedFile | undefined;
  try {
    for await (const part of options.parts()) {
      if (part.type === 'field') {
        if (Object.hasOwn(fields, part.fieldname)) throw fieldError(part.fieldname, 'Sent more than once');
        fields[part.fieldname] = part.value;
        continue;
      }
      if (received) throw fieldError('file', uploadMessages.oneFile);
      if (part.fieldname !== 'file') throw fieldError(part.fieldname, uploadMessages.noFile);
      const staged = await storage.stage();
      const inspector = new UploadInspector();
      received = { staged, inspector, filename: part.filename };
      await pipeline(part.file, inspector, staged.writable);
      if (part.file.truncated) throw fieldError('file', uploadMessages.tooLarge);
    }
    if (!received) throw fieldError('file', uploadMessages.noFile);

    const parsed = uploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      throw badRequest(
        'Validation failed',
        parsed.error.issues.map(
          (issue): FieldError => ({
            Field: issue.path.map(String).join('.') || 'body',
            Message: issue.message,
          }),
        ),
      );
    }
    const { inspector, staged } = received;
    if (inspector.size === 0) throw fieldError('file', uploadMessages.empty);
    const type = detectFileType(inspector.head);
    if (!type) throw fieldError('file', uploadMessages.wrongType);
    const filename = honestFilename(parsed.data.Filename ?? received.filename, type);
    if (!filename) throw fieldError('Filename', uploadMessages.nameMismatch);

    const now = options.now();
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        loanApplicationId: application.id,
        filename,
        category: parsed.data.Category,
        owner: parsed.data.Owner,
        contentType: type.contentType,
        sizeBytes: inspector.size,
        sha256: inspector.digest(),
        storageKey: staged.key,
        uploadedBy: describeCaller(caller),
        createdAt: now,
        updatedAt: now,
      });
      // Renamed into place last: if the row is not written, the bytes never become a document.
      await staged.commit();
      return inserted;
    });
    return toDocument(row);
  } catch (error) {
    if (received) {
      await received.staged.discard();
      // The rename may have happened and the commit of the row failed afterwards.
      await storage.remove(received.staged.key).catch(() => undefined);
    }
    throw refusalFor(error) ?? error;
  }
}

async function loadDocument(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  documentId: string;
  access: 'read' | 'write';
}) {
  const application = await loadApplicationForCaller(options);
  if (!isUuid(options.documentId)) throw notFound();
  const row = await findDocument(options.db, application.id, options.documentId);
  if (!row || !seesDocument(options.caller, application, row)) throw notFound();
  return row;
}

/**
 * The co-applicant sees only their own documents (ADR 0038): the main applicant's payslips and tax
 * returns are theirs alone. The main applicant and staff see every document of the case.
 */
function seesDocument(
  caller: Caller,
  application: Parameters<typeof applicantRoleOf>[1],
  row: { owner: string },
): boolean {
  return applicantRoleOf(caller, application) !== 'CoApplicant' || row.owner === 'co-applicant';
}

/** §7 GET /loan-application/{id}/documents. */
export async function listDocuments(options: { db: Db; caller: Caller; applicationId: string }) {
  const application = await loadApplicationForCaller({ ...options, access: 'read' });
  return (await findDocuments(options.db, application.id))
    .filter((row) => seesDocument(options.caller, application, row))
    .map(toDocument);
}

/** §7 GET /loan-application/{id}/documents/{documentId}. */
export async function getDocument(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  documentId: string;
}) {
  return toDocument(await loadDocument({ ...options, access: 'read' }));
}

/** The bytes, with what the download needs to label them. */
export async function openDocument(options: {
  db: Db;
  storage: DocumentStorage;
  caller: Caller;
  applicationId: string;
  documentId: string;
}): Promise<{ document: Document; stream: Readable }> {
  const row = await loadDocument({ ...options, access: 'read' });
  const stream = await options.storage.read(row.storageKey);
  // A row without its bytes is our fault, not the caller's: 500, logged by the error handler.
  if (!stream) throw new AppError(500, 'The document’s content is missing');
  return { document: toDocument(row), stream };
}

/** §7 PATCH /loan-application/{id}/documents/{documentId}: Filename, Category, Owner. */
export async function patchDocument(options: {
  db: Db;
  caller: Caller;
  applicationId: string;
  documentId: string;
  input: PatchDocumentInput;
  now: () => Date;
}) {
  const row = await loadDocument({ ...options, access: 'write' });
  const changes: Parameters<typeof updateDocument>[2] = {};
  if (options.input.Filename !== undefined) {
    const type = fileTypeOfContentType(row.contentType) as AllowedFileType;
    const filename = honestFilename(options.input.Filename, type);
    if (!filename) throw fieldError('Filename', uploadMessages.nameMismatch);
    changes.filename = filename;
  }
  if (options.input.Category !== undefined) changes.category = options.input.Category;
  if (options.input.Owner !== undefined) changes.owner = options.input.Owner;
  return toDocument(await updateDocument(options.db, row.id, changes, options.now()));
}

/** §7 DELETE /loan-application/{id}/documents/{documentId}: the row and the bytes. */
export async function deleteDocument(options: {
  db: Db;
  storage: DocumentStorage;
  caller: Caller;
  applicationId: string;
  documentId: string;
}) {
  const row = await loadDocument({ ...options, access: 'write' });
  await deleteDocumentRow(options.db, row.id);
  await options.storage.remove(row.storageKey);
}
