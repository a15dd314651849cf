// Benchmark of "My data" (issue 36 item 3, docs/decisions/0069): the export of a person with 20
// applications must answer in under 2 s on the 2-core machine.
//
//   npm run bench:my-data                      PostgreSQL at 127.0.0.1:5432 (a fresh database, dropped after)
//   BENCH_DATABASE_URL=postgres://…/postgres   another server (the bench creates and drops its own database)
//   BENCH_RUNS=20 BENCH_APPLICATIONS=20        measured requests per format; the person's applications
//
// One Norwegian applicant gets 20 applications (each made through the API, the previous one withdrawn
// first: one active application per product), two messages and a staff read on each, and marketing consent.
// Then, over real HTTP, one request at a time (what one person pressing the button costs):
//   nordloan JSON — GET /person/{id}/data-export;
//   nordloan PDF  — GET /person/{id}/data-export.pdf (the brand's language);
//   bare          — Fastify answering the same JSON from memory (the HTTP stack alone).
// It prints p50, p95 and the slowest request of each, and whether the slowest is under the 2 s goal.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { applicationStatus } from '@nordloan/domain/statuses';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { loanApplication } from '../apps/api/src/db/schema/applications.ts';
import { recordAudit } from '../apps/api/src/modules/audit/audit.service.ts';
import { insertMessage } from '../apps/api/src/modules/messages/message.repository.ts';
import { defaultIncome, mainApplicantDetails } from '../apps/api/src/test/lending-test-helpers.ts';
import { createApiBenchWorld } from './support/api-bench-world.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runs = Number(process.env.BENCH_RUNS ?? 20);
const applicationCount = Number(process.env.BENCH_APPLICATIONS ?? 20);
const goalMs = 2_000;

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Milliseconds of each of `runs` requests, one after the other, after three not counted. */
async function timeRequests(url: string, token: string | null): Promise<number[]> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let warm = 0; warm < 3; warm++) await once();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await once());
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const format = (label: string, sorted: number[], bytes: number) =>
  `  ${label.padEnd(14)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sorted, 95)
    .toFixed(1)
    .padStart(7)} ms  slowest ${sorted.at(-1)!.toFixed(1).padStart(7)} ms  (${(bytes / 1024).toFixed(1)} kB)`;

async function main() {
  const world = await createApiBenchWorld(serverUrl);
  try {
    const { app, database, token } = world;
    const db = database.db;
    const me = await app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    const personId = (me.json() as { PersonID: string }).PersonID;
    const applicationIds = [world.applicationId];
    while (applicationIds.length < applicationCount) {
      // One active application per product: the previous one is withdrawn (a terminal status) first.
      await db
        .update(loanApplication)
        .set({ status: applicationStatus.withdrawnWhileApplying })
        .where(eq(loanApplication.id, applicationIds.at(-1)!));
      const created = await app.inject({
        method: 'POST',
        url: '/loan-application',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          Product: 'UnsecuredLoan',
          Brand: 'no-main',
          Amount: 100_000 + applicationIds.length * 5_000,
          Duration: 5,
          LoanPurpose: 'Renovation',
          MainApplicant: mainApplicantDetails(defaultIncome.NO),
        },
      });
      if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
      applicationIds.push((created.json() as { ID: string }).ID);
    }
    const at = new Date();
    for (const id of applicationIds) {
      for (const kind of ['offers-arrived', 'expiry-reminder']) {
        await insertMessage(db, {
          idempotencyKey: `${kind}:${randomUUID()}`,
          kind,
          purpose: 'transactional',
          channel: 'email',
          recipient: 'o***@example.no',
          brand: 'no-main',
          locale: 'nb-NO',
          loanApplicationId: id,
          status: 'sent',
          sentAt: at,
        });
      }
      await recordAudit(db, {
        actor: { kind: 'system', name: 'bench' },
        action: 'application.read',
        subjectType: 'loan-application',
        subjectId: id,
        loanApplicationId: id,
        country: 'NO',
        at,
      });
    }
    const consent = await app.inject({
      method: 'POST',
      url: '/consent/v1/consent',
      headers: { authorization: `Bearer ${token}` },
      payload: { CustomerID: world.customerId, Brand: 'no-main', Status: 'given', Purpose: 'marketing' },
    });
    if (consent.statusCode >= 300) throw new Error(`consent failed: ${consent.body}`);

    const baseUrl = await listenOn(app);
    const jsonUrl = `${baseUrl}/person/${personId}/data-export`;
    const body = await (await fetch(jsonUrl, { headers: { authorization: `Bearer ${token}` } })).text();
    const exported = JSON.parse(body) as {
      Applications: unknown[];
      Consents: unknown[];
      Messages: unknown[];
    };
    const pdfBytes = (
      await (await fetch(`${jsonUrl}.pdf`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()
    ).byteLength;
    const bare = Fastify({ logger: false });
    bare.get('/person/:id/data-export', async (_request, reply) => reply.type('application/json').send(body));
    const bareUrl = await listenOn(bare);

    console.log(
      `My data export: a person with ${exported.Applications.length} applications, ${exported.Consents.length} consent records, ${exported.Messages.length} messages; ${runs} requests each, one at a time`,
    );
    const json = await timeRequests(jsonUrl, token);
    const pdf = await timeRequests(`${jsonUrl}.pdf`, token);
    const bareTimes = await timeRequests(`${bareUrl}/person/${personId}/data-export`, null);
    console.log(format('nordloan JSON', json, body.length));
    console.log(format('nordloan PDF', pdf, pdfBytes));
    console.log(format('bare', bareTimes, body.length));
    const slowest = Math.max(json.at(-1)!, pdf.at(-1)!);
    console.log(
      `  goal: every export under ${goalMs} ms — ${slowest < goalMs ? 'met' : 'MISSED'} (slowest ${slowest.toFixed(0)} ms)`,
    );
    await bare.close();
    if (slowest >= goalMs) process.exitCode = 1;
  } finally {
    await world.close();
  }
}

await main();
