import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '#src/jobs/worker.ts';
import { listAudit } from '#src/modules/audit/audit.service.ts';
import { listMessagesOfApplication } from '#src/modules/messages/message.repository.ts';
import {
  type CreatedApplication,
  createCompleteApplication,
  fixedExternalData,
  settle,
  submit,
  testWorker,
} from '#src/test/lending-test-helpers.ts';
import { bearer, createTestApp, type TestApp } from '#src/test/test-app.ts';
import { alreadyOpenMessage, noDecisionMessage } from './human-review.service.ts';
import { type HumanReviewLenders, humanReviewJobHandlers } from './human-review-jobs.ts';

// CCD2 art. 18(8) (issue 34 item 3, docs/decisions/0065): a declined applicant asks for a human review,
// the lenders that declined are asked and answer, a case handler of the application's country answers,
// the applicant sees the answer and gets a message — and every refusal on the way.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nordloan-human-review-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  token: string | undefined,
  payload?: unknown,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** An SE applicant every lender turns down (income under every lender's floor: 266 everywhere, 270). */
async function declinedEverywhere(): Promise<CreatedApplication> {
  const application = await createCompleteApplication(t, {
    country: 'SE',
    amount: 100_000,
    duration: 5,
    applicant: { grossYearlyIncome: 100_000, netMonthlyIncome: 6_000 },
  });
  // An address to tell the applicant at (the customer's e-mail, as the apply journey stores it).
  const patched = await inject('PATCH', `/customer/${application.customerId}`, application.token, {
    Email: `review${application.customerId.slice(0, 8)}@example.se`,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  await submit(t, application);
  await settle(t, testWorker(t, { externalData: fixedExternalData() }));
  return application;
}

/** A small PDF through the documents module's own upload path (its rules: type, size, count). */
async function uploadPdf(application: CreatedApplication): Promise<string> {
  const boundary = `----nordloan${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('Category', 'other') + field('Owner', 'main-applicant')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(991, 0x20)]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/loan-application/${application.id}/documents`,
    headers: { ...bearer(application.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().ID;
}

const view = 'My income went up in October; my new payslip is attached. Please look again.';

/**
 * The lenders' side as a stand-in (a lender is outside the product; the lender API's operation itself is
 * tested in lending/lender-api/lender-human-review.test.ts against the sandbox lender).
 */
const upholdingLenders: HumanReviewLenders = {
  requestReview: async () => ({
    outcome: 'upheld',
    explanation: 'En handläggare hos oss har granskat ansökan på nytt. Avslaget står fast.',
  }),
};
const unreachableLenders: HumanReviewLenders = {
  requestReview: async () => {
    throw new Error('no answer');
  },
};

function forwardWorker(lenders: HumanReviewLenders = upholdingLenders) {
  return createJobWorker({
    db: t.database.db,
    now: t.clock.now,
    retryDelayMs: () => 0,
    handlers: humanReviewJobHandlers({ lenders }),
  });
}

describe('human review of automated decisions (CCD2 art. 18(8))', () => {
  it('whole flow: ask with a view and a document, lenders answer, a case handler of the country answers, the applicant sees it and is told', async () => {
    const application = await declinedEverywhere();
    const before = (
      await inject('GET', `/loan-application/${application.id}/human-review`, application.token)
    ).json();
    expect(before.CanRequest).toBe(true);
    expect(before.Decisions.length).toBeGreaterThan(0);
    for (const decision of before.Decisions)
      expect(decision).toMatchObject({ Source: 'lender', Automated: true });

    const documentId = await uploadPdf(application);
    const created = await inject(
      'POST',
      `/loan-application/${application.id}/human-review`,
      application.token,
      {
        View: view,
        DocumentID: documentId,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json();
    expect(review).toMatchObject({ Status: 'open', View: view, DocumentID: documentId, Outcome: null });
    // Due in 14 days (ADR 0065).
    expect(Date.parse(review.DueAt) - t.clock.now().getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect(review.LenderAnswers.map((answer: { Status: string }) => answer.Status)).toEqual(
      before.Decisions.map(() => 'pending'),
    );

    // A second request while this one is open: 409.
    const second = await inject(
      'POST',
      `/loan-application/${application.id}/human-review`,
      application.token,
      {
        View: view,
      },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().Message).toBe(alreadyOpenMessage);

    // Forwarded to every lender that declined; each answers (the simulation: the decline stands).
    expect(await forwardWorker().runUntilIdle()).toBe(1);

    // The SE case handler sees it in the queue and answers it.
    const seSales = await t.staffToken([{ Name: 'Sales', Country: 'SE' }], 'SE case handler');
    const queue = (await inject('GET', '/backoffice/human-reviews?country=SE', seSales)).json();
    expect(queue.Items.map((item: { ID: string }) => item.ID)).toContain(review.ID);
    const detail = (await inject('GET', `/backoffice/human-reviews/${review.ID}`, seSales)).json();
    expect(detail.View).toBe(view);
    expect(detail.LenderAnswers.every((answer: { Status: string }) => answer.Status === 'answered')).toBe(
      true,
    );
    const explanation =
      'We and the banks looked at your application again. Your income is below what every bank asks for this amount.';
    const answered = await inject('POST', `/backoffice/human-reviews/${review.ID}/answer`, seSales, {
      Outcome: 'upheld',
      Explanation: explanation,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(
      (
        await inject('POST', `/backoffice/human-reviews/${review.ID}/answer`, seSales, {
          Outcome: 'upheld',
          Explanation: explanation,
        })
      ).statusCode,
    ).toBe(409);

    // The applicant sees the answer and the lenders' answers, and may ask again.
    const after = (
      await inject('GET', `/loan-application/${application.id}/human-review`, application.token)
    ).json();
    expect(after.CanRequest).toBe(true);
    expect(after.Reviews[0]).toMatchObject({
      Status: 'answered',
      Outcome: 'upheld',
      Explanation: explanation,
    });
    expect(after.Reviews[0].LenderAnswers[0].Explanation).toMatch(/handläggare/);
    // One message, on the channel the applicant allows.
    const messages = await listMessagesOfApplication(t.database.db, application.id);
    expect(messages.filter((message) => message.kind === 'human-review-answered')).toHaveLength(1);
    // Audited: the request, each lender's answer, the staff read and the answer.
    const audit = await listAudit(t.database.db, {
      loanApplicationId: application.id,
      limit: 100,
      offset: 0,
    });
    const actions = audit.Items.map((entry) => entry.Action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'humanReview.request',
        'humanReview.lenderAnswer',
        'humanReview.read',
        'humanReview.answer',
      ]),
    );
  });

  it('refusals: someone else’s application 404, staff 403, no decline 409, a view too short 400, a document of another application 400', async () => {
    const application = await declinedEverywhere();
    const other = await createCompleteApplication(t, { country: 'SE' });
    const url = `/loan-application/${application.id}/human-review`;
    expect((await inject('GET', url, other.token)).statusCode).toBe(404);
    expect((await inject('POST', url, other.token, { View: view })).statusCode).toBe(404);
    expect((await inject('POST', url, undefined, { View: view })).statusCode).toBe(401);
    const seSales = await t.staffToken([{ Name: 'Sales', Country: 'SE' }], 'SE case handler');
    expect((await inject('POST', url, seSales, { View: view })).statusCode).toBe(403);

    const notDeclined = await inject('POST', `/loan-application/${other.id}/human-review`, other.token, {
      View: view,
    });
    expect(notDeclined.statusCode).toBe(409);
    expect(notDeclined.json().Message).toBe(noDecisionMessage);
    expect(
      (await inject('GET', `/loan-application/${other.id}/human-review`, other.token)).json().CanRequest,
    ).toBe(false);

    const short = await inject('POST', url, application.token, { View: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().Errors[0].Field).toBe('View');
    expect((await inject('POST', url, application.token, { View: 'x'.repeat(2001) })).statusCode).toBe(400);
    const foreign = await inject('POST', url, application.token, {
      View: view,
      DocumentID: await uploadPdf(other),
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('staff: another country’s case handler gets 404 on the review and 403 on its market’s queue; a caller without the role 403', async () => {
    const application = await declinedEverywhere();
    const review = (
      await inject('POST', `/loan-application/${application.id}/human-review`, application.token, {
        View: view,
      })
    ).json();
    const noSales = await t.staffToken([{ Name: 'Sales', Country: 'NO' }], 'NO case handler');
    expect((await inject('GET', `/backoffice/human-reviews/${review.ID}`, noSales)).statusCode).toBe(404);
    const answer = { Outcome: 'changed', Explanation: 'Another market answering this review must not work.' };
    expect(
      (await inject('POST', `/backoffice/human-reviews/${review.ID}/answer`, noSales, answer)).statusCode,
    ).toBe(404);
    expect((await inject('GET', '/backoffice/human-reviews?country=SE', noSales)).statusCode).toBe(403);
    const noQueue = (await inject('GET', '/backoffice/human-reviews', noSales)).json();
    expect(noQueue.Items.map((item: { ID: string }) => item.ID)).not.toContain(review.ID);
    const limited = await t.staffToken([{ Name: 'TelemarketingLimited', Country: 'SE' }], 'SE caller');
    expect((await inject('GET', `/backoffice/human-reviews/${review.ID}`, limited)).statusCode).toBe(403);
    expect((await inject('GET', '/backoffice/human-reviews', application.token)).statusCode).toBe(403);
    expect((await inject('GET', '/backoffice/human-reviews', undefined)).statusCode).toBe(401);
  });

  it('a lender that never answers is marked failed after the last try; staff can still answer', async () => {
    const application = await declinedEverywhere();
    const review = (
      await inject('POST', `/loan-application/${application.id}/human-review`, application.token, {
        View: view,
      })
    ).json();
    await forwardWorker(unreachableLenders).runUntilIdle();
    const seSales = await t.staffToken([{ Name: 'Sales', Country: 'SE' }], 'SE case handler');
    const detail = (await inject('GET', `/backoffice/human-reviews/${review.ID}`, seSales)).json();
    expect(detail.LenderAnswers.map((answer: { Status: string }) => answer.Status)).toEqual(
      review.LenderAnswers.map(() => 'failed'),
    );
    const answered = await inject('POST', `/backoffice/human-reviews/${review.ID}/answer`, seSales, {
      Outcome: 'upheld',
      Explanation: 'We looked again ourselves: the income is below every lender’s floor for this amount.',
    });
    expect(answered.statusCode).toBe(200);
  });
});
