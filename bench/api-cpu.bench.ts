// CPU time per request of the API's hot calls (issue 12), measured in-process with app.inject: the
// server's own work (routing, token, validation, queries, serialisation) without the HTTP socket and the
// load generator. Unlike requests/s it hardly moves when the machine is busy with something else, so it
// is the figure to compare before and after a change (docs/performance-api.md).
//
//   npm run bench:api-cpu                      read, list, quotes and PATCH, 2,000 requests each
//   BENCH_CALLS=read BENCH_REQUESTS=5000 npm run bench:api-cpu
//   BENCH_DATABASE_URL=postgres://…/postgres   the PostgreSQL server to create the bench database on
//
// Profile one call: BENCH_CALLS=read node --import tsx --cpu-prof bench/api-cpu.bench.ts
import { randomBytes } from 'node:crypto';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { defaultDependencies } from '../apps/api/src/dependencies.ts';
import { createTokenService, loadSigningKey } from '../apps/api/src/modules/auth/token.service.ts';
import { defaultIncome, mainApplicantDetails } from '../apps/api/src/test/lending-test-helpers.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const requests = Number(process.env.BENCH_REQUESTS ?? 2_000);
const chosen = (process.env.BENCH_CALLS ?? 'read,list,quotes,patch').split(',');

async function main() {
  const databaseName = `nordloan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ url: url.toString() });
  await migrate(database);
  const tokens = createTokenService({ key: await loadSigningKey({}), issuer: 'nordloan', ttlSeconds: 3_600 });
  const config = testConfig({ logLevel: 'warn', webDistDir: '/nonexistent' });
  const now = () => new Date();
  const app = await buildApp({
    config,
    database,
    tokens,
    now,
    ...defaultDependencies({ config, db: database.db, now }),
  });

  const login = await app.inject({
    method: 'POST',
    url: '/auth/dev/login',
    payload: {
      nationalId: makeTestNationalId('NO', '1985-06-15', 7),
      country: 'NO',
      role: 'Customer',
      brand: 'no-main',
    },
  });
  const { token, CustomerID } = login.json() as { token: string; CustomerID: string };
  const headers = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/loan-application',
    headers,
    payload: {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      MainApplicant: mainApplicantDetails(defaultIncome.NO),
    },
  });
  const id = (created.json() as { ID: string }).ID;
  const calls = {
    read: { method: 'GET' as const, url: `/loan-application/${id}` },
    list: { method: 'GET' as const, url: `/loan-application?customerID=${CustomerID}` },
    quotes: { method: 'GET' as const, url: `/loan-quote-presentation/v2/application/${id}/quotes` },
    patch: { method: 'PATCH' as const, url: `/loan-application/${id}`, payload: { Amount: 160_000 } },
  };

  console.log(
    `API CPU per request — PostgreSQL, app.inject, ${requests} requests per call after 200 to warm up`,
  );
  for (const name of chosen) {
    const call = calls[name as keyof typeof calls];
    if (!call) throw new Error(`unknown call ${name} (read, list, quotes, patch)`);
    for (let index = 0; index < 200; index++) await app.inject({ ...call, headers });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let index = 0; index < requests; index++) {
      const response = await app.inject({ ...call, headers });
      if (response.statusCode >= 300) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMicros = (cpu.user + cpu.system) / requests;
    const wallMillis = (performance.now() - started) / requests;
    console.log(
      `  ${name.padEnd(6)} ${cpuMicros.toFixed(0).padStart(6)} µs CPU/request   ${wallMillis.toFixed(2)} ms wall/request`,
    );
  }

  await app.close();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
