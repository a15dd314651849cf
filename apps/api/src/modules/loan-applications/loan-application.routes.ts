import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '#src/lib/module-options.ts';

// Placeholder registered by app.ts; the loan-application module fills it in.
export async function loanApplicationRoutes(_app: FastifyInstance, _options: ModuleOptions) {}
