import { randomBytes } from 'node:crypto';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { testConfig } from '../../apps/api/src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { defaultDependencies } from '../../apps/api/src/dependencies.ts';
import {
  createTokenService,
  loadSigningKey,
  type SigningKey,
} from '../../apps/api/src/modules/auth/token.service.ts';
import { defaultIncome, mainApplicantDetails } from '../../apps/api/src/test/lending-test-helpers.ts';

// What the API benches (api-read, api-cpu) stand on: a fresh PostgreSQL database of their own (dropped
// again by `close`), the real API built on it (logs at warn, no worker), and one Norwegian applicant with
// one application.

export interface ApiBenchWorld {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Connection string of the bench's own database (for a stack-limit server's raw pool). */
  databaseUrl: string;
  key: SigningKey;
  token: string;
  customerId: string;
  applicationId: string;
  close(): Promise<void>;
}

export async function createApiBenchWorld(serverUrl: string): Promise<ApiBenchWorld> {
  const databaseName = `nordloan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  await migrate(database);

  const key = await loadSigningKey({});
  const tokens = createTokenService({ key, issuer: 'nordloan', ttlSeconds: 3_600 });
  const config = testConfig({
    logLevel: 'warn',
    webDistDir: '/nonexistent',
    worker: { enabled: false, lenderSeed: 42, lenderDelayScale: 0 },
  });
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
  const created = await app.inject({
    method: 'POST',
    url: '/loan-application',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      Product: 'UnsecuredLoan',
      Brand: 'no-main',
      Amount: 150_000,
      Duration: 5,
      LoanPurpose: 'Renovation',
      MainApplicant: mainApplicantDetails(defaultIncome.NO),
    },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);

  return {
    app,
    database,
    databaseUrl: url.toString(),
    key,
    token,
    customerId: CustomerID,
    applicationId: (created.json() as { ID: string }).ID,
    close: async () => {
      await app.close();
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    },
  };
}
