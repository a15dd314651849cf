import type { FastifyInstance } from 'fastify';
import type { Config } from '#src/config.ts';

// Placeholder registered by app.ts; the applicant-side API work fills it in (rate limits, headers, CORS).
export async function registerSecurity(_app: FastifyInstance, _options: { config: Config }) {}
