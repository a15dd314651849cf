// Back-office benchmark (issue 9): p50/p99 of the work-queue page, the bucket summary and the staff search
// by national id, through the API (app.inject: routing, auth, agent lookup, SQL, audit entry, JSON), on a
// database loaded by bench/backoffice-load.ts. Target: each p50 < 50 ms, p99 < 200 ms.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:backoffice
//   BENCH_ROUNDS=500 …                              requests per measurement (default 200)
//   BENCH_LOG_LEVEL=warn …                          the API's log level (default silent)
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { openNationalId } from '../apps/api/src/db/personal-data-cipher.ts';
import { defaultDependencies } from '../apps/api/src/dependencies.ts';
import { createTokenService, loadSigningKey } from '../apps/api/src/modules/auth/token.service.ts';
import { findOrCreateAgent } from '../apps/api/src/modules/staff/staff.service.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to a database loaded by bench:backoffice:load');
  const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
  const config = testConfig({
    webDistDir: '/nonexistent',
    logLevel: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent',
  });
  const now = () => new Date();
  const tokens = createTokenService({
    key: await loadSigningKey({}),
    issuer: 'bench',
    ttlSeconds: 3_600,
    now,
  });
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    ...defaultDependencies({ config, db: database.db, now }),
    worker: undefined,
  });
  await app.ready();

  const agent = await findOrCreateAgent(database.db, {
    name: 'Bench Case Handler',
    roles: [{ Name: 'Sales', Country: 'NO' }],
  });
  const token = await tokens.sign({ Roles: agent.roles, sub: agent.id });
  const headers = { authorization: `Bearer ${token}` };
  const applications = await database.withSession((session) =>
    session.query<{ n: number }>('SELECT count(*)::int AS n FROM loan_application'),
  );
  const buckets = (await app.inject({ method: 'GET', url: '/backoffice/buckets', headers })).json() as {
    ID: string;
    Name: string;
  }[];
  const summary = (
    await app.inject({ method: 'GET', url: '/backoffice/buckets/summary', headers })
  ).json() as {
    BucketID: string;
    Total: number;
  }[];
  const fullest = summary.reduce((best, row) => (row.Total > best.Total ? row : best), summary[0]!);
  const nationalIds = (
    await database.withSession((session) =>
      // The searchable applicants (bench:backoffice:load gives the rest placeholder hashes 'bench-…').
      session.query<{ national_id_sealed: string }>(
        `SELECT national_id_sealed FROM person
         WHERE country = 'NO' AND national_id_hash NOT LIKE 'bench-%' LIMIT 100`,
      ),
    )
  ).map((row) => openNationalId(row.national_id_sealed));
  if (nationalIds.length === 0)
    throw new Error('No searchable Norwegian applicants: run bench:backoffice:load');

  const measurements: [string, (round: number) => string][] = [
    [
      `work-queue page (bucket "${buckets.find((bucket) => bucket.ID === fullest.BucketID)?.Name}", 25 items)`,
      (round) =>
        `/backoffice/assignments?BucketID=${fullest.BucketID}&Processed=false&offset=${(round % 4) * 25}&limit=25`,
    ],
    ['bucket summary (all buckets, NO)', () => '/backoffice/buckets/summary'],
    ['search by national id', (round) => `/backoffice/search?q=${nationalIds[round % nationalIds.length]}`],
  ];
  console.log(
    `Back-office bench: ${applications[0]!.n.toLocaleString('en')} applications, ${rounds} requests each (after 20 warm-up)`,
  );
  let failed = false;
  for (const [name, url] of measurements) {
    for (let round = 0; round < 20; round++) await app.inject({ method: 'GET', url: url(round), headers });
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: url(round), headers });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const ok = p50 < 50 && p99 < 200;
    failed ||= !ok;
    console.log(
      `  ${name.padEnd(60)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms  ${ok ? 'ok' : 'OVER TARGET'}`,
    );
  }
  await app.close();
  await database.close();
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
