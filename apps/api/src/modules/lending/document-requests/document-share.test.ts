import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentShare } from '#src/db/schema/document-shares.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';

// Upload once (issue 13 item 6, docs/decisions/0036): lenders ask for documents with their offers; a payslip
// uploaded once is offered to every lender asking for a payslip, and sent to a lender only when the
// applicant chooses it for that lender — the choice recorded with who and when.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface RequestView {
  ID: string;
  Lender: { ID: string; Name: string };
  Category: string;
  Status: string;
  Shared: { DocumentID: string; SharedBy: string; SharedAt: string } | null;
  Candidates: { DocumentID: string; Filename: string }[];
}

let t: TestApp;
let application: CreatedApplication;
beforeAll(async () => {
  t = await createTestApp();
  application = await createCompleteApplication(t, { country: 'NO', amount: 200_000 });
  expect((await submit(t, application)).statusCode).toBe(200);
  await settle(t, testWorker(t, { externalData: fixedExternalData() }));
}, 180_000);
afterAll(async () => t?.close());

const requests = async (token = application.token) =>
  t.app.inject({
    method: 'GET',
    url: `/loan-application/${application.id}/document-requests`,
    headers: bearer(token),
  });
const share = (requestId: string, DocumentID: string, token = application.token) =>
  t.app.inject({
    method: 'POST',
    url: `/loan-application/${application.id}/document-requests/${requestId}/share`,
    headers: bearer(token),
    payload: { DocumentID },
  });

async function uploadPayslip(category = 'payslip') {
  const boundary = `----nordloan${randomBytes(8).toString('hex')}`;
  const part = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    part('Category', category),
    part('Owner', 'main-applicant'),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lonnsslipp.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/loan-application/${application.id}/documents`,
    headers: { ...bearer(application.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ID as string;
}

describe('upload once', () => {
  let payslips: RequestView[] = [];
  let documentId: string;

  it('lists the lenders’ upload requests from their offers, nothing offered before an upload', async () => {
    const response = await requests();
    expect(response.statusCode).toBe(200);
    const listed: RequestView[] = response.json();
    payslips = listed.filter((request) => request.Category === 'payslip');
    // Several simulated Norwegian lenders ask for a payslip before approval (their profiles).
    expect(new Set(payslips.map((request) => request.Lender.ID)).size).toBeGreaterThanOrEqual(2);
    for (const request of listed) {
      expect(request).toMatchObject({ Status: 'pending', Shared: null, Candidates: [] });
    }
  });

  it('offers one uploaded payslip to every lender asking for one, and sends it to none by itself', async () => {
    documentId = await uploadPayslip();
    const listed: RequestView[] = (await requests()).json();
    for (const request of listed.filter((candidate) => candidate.Category === 'payslip')) {
      expect(request.Candidates.map((candidate) => candidate.DocumentID)).toEqual([documentId]);
      expect(request).toMatchObject({ Status: 'pending', Shared: null });
    }
    for (const request of listed.filter((candidate) => candidate.Category !== 'payslip')) {
      expect(request.Candidates).toEqual([]);
    }
    expect(await t.database.db.select().from(documentShare)).toEqual([]);
  });

  it('sends it to the lenders the applicant chooses, one by one, recording who and when', async () => {
    const [first, second] = payslips;
    const response = await share(first!.ID, documentId);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      ID: first!.ID,
      Status: 'sent',
      Shared: { DocumentID: documentId, SharedBy: `customer:${application.customerId}` },
    });
    // The other lender has been sent nothing: it waits for the applicant's own choice.
    let listed: RequestView[] = (await requests()).json();
    expect(listed.find((request) => request.ID === second!.ID)).toMatchObject({
      Status: 'pending',
      Shared: null,
    });
    expect((await share(second!.ID, documentId)).statusCode).toBe(201);
    listed = (await requests()).json();
    expect(listed.find((request) => request.ID === second!.ID)?.Status).toBe('sent');
    const rows = await t.database.db
      .select()
      .from(documentShare)
      .where(eq(documentShare.loanApplicationId, application.id));
    expect(rows.map((row) => row.lenderId).sort()).toEqual([first!.Lender.ID, second!.Lender.ID].sort());
    for (const row of rows) expect(row.sharedAt).toBeInstanceOf(Date);
  });

  it('refuses a second send (409), a document of another category (400) and a stranger (404)', async () => {
    expect((await share(payslips[0]!.ID, documentId)).statusCode).toBe(409);
    const listed: RequestView[] = (await requests()).json();
    const taxReturn = listed.find(
      (request) => request.Category === 'tax-return' && request.Status === 'pending',
    );
    if (taxReturn) expect((await share(taxReturn.ID, documentId)).statusCode).toBe(400);
    const pending = payslips.find(
      (request) => !listed.some((l) => l.ID === request.ID && l.Status === 'sent'),
    );
    const target = pending ?? taxReturn ?? payslips[0]!;
    expect((await share(target.ID, randomUUID())).statusCode).toBe(400);
    expect((await share(target.ID, 'not-a-uuid')).statusCode).toBe(400);
    expect((await share(randomUUID(), documentId)).statusCode).toBe(404);
    const stranger = await createCompleteApplication(t, { country: 'NO' });
    expect((await requests(stranger.token)).statusCode).toBe(404);
    expect((await share(payslips[0]!.ID, documentId, stranger.token)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/loan-application/${application.id}/document-requests`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
