import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validateBrandRegistry } from '@nordloan/domain/brands/registry';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { requestSerializer } from './lib/log-redaction.ts';
import type { ModuleOptions } from './lib/module-options.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { TokenService } from './modules/auth/token.service.ts';
import { staffApplicationRoutes } from './modules/backoffice/applications/staff-application.routes.ts';
import { callRoutes } from './modules/backoffice/calls/calls.routes.ts';
import type { TelephonyAdapter } from './modules/backoffice/calls/telephony-adapter.ts';
import { queueRoutes } from './modules/backoffice/queues/queue.routes.ts';
import { screeningRoutes } from './modules/backoffice/screening/screening.routes.ts';
import { staffRoutes } from './modules/backoffice/staff/staff.routes.ts';
import { calculatorRoutes } from './modules/calculator/calculator.routes.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { customerRoutes } from './modules/customers/customer.routes.ts';
import { documentRoutes } from './modules/documents/document.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { leadRoutes } from './modules/leads/lead.routes.ts';
import { lendingRoutes } from './modules/lending/lending.routes.ts';
import { quotePresentationRoutes } from './modules/lending/quote-presentation.routes.ts';
import { integrationRoutes } from './modules/loan-applications/integration.routes.ts';
import { loanApplicationRoutes } from './modules/loan-applications/loan-application.routes.ts';
import { subRecordRoutes } from './modules/loan-applications/sub-record.routes.ts';
import { magicLinkRoutes } from './modules/magic-links/magic-link.routes.ts';
import { personRoutes } from './modules/persons/person.routes.ts';
import { termsRoutes } from './modules/terms/terms.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerBrand } from './plugins/brand.ts';
import { acceptEmptyJsonBodies } from './plugins/empty-json-body.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerNotFound } from './plugins/not-found.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStaffApp } from './plugins/staff-app.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  tokens: TokenService;
  /** The clock every service reads; tests move it. */
  now?: () => Date;
  /** The telephony provider of outbound calls (default: the local stand-in, ADR 0022). */
  telephony?: TelephonyAdapter;
}

/** Builds the whole API (no listen: server.ts does that, tests use app.inject). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database, tokens } = deps;
  const now = deps.now ?? (() => new Date());
  // A broken brand config (or a brand example above a legal cap) stops the start, not a later request.
  validateBrandRegistry();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
    },
    trustProxy: config.env === 'production',
    bodyLimit: 1_048_576,
    // `/v1/loan-application/` (the spec's spelling) and `/v1/loan-application` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);

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
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerSecurity(app, { config });
  registerBrand(app, { config });
  registerAuth(app, tokens);
  registerMetrics(app);
  await registerStaffApp(app, { distDir: config.staffDistDir });
  const web = await registerWebApp(app, { distDir: config.webDistDir });
  registerNotFound(app, { servePage: web.servePage });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, {
    db: database.db,
    tokens,
    devIdentityProvider: config.devIdentityProvider,
  });

  const moduleOptions: ModuleOptions = { config, db: database.db, database, tokens, now };
  for (const routes of [
    loanApplicationRoutes,
    subRecordRoutes,
    integrationRoutes,
    lendingRoutes,
    quotePresentationRoutes,
    calculatorRoutes,
    customerRoutes,
    personRoutes,
    consentRoutes,
    termsRoutes,
    leadRoutes,
    documentRoutes,
    magicLinkRoutes,
    staffRoutes,
    queueRoutes,
    staffApplicationRoutes,
  ]) {
    await app.register(routes, moduleOptions);
  }
  await app.register(callRoutes, { ...moduleOptions, telephony: deps.telephony });
  await app.register(screeningRoutes, moduleOptions);

  return app;
}
