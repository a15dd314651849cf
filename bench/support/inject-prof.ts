import { makeTestNationalId } from '@nordloan/domain/national-id';
import pg from 'pg';
import { buildApp } from '/work/wt/api-speed/apps/api/src/app.ts';
import { testConfig } from '/work/wt/api-speed/apps/api/src/config.ts';
import { openDatabase } from '/work/wt/api-speed/apps/api/src/db/client.ts';
import { migrate } from '/work/wt/api-speed/apps/api/src/db/migrate.ts';
import {
  createTokenService,
  loadSigningKey,
} from '/work/wt/api-speed/apps/api/src/modules/auth/token.service.ts';
import {
  defaultIncome,
  mainApplicantDetails,
} from '/work/wt/api-speed/apps/api/src/modules/lending/lending-test-helpers.ts';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const name = `prof_${Date.now()}`;
await admin.query(`CREATE DATABASE ${name}`);
const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:5432/${name}` });
await migrate(database);
const tokens = createTokenService({ key: await loadSigningKey({}), issuer: 'nordloan', ttlSeconds: 3600 });
const app = await buildApp({
  config: testConfig({ logLevel: 'warn', webDistDir: '/nonexistent' }),
  database,
  tokens,
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
const { token, CustomerID } = login.json();
const created = await app.inject({
  method: 'POST',
  url: '/loan-application',
  headers: { authorization: `Bearer ${token}` },
  payload: {
    Product: 'UnsecuredLoan',
    Brand: 'no-main',
    Amount: 150000,
    Duration: 5,
    LoanPurpose: 'Renovation',
    MainApplicant: mainApplicantDetails(defaultIncome.NO),
  },
});
const id = created.json().ID;
const which = process.env.WHICH ?? 'read';
const req =
  which === 'read'
    ? { url: `/loan-application/${id}` }
    : which === 'list'
      ? { url: `/loan-application?customerID=${CustomerID}` }
      : which === 'quotes'
        ? { url: `/loan-quote-presentation/v2/application/${id}/quotes` }
        : { method: 'PATCH', url: `/loan-application/${id}`, payload: { Amount: 160000 } };
for (let i = 0; i < 200; i++)
  await app.inject({ ...req, headers: { authorization: `Bearer ${token}` } } as any);
const n = Number(process.env.N ?? 2000);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const r = await app.inject({ ...req, headers: { authorization: `Bearer ${token}` } } as any);
  if (r.statusCode >= 300) throw new Error(r.body);
}
const cpu = process.cpuUsage(cpu0);
console.log(
  which,
  'CPU µs/request',
  ((cpu.user + cpu.system) / n).toFixed(0),
  'wall ms/request',
  ((performance.now() - t0) / n).toFixed(2),
);
await app.close();
await database.close();
await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
await admin.end();
