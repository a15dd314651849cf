import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validateBrandRegistry } from '@nordloan/domain/brands/registry-validation';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { quotePresentationRoutes } from '#src/modules/lending/presentation/quote-presentation.routes.ts';
import type { Config } from './config.ts';
import { registerBackupSocket } from './db/backup/backup-socket.ts';
import type { DatabaseHandle } from './db/client.ts';
import { usePersonalDataKey } from './db/personal-data-cipher.ts';
import { registerQueueMetrics } from './jobs/queue-metrics.ts';
import type { JobWorker, WorkerLogger } from './jobs/worker.ts';
import { errorSerializer, requestSerializer } from './lib/log-redaction.ts';
import type { ModuleOptions } from './lib/module-options.ts';
import type { TokenService } from './lib/token-service.ts';
import { approvalOddsRoutes } from './modules/approval-odds/approval-odds.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { oidcRoutes } from './modules/auth/oidc.routes.ts';
import { createOidcClients } from './modules/auth/oidc-login.service.ts';
import { staffApplicationRoutes } from './modules/backoffice/applications/staff-application.routes.ts';
import { callRoutes } from './modules/backoffice/calls/calls.routes.ts';
import type { TelephonyAdapter } from './modules/backoffice/calls/telephony-adapter.ts';
import { queueRoutes } from './modules/backoffice/queues/queue.routes.ts';
import {
  type AccountInformationProvider,
  httpAccountInformation,
} from './modules/bank-data/account-information.ts';
import { bankDataRoutes } from './modules/bank-data/bank-data.routes.ts';
import { calculatorRoutes } from './modules/calculator/calculator.routes.ts';
import { coApplicantInviteRoutes } from './modules/co-applicant-invites/co-applicant-invite.routes.ts';
import { humanReviewRoutes } from './modules/compliance/human-review/human-review.routes.ts';
import { screeningRoutes } from './modules/compliance/screening.routes.ts';
import type { ScreeningAdapter } from './modules/compliance/screening-adapter.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { contactLogRoutes } from './modules/contact-log/contact-log.routes.ts';
import { customerRoutes } from './modules/customers/customer.routes.ts';
import { debtRegisterRoutes } from './modules/debt-registers/debt-registers.routes.ts';
import {
  type DebtRegisters,
  httpFinnishCreditRegister,
  httpNorwegianDebtRegister,
} from './modules/debt-registers/debt-registers.ts';
import { documentRoutes } from './modules/documents/document.routes.ts';
import type { DocumentStorage } from './modules/documents/document-storage.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import type { Readiness } from './modules/health/readiness.ts';
import type { EidSigningProvider } from './modules/insurance/eid-signing.ts';
import { insuranceRoutes } from './modules/insurance/insurance.routes.ts';
import { paymentMandateRoutes } from './modules/insurance/payment-mandate.routes.ts';
import type { PaymentMandateProvider } from './modules/insurance/payment-mandate-provider.ts';
import { leadRoutes } from './modules/leads/lead.routes.ts';
import { lenderRoutes } from './modules/lenders/lender.routes.ts';
import { agreementSigningRoutes } from './modules/lending/agreement-signing/agreement-signing.routes.ts';
import { documentRequestRoutes } from './modules/lending/document-requests/document-request.routes.ts';
import type { ExternalDataProvider } from './modules/lending/intake/external-data.ts';
import { createLenderAgreementApi } from './modules/lending/lender-api/lender-agreement.ts';
import { registerLenderApiMetrics } from './modules/lending/lender-api/lender-api-metrics.ts';
import type { LenderCredentials } from './modules/lending/lender-api/lender-credentials.ts';
import { createLenderReviewApi } from './modules/lending/lender-api/lender-human-review.ts';
import { createLenderPrequalificationApi } from './modules/lending/lender-api/lender-prequalification.ts';
import type { LenderPanel } from './modules/lending/lender-panel/lender-adapter.ts';
import { lendingRoutes } from './modules/lending/lending.routes.ts';
import { applicationLifecycleRoutes } from './modules/lending/lifecycle/application-lifecycle.routes.ts';
import { integrationRoutes } from './modules/loan-applications/integration.routes.ts';
import { loanApplicationRoutes } from './modules/loan-applications/loan-application.routes.ts';
import { subRecordRoutes } from './modules/loan-applications/sub-record.routes.ts';
import { magicLinkRoutes } from './modules/magic-links/magic-link.routes.ts';
import { notifyApplicant } from './modules/messages/message.service.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import type { Messaging } from './modules/messages/messaging.ts';
import { personRoutes } from './modules/persons/person.routes.ts';
import type { PopulationRegister } from './modules/persons/population-register.ts';
import { preCheckRoutes } from './modules/pre-check/pre-check.routes.ts';
import { erasureQueueRoutes } from './modules/privacy/erasure-queue.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { rateWatchRoutes } from './modules/rate-watch/rate-watch.routes.ts';
import { createMissingFigureWarnings } from './modules/regulatory-figures/missing-figure-warnings.ts';
import { regulatoryFigureRoutes } from './modules/regulatory-figures/regulatory-figure.routes.ts';
import { capsConfigInForce } from './modules/regulatory-figures/regulatory-figure.service.ts';
import { retentionJobs } from './modules/retention/retention.jobs.ts';
import type { PropertyRegister } from './modules/secured-loan/property-register.ts';
import { securedLoanRoutes } from './modules/secured-loan/secured-loan.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { termsRoutes } from './modules/terms/terms.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerBrand } from './plugins/brand.ts';
import { acceptEmptyJsonBodies } from './plugins/empty-json-body.ts';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerNotFound } from './plugins/not-found.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaffApp } from './plugins/staff-app.ts';
import { refuseUnstorableCharacters } from './plugins/unstorable-characters.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerTracing, traceLogMixin } from './telemetry/fastify-tracing.ts';
import { tracingEnabled } from './telemetry/tracing.ts';

// buildApp is the one place that wires: every dependency comes in here (built by server.ts, the test
// helper, the seed or the benchmark; defaults in dependencies.ts) and is handed to the plugins and modules
// that need it. No module builds an adapter or starts background work itself.
export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  tokens: TokenService;
  /** The clock every service reads; tests move it. */
  now: () => Date;
  /** The lenders the fan-out goes to (the simulated panel outside tests that bring their own). */
  panel: LenderPanel;
  /** Each lender's secret for the lender API's signatures (absent: from the config; ADR 0062). */
  lenderCredentials?: LenderCredentials | undefined;
  /** A lender's deadline for the soft pre-qualification of approval odds (ADR 0074); absent: 1 s. */
  prequalificationTimeoutMs?: number | undefined;
  /** Credit bureau and debt register (a local stand-in). */
  externalData: ExternalDataProvider;
  /** The telephony provider of outbound calls (a local stand-in; ADR 0022). */
  telephony: TelephonyAdapter;
  /** The PEP/sanctions screening provider (a local list; ADR 0022). */
  screening: ScreeningAdapter;
  /** The e-ID signing of insurance mandates (a local stand-in; ADR 0026). */
  eidSigning: EidSigningProvider;
  /** The payment provider of insurance premiums' direct debits and cards (a local stand-in; ADR 0026). */
  paymentMandates: PaymentMandateProvider;
  /** The account-information provider of verified income (ADR 0076); absent: over HTTP from the config. */
  accountInformation?: AccountInformationProvider | undefined;
  /** The national debt registers (ADR 0079); absent: over HTTP from the config. */
  debtRegisters?: DebtRegisters | undefined;
  /** Where uploaded documents' bytes live (ADR 0012). */
  documentStorage: DocumentStorage;
  /** The property register secured loans are looked up in (a local stand-in when absent; ADR 0027). */
  propertyRegister?: PropertyRegister | undefined;
  /** The population register addresses are prefilled from (a local stand-in outside production when absent). */
  populationRegister?: PopulationRegister | undefined;
  /** E-mail and SMS providers (outside production: the local SMTP sink and SMS gateway; ADR 0030). */
  messaging: Messaging;
  /**
   * Makes the app's job worker, given the app's logger; buildApp starts it when the app is ready and stops
   * it on close, and the modules register their job handlers on it. Absent: no worker runs (tests drive
   * their own).
   */
  worker?: ((log: WorkerLogger) => JobWorker) | undefined;
  /** Turned draining by server.ts on SIGTERM: /health/ready then answers 503 (ADR 0071). */
  readiness?: Readiness | undefined;
  /** The log's destination; absent: stdout. */
  logStream?: { write(line: string): void } | undefined;
}

/** Builds the whole API (no listen: server.ts does that, tests use app.inject). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, tokens, now, panel, externalData, documentStorage } = deps;
  // The key national ids are sealed and found with (ADR 0033); server.ts sets it before migrating too.
  usePersonalDataKey(config.personalDataKey);
  // A broken brand config (or a brand example above a legal cap in force today) stops the start, not a
  // later request. The caps are today's, from the dated regulatory figures (issue 17).
  validateBrandRegistry(undefined, await capsConfigInForce(database.db, now()));
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No request header, token, national id or statement parameter in a log line (lib/log-redaction.ts).
      serializers: { req: requestSerializer, err: errorSerializer },
      // The active span's trace id in each line (ADR 0072); no mixin at all when tracing is off.
      ...(tracingEnabled() ? { mixin: traceLogMixin } : {}),
      // Where the log lines go: stdout, or the log-scan test's buffer (issue 15 item 4).
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkErrorHandler,
    // `/v1/loan-application/` (the spec's spelling) and `/v1/loan-application` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Before any route: each request a span, its handler run in it (OpenTelemetry, ADR 0072; off: nothing).
  registerTracing(app);
  registerRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  refuseUnstorableCharacters(app);
  // Creating calls answer a retry with the same Idempotency-Key once (ADR 0071).
  registerIdempotency(app, { db: database.db, now });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'nordloan API',
        version: '0.1.0',
        description: 'Multi-brand Nordic consumer-loan broker',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Two documents at /docs: ours, and the lender API (what lenders serve and send us; ADR 0062).
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: {
      urls: [
        { url: '/docs/json', name: 'nordloan API' },
        { url: '/lender-api/openapi.json', name: 'Lender API' },
      ],
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerSecurity(app, { config });
  registerBrand(app, { config });
  registerAuth(app, tokens);
  registerMetrics(app, {
    ...config.metrics,
    addMetrics: (registry) => {
      registerQueueMetrics(registry, { db: database.db, now, log: app.log });
      registerLenderApiMetrics(registry, panel);
    },
  });
  await registerStaffApp(app, { distDir: config.staffDistDir });
  const web = await registerWebApp(app, { distDir: config.webDistDir });
  registerNotFound(app, { servePage: web.servePage });

  await app.register(healthRoutes, { database, readiness: deps.readiness });
  // The embedded database's live backups (`npm run db:backup`, ADR 0072): a Unix socket in DATA_DIR.
  registerBackupSocket(app, database);
  await app.register(authRoutes, {
    db: database.db,
    tokens,
    devIdentityProvider: config.devIdentityProvider,
  });
  await app.register(oidcRoutes, {
    db: database.db,
    tokens,
    clients: createOidcClients(config.oidc),
    config,
    now,
  });

  const moduleOptions: ModuleOptions = { config, db: database.db, database, tokens, now };
  const worker = deps.worker?.(app.log);
  for (const routes of [loanApplicationRoutes, subRecordRoutes, integrationRoutes]) {
    await app.register(routes, moduleOptions);
  }
  await app.register(applicationLifecycleRoutes, { ...moduleOptions, panel });
  await app.register(lendingRoutes, {
    ...moduleOptions,
    panel,
    externalData,
    worker,
    lenderCredentials: deps.lenderCredentials,
  });
  for (const routes of [
    quotePresentationRoutes,
    calculatorRoutes,
    customerRoutes,
    consentRoutes,
    contactLogRoutes,
    termsRoutes,
    leadRoutes,
    staffRoutes,
    queueRoutes,
    staffApplicationRoutes,
  ]) {
    await app.register(routes, moduleOptions);
  }
  await app.register(documentRoutes, { ...moduleOptions, storage: documentStorage });
  await app.register(documentRequestRoutes, moduleOptions);
  // Issue 36 item 3 (ADR 0069): the person's data export and erasure request; the staff's erasure queue.
  await app.register(privacyRoutes, { ...moduleOptions, storage: documentStorage });
  await app.register(erasureQueueRoutes, moduleOptions);
  await app.register(personRoutes, { ...moduleOptions, populationRegister: deps.populationRegister });
  await app.register(securedLoanRoutes, { ...moduleOptions, register: deps.propertyRegister });
  await app.register(preCheckRoutes, moduleOptions);
  // Issue 35 item 1 (ADR 0074): approval odds from the lenders' soft pre-qualification, no credit inquiry.
  await app.register(approvalOddsRoutes, {
    ...moduleOptions,
    lenders: createLenderPrequalificationApi({ panel }),
    timeoutMs: deps.prequalificationTimeoutMs,
  });
  // Issue 36 item 2 (ADR 0081): the rate watch after a paid-out loan, on the same soft pre-qualification.
  await app.register(rateWatchRoutes, {
    ...moduleOptions,
    worker,
    lenders: createLenderPrequalificationApi({ panel }),
  });
  await app.register(bankDataRoutes, {
    ...moduleOptions,
    accountInformation:
      deps.accountInformation ??
      (config.bankData.baseUrl
        ? httpAccountInformation({ ...config.bankData, baseUrl: config.bankData.baseUrl })
        : undefined),
  });
  // Issue 35 item 3 (ADR 0079): debts from Gjeldsregisteret and the Finnish positive credit register.
  const registerClient = (baseUrl: string | undefined) =>
    baseUrl
      ? { baseUrl, apiKey: config.debtRegisters.apiKey, timeoutMs: config.debtRegisters.timeoutMs }
      : undefined;
  const norway = registerClient(config.debtRegisters.norwayUrl);
  const finland = registerClient(config.debtRegisters.finlandUrl);
  await app.register(debtRegisterRoutes, {
    ...moduleOptions,
    registers: deps.debtRegisters ?? {
      NO: norway && httpNorwegianDebtRegister(norway),
      FI: finland && httpFinnishCreditRegister(finland),
    },
  });
  await app.register(magicLinkRoutes, moduleOptions);
  await app.register(coApplicantInviteRoutes, moduleOptions);
  await app.register(messageRoutes, { ...moduleOptions, messaging: deps.messaging, worker });
  await app.register(callRoutes, { ...moduleOptions, telephony: deps.telephony });
  await app.register(screeningRoutes, { ...moduleOptions, screening: deps.screening });
  // CCD2 art. 18(8) (ADR 0065): compliance's human reviews, with the lenders' review operation and the
  // applicant's message wired here (compliance sits below lending and beside messages).
  await app.register(humanReviewRoutes, {
    ...moduleOptions,
    worker,
    lenders: createLenderReviewApi({ panel }),
    notify: (tx, input) => notifyApplicant(tx, { config, ...input, kind: 'human-review-answered' }),
  });
  await app.register(regulatoryFigureRoutes, moduleOptions);
  await app.register(lenderRoutes, moduleOptions);
  await app.register(insuranceRoutes, { ...moduleOptions, signing: deps.eidSigning });
  // Issue 36 item 1 (ADR 0075): the credit agreement signed with the same e-ID on the personal page.
  await app.register(agreementSigningRoutes, {
    ...moduleOptions,
    signing: deps.eidSigning,
    worker,
    lenders: createLenderAgreementApi({ panel }),
  });
  await app.register(paymentMandateRoutes, {
    ...moduleOptions,
    signing: deps.eidSigning,
    payments: deps.paymentMandates,
  });
  await app.register(retentionJobs, { ...moduleOptions, worker, storage: documentStorage });

  // Issue 17: a warning at start and once a day per missing running period of a regulatory figure.
  const missingFigures = createMissingFigureWarnings({ db: database.db, log: app.log, now });
  app.addHook('onReady', async () => {
    await missingFigures.check();
    missingFigures.start();
  });
  app.addHook('onClose', async () => missingFigures.stop());

  if (worker) {
    app.addHook('onReady', async () => {
      worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  }

  return app;
}
