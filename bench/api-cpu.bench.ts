// CPU per request of the API's hot calls through app.inject (no network), on PostgreSQL.
//
//   npm run bench:api-cpu
//   BENCH_DATABASE_URL=postgres://…/postgres   another server (the bench makes and drops its own database)
//   BENCH_REQUESTS=2000                        requests per call, after 200 to warm up
//   BENCH_CALLS=read,list,quotes,patch         which calls
import { createApiBenchWorld } from './support/api-bench-world.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const requests = Number(process.env.BENCH_REQUESTS ?? 2_000);
const chosen = (process.env.BENCH_CALLS ?? 'read,list,quotes,patch').split(',');

async function main() {
  const {
    app,
    token,
    customerId: CustomerID,
    applicationId: id,
    close,
  } = await createApiBenchWorld(serverUrl);
  const headers = { authorization: `Bearer ${token}` };
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

  await close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
