import { countrySchema } from '@nordloan/domain/enums';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { publicRateLimit } from '#src/plugins/security.ts';
import { defaultContentStore } from './content.repository.ts';
import { listPublishedTerms } from './terms.service.ts';

// Content-model field names (tc_type, _publish_on) are the spec's own (§3), so they stay snake_case here
// rather than the API's PascalCase: this is the per-country content endpoint of §7.
export const publishedTermSchema = z.object({
  tc_type: z.string(),
  version: z.number().int(),
  _publish_on: z.string(),
  version_label: z.string(),
  brand: z.string(),
  country: countrySchema,
  title: z.string(),
  body: z.string(),
});

export async function termsRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const store = defaultContentStore();

  // §7 GET /api/cms/terms-and-conditions (no token), per country; brand defaults to the country's main brand.
  routes.get(
    '/api/cms/terms-and-conditions',
    {
      config: publicRateLimit,
      schema: {
        tags: ['terms'],
        security: [],
        querystring: z.object({ country: countrySchema, brand: z.string().min(1).optional() }),
        response: { 200: z.array(publishedTermSchema) },
      },
    },
    async (request, reply) => {
      const terms = await listPublishedTerms({
        store,
        country: request.query.country,
        brand: request.query.brand,
        now: options.now(),
      });
      // §9 cache default lifetime: 5 minutes.
      reply.header('cache-control', 'public, max-age=300');
      return terms;
    },
  );
}
