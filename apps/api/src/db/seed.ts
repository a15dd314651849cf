import { pathToFileURL } from 'node:url';
import type { BucketAction } from '@nordloan/domain/backoffice';
import type { Country, LoanPurpose, OutboundNumberType, Product } from '@nordloan/domain/enums';
import type {
  ApplicantDetailsInput,
  LoanApplication,
  LoanApplicationPage,
} from '@nordloan/domain/loan-application';
import { makeTestNationalId } from '@nordloan/domain/national-id';
import { findTransitionRule } from '@nordloan/domain/status-machine';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app.ts';
import { type Config, loadConfig, testConfig } from '#src/config.ts';
import { type DatabaseHandle, type Db, openDatabase } from '#src/db/client.ts';
import { migrate } from '#src/db/migrate.ts';
import { nextDueAt } from '#src/jobs/job.repository.ts';
import { jobKinds } from '#src/jobs/job-kinds.ts';
import { createLendingWorker } from '#src/jobs/lending-jobs.ts';
import { createTokenService, loadSigningKey } from '#src/modules/auth/token.service.ts';
import { ensureAgent } from '#src/modules/backoffice/agent.repository.ts';
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
import {
  decideInsuranceRequest,
  insertInsurancePolicy,
  insertInsuranceRequest,
  listInsuranceRequestsForPerson,
} from '#src/modules/backoffice/insurance.repository.ts';
import { insertPersonCheck, listPersonChecks } from '#src/modules/backoffice/person-check.repository.ts';
import { linkRealEstate, upsertFetchedRealEstate } from '#src/modules/backoffice/real-estate.repository.ts';
import { seededAgentId, seedStaff } from '#src/modules/backoffice/staff/staff-seed.ts';
import { createSimulatedLenderPanel } from '#src/modules/lending/simulated-lender-panel.ts';
import { updateApplicationStatus } from '#src/modules/loan-applications/loan-application.repository.ts';
import { findOrCreatePerson } from '#src/modules/persons/person.repository.ts';

// `npm run db:seed`: a demo data set for trying the product — customers in all four markets, applications
// of several products and statuses across brands, work buckets, agents, assignments, call orders and
// calls, PEP screenings, real estate and payment-protection insurance. Applicants and applications go
// through the real API (dev login, POST /loan-application) so they carry revisions like any other; two are
// submitted and run through the lending engine for real offers; the other status moves follow the status
// machine's table through the applications repository; the back-office rows go through their repositories.
// Idempotent: every row has a natural key (national id, bucket name, fixed agent/order ids, one
// application per customer and product, provider fetch id), so a second run adds nothing.

const SEED_ACTOR = 'system:demo-seed';

// ── The data set ────────────────────────────────────────────────────────────────────────────────────

interface DemoApplication {
  key: string;
  product: Product;
  brand: string;
  amount: number;
  duration?: number;
  purpose?: LoanPurpose;
  /** The statuses the application passes through after 100 Started, each a transition of the table. */
  path: number[];
  /**
   * Submitted for real (application-complete) and run through the lending engine with the simulated panel,
   * so the applicant finds actual offers on the personal page.
   */
  submitToLenders?: boolean;
}

interface DemoPerson {
  key: string;
  country: Country;
  birthDate: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  postalCode: string;
  streetAddress: string;
  applicant: ApplicantDetailsInput;
  applications: DemoApplication[];
}

// Status paths (the transitions of packages/domain/src/status-machine.ts).
const submitted = [160];
const completed = [160, 180, 200];
const pendingBankApproval = [...completed, 210, 300, 310];

const employed = (
  employer: string,
  grossYearlyIncome: number,
  netMonthlyIncome: number,
): ApplicantDetailsInput => ({
  EmploymentType: 'Permanent',
  EmployerName: employer,
  EmploymentStart: '2016-08-01',
  Industry: 'Information and communication',
  JobLevel: 'Employee',
  GrossYearlyIncome: grossYearlyIncome,
  NetMonthlyIncome: netMonthlyIncome,
  MaritalStatus: 'Married',
  Education: 'Higher education',
  LivingSituation: 'Own apartment',
  HousingType: 'Apartment building',
  HousingCostMonthly: Math.round(netMonthlyIncome * 0.25),
  PartnerLivingCostMonthly: Math.round(netMonthlyIncome * 0.2),
  ChildrenCount: 1,
  MainBank: 'Nordbanken',
  IsPoliticallyExposed: false,
});

const demoPeople: DemoPerson[] = [
  {
    key: 'ola',
    country: 'NO',
    birthDate: '1985-03-14',
    firstName: 'Ola',
    lastName: 'Nordmann',
    phone: '+4791234501',
    streetAddress: 'Storgata 12',
    postalCode: '0155',
    city: 'Oslo',
    applicant: employed('Fjordnett AS', 720_000, 42_000),
    applications: [
      {
        key: 'ola-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-main',
        amount: 250_000,
        duration: 5,
        purpose: 'Refinancing loan',
        path: [],
        submitToLenders: true,
      },
      { key: 'ola-card', product: 'CreditCard', brand: 'no-main', amount: 50_000, path: [] },
    ],
  },
  {
    key: 'kari',
    country: 'NO',
    birthDate: '1990-11-02',
    firstName: 'Kari',
    lastName: 'Hansen',
    phone: '+4791234502',
    streetAddress: 'Thereses gate 14B',
    postalCode: '0358',
    city: 'Oslo',
    applicant: employed('Oslo universitetssykehus HF', 640_000, 38_000),
    applications: [
      {
        key: 'kari-secured',
        product: 'SecuredLoan',
        brand: 'no-alt2',
        amount: 1_500_000,
        duration: 20,
        purpose: 'Housing',
        path: completed,
      },
      {
        key: 'kari-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-alt1',
        amount: 80_000,
        duration: 3,
        purpose: 'Renovation',
        path: [190],
      },
    ],
  },
  {
    key: 'per',
    country: 'NO',
    birthDate: '1978-07-21',
    firstName: 'Per',
    lastName: 'Johansen',
    phone: '+4791234503',
    streetAddress: 'Kongens gate 3',
    postalCode: '7011',
    city: 'Trondheim',
    applicant: { ...employed('Trøndelag Bygg AS', 510_000, 31_000), EmploymentType: 'Temporary' },
    applications: [
      {
        key: 'per-unsecured',
        product: 'UnsecuredLoan',
        brand: 'no-compare',
        amount: 100_000,
        duration: 3,
        purpose: 'Vehicle',
        path: [...completed, 210, 270],
      },
    ],
  },
  {
    key: 'anna',
    country: 'SE',
    birthDate: '1988-05-09',
    firstName: 'Anna',
    lastName: 'Andersson',
    phone: '+46701234504',
    streetAddress: 'Drottninggatan 45',
    postalCode: '111 21',
    city: 'Stockholm',
    applicant: employed('Nordisk Design AB', 540_000, 32_000),
    applications: [
      {
        key: 'anna-unsecured',
        product: 'UnsecuredLoan',
        brand: 'se-main',
        amount: 200_000,
        duration: 10,
        purpose: 'Renovation',
        path: [],
        submitToLenders: true,
      },
    ],
  },
  {
    key: 'erik',
    country: 'SE',
    birthDate: '1975-01-30',
    firstName: 'Erik',
    lastName: 'Svensson',
    phone: '+46701234505',
    streetAddress: 'Avenyn 8',
    postalCode: '411 36',
    city: 'Göteborg',
    applicant: employed('Västkust Logistik AB', 480_000, 29_000),
    applications: [
      {
        key: 'erik-unsecured',
        product: 'UnsecuredLoan',
        brand: 'se-compare',
        amount: 75_000,
        duration: 5,
        purpose: 'Holiday',
        path: [],
      },
    ],
  },
  {
    key: 'matti',
    country: 'FI',
    birthDate: '1982-09-17',
    firstName: 'Matti',
    lastName: 'Virtanen',
    phone: '+358401234506',
    streetAddress: 'Mannerheimintie 20',
    postalCode: '00100',
    city: 'Helsinki',
    applicant: employed('Suomen Ohjelmisto Oy', 58_000, 3_300),
    applications: [
      {
        key: 'matti-unsecured',
        product: 'UnsecuredLoan',
        brand: 'fi-main',
        amount: 20_000,
        duration: 5,
        purpose: 'Vehicle',
        path: completed,
      },
    ],
  },
  {
    key: 'aino',
    country: 'FI',
    birthDate: '1995-12-03',
    firstName: 'Aino',
    lastName: 'Korhonen',
    phone: '+358401234507',
    streetAddress: 'Hämeenkatu 5',
    postalCode: '33100',
    city: 'Tampere',
    applicant: { ...employed('Pirkanmaan Kahvila Oy', 31_000, 1_950), EmploymentType: 'Hourly' },
    applications: [
      {
        key: 'aino-unsecured',
        product: 'UnsecuredLoan',
        brand: 'fi-group-a',
        amount: 8_000,
        duration: 3,
        purpose: 'Studies',
        path: [...submitted, 169],
      },
    ],
  },
  {
    key: 'mette',
    country: 'DK',
    birthDate: '1987-04-25',
    firstName: 'Mette',
    lastName: 'Nielsen',
    phone: '+4520123408',
    streetAddress: 'Nørrebrogade 30',
    postalCode: '2200',
    city: 'København N',
    applicant: employed('Dansk Energi A/S', 520_000, 27_000),
    applications: [
      {
        key: 'mette-unsecured',
        product: 'UnsecuredLoan',
        brand: 'dk-main',
        amount: 100_000,
        duration: 5,
        purpose: 'Wedding',
        path: pendingBankApproval,
      },
    ],
  },
  {
    key: 'lars',
    country: 'DK',
    birthDate: '1969-08-08',
    firstName: 'Lars',
    lastName: 'Jensen',
    phone: '+4520123409',
    streetAddress: 'Vestergade 2',
    postalCode: '8000',
    city: 'Aarhus C',
    applicant: { ...employed('Aarhus Havn', 390_000, 21_000), EmploymentType: 'Pensioner' },
    applications: [
      {
        key: 'lars-unsecured',
        product: 'UnsecuredLoan',
        brand: 'dk-main',
        amount: 50_000,
        duration: 4,
        purpose: 'Dentist',
        path: [...pendingBankApproval, 370],
      },
    ],
  },
];

/** The two people the summary offers for logging in (with POST /auth/dev/login). */
const loginPeople = ['ola', 'anna'] as const;

const action = (role: string, kind: string, name: string, description: string): BucketAction => ({
  role,
  kind,
  name,
  description,
});

const demoBuckets = [
  {
    name: 'Validation failed',
    priority: 5,
    actions: [action('Sales', 'call', 'Call the customer', 'Go through the fields the validation refused')],
    conditionsExplanation: 'Submitted, but the automatic validation refused it (status 169)',
  },
  {
    name: 'New applications',
    priority: 10,
    actions: [
      action('Sales', 'call', 'Welcome call', 'Introduce yourself and offer help with the form'),
      action('Telemarketing', 'sms', 'Reminder SMS', 'Remind the customer to finish the application'),
    ],
    conditionsExplanation: 'Started or completed in the last 24 hours and not yet sent to the lender panel',
  },
  {
    name: 'Secured loan review',
    priority: 15,
    actions: [
      action('SecuredSales', 'review', 'Review the security', 'Check valuation, ownership and common debt'),
    ],
    conditionsExplanation: 'Secured-loan applications with real estate that needs a manual valuation check',
  },
  {
    name: 'Missing documents',
    priority: 20,
    actions: [action('Sales', 'request-document', 'Request payslip', 'Ask for the last two payslips')],
    conditionsExplanation: 'A lender asked for a document the customer has not sent yet',
  },
  {
    name: 'ACE decision pending',
    priority: 30,
    requiresAceAction: true,
    actions: null,
    conditionsExplanation: 'Waiting for the automated credit engine; no manual action until it answers',
  },
  {
    name: 'Not registered - follow up',
    priority: 40,
    actions: [
      action('Sales', 'call', 'Follow-up call', 'Explain why no bank registered it; suggest a co-applicant'),
    ],
    conditionsExplanation: 'No bank registered the application (270) or none approved it (370)',
  },
];

const agentId = (n: number) => `5eed0000-0000-4000-8000-0000000000a${n}`;
const demoAgents = [
  {
    id: agentId(1),
    name: 'Nora Berg',
    email: 'nora.berg@nordloan.test',
    marketCountry: 'NO',
    roles: [
      { Name: 'Sales', Country: 'NO' as const },
      { Name: 'SecuredSales', Country: 'NO' as const },
    ],
  },
  {
    id: agentId(2),
    name: 'Sven Lind',
    email: 'sven.lind@nordloan.test',
    marketCountry: 'SE',
    roles: [
      { Name: 'Sales', Country: 'SE' as const },
      { Name: 'Telemarketing', Country: 'SE' as const },
    ],
  },
  {
    id: agentId(3),
    name: 'Liisa Mäkelä',
    email: 'liisa.makela@nordloan.test',
    marketCountry: 'FI',
    roles: [{ Name: 'Sales', Country: 'FI' as const }],
  },
  {
    id: agentId(4),
    name: 'Freja Holm',
    email: 'freja.holm@nordloan.test',
    marketCountry: 'DK',
    roles: [
      { Name: 'Sales', Country: 'DK' as const },
      { Name: 'Manager', Country: 'DK' as const },
    ],
  },
  {
    id: agentId(5),
    name: 'Maja Admin',
    email: 'maja.admin@nordloan.test',
    marketCountry: 'NO',
    roles: [{ Name: 'Super' }],
  },
  {
    id: agentId(6),
    name: 'Olle Former',
    email: 'olle.former@nordloan.test',
    marketCountry: 'SE',
    disabled: true,
    roles: [{ Name: 'Sales', Country: 'SE' as const }],
  },
];

/** Where each application sits in the back office: bucket, and the agent working it (if any). */
const demoAssignments: { application: string; bucket: string; assignee?: number; processedBy?: number }[] = [
  { application: 'ola-unsecured', bucket: 'ACE decision pending' },
  { application: 'ola-card', bucket: 'New applications' },
  { application: 'kari-secured', bucket: 'Secured loan review', assignee: 1 },
  { application: 'per-unsecured', bucket: 'Not registered - follow up', assignee: 1 },
  { application: 'anna-unsecured', bucket: 'ACE decision pending' },
  { application: 'erik-unsecured', bucket: 'New applications', assignee: 2 },
  { application: 'matti-unsecured', bucket: 'New applications' },
  { application: 'aino-unsecured', bucket: 'Validation failed', assignee: 3 },
  { application: 'mette-unsecured', bucket: 'Missing documents', assignee: 4 },
  // Worked and closed: shows up in history and under Processed=true
  { application: 'lars-unsecured', bucket: 'Not registered - follow up', assignee: 4, processedBy: 4 },
];

const callOrderId = (n: number) => `5eed0000-0000-4000-8000-0000000000c${n}`;
const demoCallOrders: {
  id: string;
  application: string;
  bucket: string;
  type: OutboundNumberType;
  tags: string[] | null;
}[] = [
  {
    id: callOrderId(1),
    application: 'erik-unsecured',
    bucket: 'New applications',
    type: 'broker',
    tags: ['welcome'],
  },
  {
    id: callOrderId(2),
    application: 'per-unsecured',
    bucket: 'Not registered - follow up',
    type: 'agent',
    tags: null,
  },
  {
    id: callOrderId(3),
    application: 'aino-unsecured',
    bucket: 'Validation failed',
    type: 'uscore',
    tags: ['validation'],
  },
  {
    id: callOrderId(4),
    application: 'mette-unsecured',
    bucket: 'Missing documents',
    type: 'broker',
    tags: ['documents', 'evening'],
  },
];

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
      if (application.Status === 100 || done >= 0)
        application = await walkStatusPath(ctx, application, plan.path.slice(done + 1));
      if (plan.submitToLenders && application.Status === 100) {
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
    const worker = createLendingWorker({
      db,
      config: options.config ?? testConfig(),
      now: () => new Date(workerTime),
      panel,
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
      realEstateType: 'Apartment',
      estimatedValueReferenceNumber: 'EV-DEMO-0001',
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
      insuredMonthlyAmount: 8_000,
      monthlyPremium: 560,
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

// ── The command ─────────────────────────────────────────────────────────────────────────────────────

function printSummary(summary: SeedSummary, where: string) {
  const added =
    summary.created.applications +
    summary.assignments +
    summary.callRecords +
    summary.personChecks +
    summary.insuranceRequests;
  const tally = (values: (string | number)[]) =>
    [...new Set(values)]
      .map((value) => `${value} ×${values.filter((other) => other === value).length}`)
      .join(', ');
  const lines = [
    `Demo data in ${where}${added === 0 ? ' (already there: nothing added)' : ''}`,
    `  ${summary.people.length} applicants in NO, SE, FI, DK; ${summary.applications.length} applications (${summary.created.applications} new)`,
    `    by status: ${tally(summary.applications.map((application) => application.status))}`,
    `    by product: ${tally(summary.applications.map((application) => application.product))}`,
    `  ${summary.buckets} buckets, ${summary.agents} agents (one disabled), ${summary.callOrders} call orders, 2 properties`,
    `  added this run: ${summary.assignments} assignments, ${summary.callRecords} call records, ${summary.personChecks} person checks, ${summary.insuranceRequests} insurance requests`,
    '  lenders: not seeded here (the lending engine seeds its own panel)',
    'Log in (POST /auth/dev/login with { "nationalId", "country" }):',
    ...summary.logins.map((login) => `  ${login.name}, ${login.country}: ${login.nationalId}`),
    'Staff: GET /backoffice/dev/agents lists the agents; POST /auth/dev/staff-login with { "AgentID": "…" }',
    `  e.g. Ingrid Sales (Sales, NO): ${seededAgentId('NO', 'Sales')}`,
  ];
  console.log(lines.join('\n'));
}

async function main() {
  const config = loadConfig();
  if (config.env === 'production')
    throw new Error('db:seed loads demo data and does not run with NODE_ENV=production');
  const database: DatabaseHandle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await migrate(database);
    const key = await loadSigningKey({ privateKeyPem: config.jwt.privateKeyPem, dataDir: config.dataDir });
    const tokens = createTokenService({ key, issuer: config.jwt.issuer, ttlSeconds: config.jwt.ttlSeconds });
    // Quiet, and without background work: the seed only needs the routes.
    const app = await buildApp({
      config: {
        ...config,
        logLevel: 'warn',
        devIdentityProvider: true,
        worker: { ...config.worker, enabled: false },
      },
      database,
      tokens,
    });
    try {
      const summary = await seedDemoData({
        app,
        db: database.db,
        config,
        lenderSeed: config.worker.lenderSeed,
      });
      printSummary(
        summary,
        config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
