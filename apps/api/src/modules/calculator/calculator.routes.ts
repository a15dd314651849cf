import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '#src/lib/module-options.ts';

// Placeholder registered by app.ts; the lending engine fills it in.
export async function calculatorRoutes(_app: FastifyInstance, _options: ModuleOptions) {}
