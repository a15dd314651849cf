import type { Country, Product } from '@nordloan/domain/enums';
import type { LoanApplication, LoanApplicationPage } from '@nordloan/domain/loan-application';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { findTransitionRule } from '@nordloan/domain/status-machine';
import { applicationStatus } from '@nordloan/domain/statuses';
import type { FastifyInstance } from 'fastify';
import { type Config, testConfig } from '#src/config.ts';
import type { Db } from '#src/db/client.ts';
import { moduleEventPublisher } from '#src/dependencies.ts';
import { createSimulatedLenderPanel } from '#src/dev/lender-sandbox/simulated-lender.ts';
import { nextDueAt } from '#src/jobs/job.repository.ts';
import {
  assignOpenAssignment,
  listAssignmentHistory,
  openAssignment,
  processOpenAssignment,
} from '#src/modules/backoffice/assignment.repository.ts';
import { ensureBucket } from '#src/modules/backoffice/bucket.repository.ts';
import {
  ensureCallOrder,
  findCallRecordByExternalRef,
  insertCallRecordForOrder,
} from '#src/modules/backoffice/call.repository.ts';
import { seedStaff } from '#src/modules/backoffice/staff-seed.ts';
import { createLocalScreeningList } from '#src/modules/compliance/local-screening-list.ts';
import { insertPersonCheck, listPersonChecks } from '#src/modules/compliance/person-check.repository.ts';
import {
  decideInsuranceRequest,
  insertInsurancePolicy,
  insertInsuranceRequest,
  listInsuranceRequestsForPerson,
} from '#src/modules/insurance/insurance-policy.repository.ts';
import { jobKinds } from '#src/modules/lending/lending-job-kinds.ts';
import { createLendingWorker } from '#src/modules/lending/lending-jobs.ts';
import { updateApplicationStatus } from '#src/modules/loan-applications/application-write.repository.ts';
import { findOrCreatePerson } from '#src/modules/persons/person.repository.ts';
import { linkRealEstate, upsertFetchedRealEstate } from '#src/modules/secured-loan/real-estate.repository.ts';
import { ensureAgent } from '#src/modules/staff/agent.repository.ts';
import { agentId, demoAgents, demoAssignments, demoBuckets, demoCallOrders } from './demo-backoffice.ts';
import { demoPeople, loginPeople } from './demo-people.ts';

// `npm run db:seed`: a demo data set for trying the product — customers in all four markets, applications
// of several products and statuses across brands, work buckets, agents, assignments, call orders and
// calls, PEP screenings, real estate and payment-protection insurance. Applicants and applications go
// through the real API (dev login, POST /loan-application) so they carry revisions like any other; two are
// submitted and run through the lending engine for real offers; the other status moves follow the status
// machine's table through the applications repository; the back-office rows go through their repositories.
// Idempotent: every row has a natural key (national id, bucket name, fixed agent/order ids, one
// application per customer and product, provider fetch id), so a second run adds nothing.

const SEED_ACTOR = 'system:demo-seed';

// ── Running it ──────────────────────────────────────────────────────────────────────────────────────

export interface SeedSummary {
  people: { name: string; country: Country; nationalId: string }[];
  applications: { key: string; humanReadableId: string; product: Product; brand: string; status: number }[];
  created: { applications: number };
  buckets: number;
  agents: number;
  assignments: number;
  callOrders: number;
  callRecords: number;
  personChecks: number;
  realEstate: number;
  insuranceRequests: number;
  logins: { name: string; country: Country; nationalId: string }[];
}

interface Context {
  app: FastifyInstance;
  db: Db;
  now: () => Date;
}

async function call<T>(
  ctx: Context,
  request: { method: 'GET' | 'POST' | 'PATCH'; url: string; token?: string; payload?: unknown },
): Promise<T> {
  const response = await ctx.app.inject({
    method: request.method,
    url: request.url,
    headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
  if (response.statusCode >= 300) {
    throw new Error(
      `${request.method} ${request.url.split('?')[0]} answered ${response.statusCode}: ${response.body}`,
    );
  }
  return response.json() as T;
}

/** Loads the demo data set through `app` (built on `db`). Safe to run again: it adds only what is missing. */
export async function seedDemoData(options: {
  app: FastifyInstance;
  db: Db;
  now?: () => Date;
  /** For the lending worker the seed runs; a test config when absent. */
  config?: Config;
  lenderSeed?: number;
}): Promise<SeedSummary> {
  const ctx: Context = { app: options.app, db: options.db, now: options.now ?? (() => new Date()) };
  const { db, now } = ctx;
  const summary: SeedSummary = {
    people: [],
    applications: [],
    created: { applications: 0 },
    buckets: 0,
    agents: 0,
    assignments: 0,
    callOrders: 0,
    callRecords: 0,
    personChecks: 0,
    realEstate: 0,
    insuranceRequests: 0,
    logins: [],
  };

  // People and their applications, through the API as an applicant would.
  const personIds = new Map<string, string>();
  const customerIds = new Map<string, string>();
  const applications = new Map<string, LoanApplication>();
  const tokens = new Map<string, string>();
  for (const [index, demo] of demoPeople.entries()) {
    const nationalId = makeTestNationalId(demo.country, demo.birthDate, index);
    await findOrCreatePerson(db, {
      country: demo.country,
      nationalId,
      birthDate: demo.birthDate,
      firstName: demo.firstName,
      lastName: demo.lastName,
      phone: demo.phone,
      email: `${demo.firstName}.${demo.lastName}@example.com`.toLowerCase(),
      streetAddress: demo.streetAddress,
      postalCode: demo.postalCode,
      city: demo.city,
      addressCountry: demo.country,
      citizenship: demo.country,
      isPoliticallyExposed: false,
    });
    const login = await call<{ token: string; CustomerID: string; PersonID: string }>(ctx, {
      method: 'POST',
      url: '/auth/dev/login',
      payload: { nationalId, country: demo.country, role: 'Customer', brand: demo.applications[0]?.brand },
    });
    personIds.set(demo.key, login.PersonID);
    customerIds.set(demo.key, login.CustomerID);
    const name = `${demo.firstName} ${demo.lastName}`;
    summary.people.push({ name, country: demo.country, nationalId });
    if ((loginPeople as readonly string[]).includes(demo.key))
      summary.logins.push({ name, country: demo.country, nationalId });

    for (const plan of demo.applications) {
      const existing = await call<LoanApplicationPage>(ctx, {
        method: 'GET',
        url: `/loan-application?customerID=${login.CustomerID}&product=${plan.product}&pageSize=100`,
        token: login.token,
      });
      let application = existing.Items.find((item) => item.Brand === plan.brand);
      if (!application) {
        application = await call<LoanApplication>(ctx, {
          method: 'POST',
          url: '/loan-application',
          token: login.token,
          payload: {
            Product: plan.product,
            Brand: plan.brand,
            Amount: plan.amount,
            ...(plan.duration ? { Duration: plan.duration } : {}),
            ...(plan.purpose ? { LoanPurpose: plan.purpose } : {}),
            // The apply journey's consent step (submit refuses without it).
            Data: { CreditCheckConsent: { Given: true, At: new Date().toISOString() } },
            MainApplicant: demo.applicant,
          },
        });
        summary.created.applications++;
      }
      // From where it stands: a run that stopped half-way finishes the walk the next time.
      const done = plan.path.indexOf(application.Status);
      if (application.Status === applicationStatus.started || done >= 0)
        application = await walkStatusPath(ctx, application, plan.path.slice(done + 1));
      if (plan.submitToLenders && application.Status === applicationStatus.started) {
        application = await call<LoanApplication>(ctx, {
          method: 'PATCH',
          url: `/loan-application/${application.ID}/application-complete`,
          token: login.token,
          payload: {},
        });
        tokens.set(plan.key, login.token);
      }
      applications.set(plan.key, application);
      summary.applications.push({
        key: plan.key,
        humanReadableId: application.HumanReadableID,
        product: application.Product,
        brand: application.Brand,
        status: application.Status,
      });
    }
  }

  // The submitted applications go through the lending engine: validation, external data, the simulated
  // panel (no delays, no random failures), so their applicants see real offers.
  if (tokens.size > 0) {
    const panel = createSimulatedLenderPanel({
      seed: options.lenderSeed ?? 42,
      delayScale: 0,
      failures: false,
    });
    // The worker keeps its own clock and jumps it to the next due job (a lender's answer, a retry), so the
    // seed does not wait in real time; an hour of lender work is enough to reach the offers.
    let workerTime = now().getTime();
    const horizon = workerTime + 60 * 60 * 1000;
    const workerNow = () => new Date(workerTime);
    const worker = createLendingWorker({
      db,
      config: options.config ?? testConfig(),
      now: workerNow,
      panel,
      // The screening of each submission starts its intake, and the work queues fill (ADR 0056).
      publish: moduleEventPublisher({ screening: createLocalScreeningList(), now: workerNow }),
    });
    for (let round = 0; round < 100; round++) {
      await worker.runUntilIdle();
      const next = await nextDueAt(db, Object.values(jobKinds));
      if (!next || next.getTime() > horizon) break;
      workerTime = Math.max(workerTime, next.getTime());
    }
    for (const [key, token] of tokens) {
      const refreshed = await call<LoanApplication>(ctx, {
        method: 'GET',
        url: `/loan-application/${applications.get(key)!.ID}`,
        token,
      });
      applications.set(key, refreshed);
      const entry = summary.applications.find((application) => application.key === key)!;
      entry.status = refreshed.Status;
    }
  }

  // Back office: buckets, agents, assignments.
  const buckets = new Map<string, string>();
  for (const bucket of demoBuckets) buckets.set(bucket.name, (await ensureBucket(db, bucket)).id);
  summary.buckets = buckets.size;
  for (const agent of demoAgents) await ensureAgent(db, agent);
  summary.agents = demoAgents.length;

  for (const plan of demoAssignments) {
    const application = applications.get(plan.application)!;
    if ((await listAssignmentHistory(db, application.ID)).length > 0) continue;
    const opened = await openAssignment(db, {
      loanApplicationId: application.ID,
      bucketId: buckets.get(plan.bucket)!,
      country: application.Country,
      revision: application.Revision,
      now: now(),
    });
    if (!opened) continue;
    summary.assignments++;
    if (plan.assignee)
      await assignOpenAssignment(db, {
        loanApplicationId: application.ID,
        assigneeId: agentId(plan.assignee),
        expectedAssigneeId: null,
        now: now(),
      });
    if (plan.processedBy)
      await processOpenAssignment(db, {
        loanApplicationId: application.ID,
        processedBy: agentId(plan.processedBy),
        now: now(),
      });
  }

  // Staff per country and the work queues (modules/backoffice/staff/staff-seed.ts).
  summary.agents += await seedStaff(db, now());

  // Call orders, and two calls: one answered, one to voicemail.
  const phoneOf = (applicationKey: string) =>
    demoPeople.find((person) => person.applications.some((plan) => plan.key === applicationKey))!.phone;
  const orders = new Map<string, Awaited<ReturnType<typeof ensureCallOrder>>>();
  for (const plan of demoCallOrders) {
    const application = applications.get(plan.application)!;
    const order = await ensureCallOrder(db, {
      id: plan.id,
      loanApplicationId: application.ID,
      marketCountry: application.Country,
      loanApplicationStatus: application.Status,
      bucketName: plan.bucket,
      customerPhoneNumber: phoneOf(plan.application),
      outboundNumberType: plan.type,
      tags: plan.tags,
    });
    orders.set(plan.application, order);
  }
  summary.callOrders = orders.size;
  const calls = [
    {
      order: 'per-unsecured',
      externalRef: 'demo-call-0001',
      agent: 1,
      outboundPhoneNumber: '+4722000001',
      answered: true,
      wentToVoicemail: false,
      stateDescription: 'completed',
    },
    {
      order: 'mette-unsecured',
      externalRef: 'demo-call-0002',
      agent: 4,
      outboundPhoneNumber: '+4570000001',
      answered: false,
      wentToVoicemail: true,
      stateDescription: 'voicemail',
    },
  ];
  for (const demoCall of calls) {
    if (await findCallRecordByExternalRef(db, demoCall.externalRef)) continue;
    const started = now();
    await insertCallRecordForOrder(db, orders.get(demoCall.order)!, {
      agentId: agentId(demoCall.agent),
      outboundPhoneNumber: demoCall.outboundPhoneNumber,
      externalRef: demoCall.externalRef,
      initiatedAt: started,
      answered: demoCall.answered,
      answeredAt: demoCall.answered ? new Date(started.getTime() + 12_000) : null,
      wentToVoicemail: demoCall.wentToVoicemail,
      endedAt: new Date(started.getTime() + 4 * 60_000),
      stateDescription: demoCall.stateDescription,
    });
    summary.callRecords++;
  }

  // PEP screening: Kari clean (for her secured loan), Anna a close associate of a politician.
  const screenings = [
    { person: 'kari', application: 'kari-secured', rca: false, details: null },
    {
      person: 'anna',
      application: 'anna-unsecured',
      rca: true,
      details: 'Close associate (RCA) of a member of a municipal executive board, 2018–2022. Demo data.',
    },
  ];
  for (const screening of screenings) {
    const personId = personIds.get(screening.person)!;
    if ((await listPersonChecks(db, personId)).length > 0) continue;
    const demo = demoPeople.find((person) => person.key === screening.person)!;
    await insertPersonCheck(db, {
      personId,
      loanApplicationId: applications.get(screening.application)!.ID,
      fullName: `${demo.firstName} ${demo.lastName}`,
      isPep: false,
      isRca: screening.rca,
      isSanctioned: false,
      details: screening.details,
    });
    summary.personChecks++;
  }

  // Real estate: Kari's cooperative flat secures her loan; Ola owns a house (not linked to anything).
  const flat = await upsertFetchedRealEstate(
    db,
    {
      personId: personIds.get('kari')!,
      source: 'ValuationProvider',
      fetchId: 'demo-ev-0001',
      ownershipType: 'Cooperative',
      realEstateType: 'Apartment building',
      estimatedValueReferenceNumber: 'EV-DEMO-0001',
      // What the secured-loan journey records beside the valuation (ADR 0027): the register answered, Kari's
      // own estimate, and the mortgage her loan refinances.
      lookupStatus: 'success',
      applicantValueEstimate: 4_400_000,
      existingMortgage: 1_200_000,
      totalMarketValueEstimate: 4_250_000,
      marketScoreArea: 78,
      marketScoreMunicipality: 71,
      streetName: 'Thereses gate',
      streetNumber: '14',
      streetLetter: 'B',
      postcode: '0358',
      municipality: 'Oslo',
      cadastreKNumber: '0301',
      cadastreGNumber: '215',
      cadastreBNumber: '123',
      primaryLivingArea: 62.5,
      isInsured: true,
      insuranceCompany: 'Gjensidige',
      cooperativeCommonDebt: 380_000,
      cooperativeOrganizationNumber: '948123456',
      cooperativeShareNumber: '42',
    },
    now(),
  );
  await linkRealEstate(db, {
    loanApplicationId: applications.get('kari-secured')!.ID,
    realEstateId: flat.id,
    now: now(),
  });
  await upsertFetchedRealEstate(
    db,
    {
      personId: personIds.get('ola')!,
      source: 'ValuationProvider',
      fetchId: 'demo-ev-0002',
      ownershipType: 'Freehold',
      realEstateType: 'Detached house',
      totalMarketValueEstimate: 6_900_000,
      streetName: 'Bjerkeveien',
      streetNumber: '7',
      postcode: '1363',
      municipality: 'Bærum',
      cadastreKNumber: '3201',
      cadastreGNumber: '41',
      cadastreBNumber: '310',
      primaryLivingArea: 164,
      isInsured: true,
      insuranceCompany: 'If Skadeforsikring',
    },
    now(),
  );
  summary.realEstate = 2;

  // Payment-protection insurance: Anna approved with a policy, Ola's request still undecided.
  const annaId = personIds.get('anna')!;
  if ((await listInsuranceRequestsForPerson(db, annaId)).length === 0) {
    const request = await insertInsuranceRequest(db, {
      personId: annaId,
      customerId: customerIds.get('anna')!,
      loanApplicationId: applications.get('anna-unsecured')!.ID,
      brand: 'se-main',
      country: 'SE',
      insurer: 'NordTrygg',
      insuredMonthlyAmount: 5_000,
      monthlyPremium: 350,
    });
    await decideInsuranceRequest(db, { id: request.id, decision: 'approved', now: now() });
    await insertInsurancePolicy(db, {
      requestId: request.id,
      personId: annaId,
      insurer: 'NordTrygg',
      policyNumber: 'NT-DEMO-0001',
      insuredMonthlyAmount: 5_000,
      monthlyPremium: 350,
      startsOn: now().toISOString().slice(0, 10),
    });
    summary.insuranceRequests++;
  }
  const olaId = personIds.get('ola')!;
  if ((await listInsuranceRequestsForPerson(db, olaId)).length === 0) {
    await insertInsuranceRequest(db, {
      personId: olaId,
      customerId: customerIds.get('ola')!,
      loanApplicationId: applications.get('ola-unsecured')!.ID,
      brand: 'no-main',
      country: 'NO',
      insurer: 'Fjordliv',
      // One of Norway's covers with its premium (packages/domain/src/insurance.ts, ADR 0026)
      insuredMonthlyAmount: 7_500,
      monthlyPremium: 525,
    });
    summary.insuranceRequests++;
  }

  return summary;
}

/** Moves a new application along `path`; every step must be a transition of the status machine. */
async function walkStatusPath(
  ctx: Context,
  application: LoanApplication,
  path: number[],
): Promise<LoanApplication> {
  let status = application.Status;
  let revision = application.Revision;
  for (const next of path) {
    if (!findTransitionRule(status, next))
      throw new Error(`Demo data: ${status} → ${next} is not a transition of the status machine`);
    const row = await updateApplicationStatus(ctx.db, application.ID, next, {
      changedBy: SEED_ACTOR,
      reason: 'demo-seed',
      now: ctx.now(),
      expectedRevision: revision,
    });
    status = row.status;
    revision = row.revision;
  }
  return { ...application, Status: status, Revision: revision };
}
