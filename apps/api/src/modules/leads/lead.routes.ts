import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '#src/lib/module-options.ts';

// Placeholder registered by app.ts; the applicant-side API fills it in.
export async function leadRoutes(_app: FastifyInstance, _options: ModuleOptions) {}
