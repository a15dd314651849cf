// Loads a back-office data set into PostgreSQL for bench/backoffice.bench.ts (issue 9): N applications
// (10,000; 1,000,000 with --deep) with their applicant (person, customer, applicant row), a lender request
// and quote for half of them, and the work-queue items: like a broker's history, most applications have
// ended (their queue item processed), 2 % are still being worked and sit open in the rule buckets (ADR 0021).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:backoffice:load [-- --deep]
//   BENCH_APPLICATIONS=50000 …                        any other size
//
// Rows are generated in SQL (generate_series) in chunks; 500 applicants get real national ids (the bench
// searches by those), the rest a synthetic key no country accepts. Runs on an empty database (it migrates).
import { workQueueRules } from '@nordloan/domain/backoffice';
import type { Country } from '@nordloan/domain/enums';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { nationalIdLookupHash, sealNationalId } from '../apps/api/src/db/personal-data-cipher.ts';
import { ensureRuleBucket } from '../apps/api/src/modules/backoffice/queues/queue.repository.ts';
import { workQueueAgentId } from '../apps/api/src/modules/staff/agent.repository.ts';

const deep = process.argv.includes('--deep');
const total = Number(process.env.BENCH_APPLICATIONS ?? (deep ? 1_000_000 : 10_000));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const chunk = 50_000;
/** The SQL's country of application i: ARRAY['NO','SE','FI','DK'][i % 4 + 1]. */
const loadCountries: Country[] = ['NO', 'SE', 'FI', 'DK'];
/** Applicants with a real national id: the bench's search keys. */
const searchableApplicants = 500;
// The bulk rows' national id: one valid sealed value (the 360 view opens it), a placeholder number.
const placeholderSealed = sealNationalId('00000000000');

async function main() {
  if (!databaseUrl) throw new Error('Set BENCH_DATABASE_URL to an empty PostgreSQL database');
  const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  await migrate(database);
  const now = new Date();
  // Open items go to the rule buckets; the statuses below are theirs (open) and end states (processed).
  const openStatuses = workQueueRules.flatMap((rule) => [...rule.statuses]);
  const bucketOf = new Map<number, string>();
  for (const rule of workQueueRules) {
    const bucket = await ensureRuleBucket(database.db, rule.rule, now);
    for (const status of rule.statuses) bucketOf.set(status, bucket.id);
  }
  const openCases = openStatuses
    .map((status) => `WHEN ${status} THEN '${bucketOf.get(status)}'::uuid`)
    .join(' ');
  const started = performance.now();
  await database.withSession(async (session) => {
    const [counted] = await session.query<{ n: number }>('SELECT count(*)::int AS n FROM loan_application');
    const existing = counted?.n ?? 0;
    if (existing > 0) throw new Error(`The database already has ${existing} applications: use an empty one`);
    for (let from = 1; from <= total; from += chunk) {
      const to = Math.min(total, from + chunk - 1);
      // Country i % 4; every 50th application is open (2 %) in one of the rule statuses, the rest ended.
      await session.query(`
        -- Deterministic ids with the version-4 bits, as gen_random_uuid() makes them (the API checks them).
        CREATE OR REPLACE FUNCTION pg_temp.bid(key text) RETURNS uuid LANGUAGE sql IMMUTABLE AS
          $$ SELECT overlay(overlay(md5(key) placing '4' from 13) placing '8' from 17)::uuid $$;
        CREATE TEMP TABLE IF NOT EXISTS bench_rows (i int, country text, status int, open boolean);
        TRUNCATE bench_rows;
        INSERT INTO bench_rows
        SELECT i, (ARRAY['NO','SE','FI','DK'])[i % 4 + 1],
               CASE WHEN i % 50 = 0 THEN (ARRAY[${openStatuses.join(',')}])[(i / 50) % ${openStatuses.length} + 1]
                    ELSE (ARRAY[700, 190, 370, 470, 289])[i % 5 + 1] END,
               i % 50 = 0
        FROM generate_series(${from}, ${to}) AS i;
        INSERT INTO person (id, country, national_id_hash, national_id_sealed, birth_date, first_name, last_name,
                            email, phone)
        SELECT pg_temp.bid('p' || i), country, 'bench-' || i, '${placeholderSealed}', DATE '1980-01-01' + (i % 9000),
               'Bench', 'Person ' || i, 'bench' || i || '@example.com',
               CASE country WHEN 'NO' THEN '+479' WHEN 'SE' THEN '+467' WHEN 'FI' THEN '+3584' ELSE '+452' END
                 || lpad(i::text, 8, '0')
        FROM bench_rows;
        INSERT INTO customer (id, person_id, brand, country, email, phone)
        SELECT pg_temp.bid('c' || i), pg_temp.bid('p' || i), lower(country) || '-main', country,
               'bench' || i || '@example.com', NULL
        FROM bench_rows;
        INSERT INTO loan_application (id, product, status, brand, country, customer_id, person_id, amount,
                                      duration_years, created_at, updated_at)
        SELECT pg_temp.bid('a' || i), 'UnsecuredLoan', status, lower(country) || '-main', country,
               pg_temp.bid('c' || i), pg_temp.bid('p' || i), 50000 + (i % 400) * 1000, 1 + i % 15,
               now() - make_interval(mins => ${total} - i), now() - make_interval(mins => ${total} - i)
        FROM bench_rows;
        INSERT INTO loan_application_applicant (loan_application_id, role, person_id, gross_yearly_income,
                                                net_monthly_income, employment_type)
        SELECT pg_temp.bid('a' || i), 'MainApplicant', pg_temp.bid('p' || i), 400000 + (i % 300) * 1000,
               25000 + (i % 200) * 100, 'Permanent'
        FROM bench_rows;
        INSERT INTO loan_request (id, loan_application_id, lender_id, status, registered_at, decided_at)
        SELECT pg_temp.bid('r' || i), pg_temp.bid('a' || i), 'bench-bank', 300, now(), now()
        FROM bench_rows WHERE i % 2 = 0;
        INSERT INTO loan_quote (loan_application_id, loan_request_id, lender_id, origin_key, currency, amount,
                                duration_months, nominal_rate, effective_rate, startup_fee, monthly_fee,
                                fee_handling, offer_type, loan_kind, decision, status, expires_at)
        SELECT pg_temp.bid('a' || i), pg_temp.bid('r' || i), 'bench-bank', 'decision:1',
               CASE country WHEN 'NO' THEN 'NOK' WHEN 'SE' THEN 'SEK' WHEN 'FI' THEN 'EUR' ELSE 'DKK' END,
               50000 + (i % 400) * 1000, 12 * (1 + i % 15), 9.9, 11.2, 950, 50, 'financed', 'Annuity',
               'Consumer', 'approved', CASE WHEN open THEN 'approved' ELSE 'expired' END,
               now() + interval '30 days'
        FROM bench_rows WHERE i % 2 = 0;
        INSERT INTO assignment (loan_application_id, bucket_id, country, revision, bucket_updated_at,
                                processed_at, processed_by, created_at, updated_at)
        SELECT pg_temp.bid('a' || i),
               CASE WHEN open THEN CASE status ${openCases} END ELSE '${bucketOf.get(160)}'::uuid END,
               country, CASE WHEN open THEN 1 ELSE 2 END, now() - make_interval(mins => ${total} - i),
               CASE WHEN open THEN NULL ELSE now() END,
               CASE WHEN open THEN NULL ELSE '${workQueueAgentId}'::uuid END, now(), now()
        FROM bench_rows WHERE open OR i % 3 = 0;
      `);
      console.log(`  ${to.toLocaleString('en')} / ${total.toLocaleString('en')} applications`);
    }
    // Real national ids for the first applicants of each country: what staff type into the search.
    for (let index = 0; index < Math.min(searchableApplicants, total); index++) {
      const i = index + 1;
      const country = loadCountries[i % 4]!;
      const birthDate = `19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 10}`;
      const nationalId = makeTestNationalId(country, birthDate, Math.floor(index / 360));
      await session.query(
        'UPDATE person SET national_id_hash = $1, national_id_sealed = $2 WHERE id = pg_temp.bid($3)',
        [nationalIdLookupHash(nationalId), sealNationalId(nationalId), `p${i}`],
      );
    }
    await session.query('ANALYZE');
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`Loaded ${total.toLocaleString('en')} applications in ${seconds.toFixed(1)} s`);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
