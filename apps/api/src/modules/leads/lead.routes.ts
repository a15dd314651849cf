import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { defaultContentStore } from '#src/modules/terms/content.repository.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { createLead, deleteLead, listLeads } from './lead.service.ts';

const leadSchema = z.object({
  ID: z.string(),
  LoanApplicationID: z.string(),
  Partner: z.string(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
});

// §7 lead calls; {id} is the loan application's id.
export async function leadRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const store = defaultContentStore();
  const tags = ['leads'];
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);
  const params = z.object({ id: z.string() });

  routes.get(
    '/lead/:id',
    { schema: { tags, params, response: { 200: z.array(leadSchema) } } },
    async (request) => listLeads({ db, caller: requireCaller(request), applicationId: request.params.id }),
  );

  routes.post(
    '/lead/:id',
    {
      schema: {
        tags,
        params,
        body: z.strictObject({ Partner: z.string().trim().min(1).max(100) }),
        response: { 201: leadSchema },
      },
    },
    async (request, reply) => {
      const lead = await createLead({
        db,
        store,
        caller: requireCaller(request),
        applicationId: request.params.id,
        partner: request.body.Partner,
        now: now(),
        log: request.log,
      });
      return reply.status(201).send(lead);
    },
  );

  routes.delete(
    '/lead/:id/:leadId',
    { schema: { tags, params: z.object({ id: z.string(), leadId: z.string() }) } },
    async (request, reply) => {
      await deleteLead({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        leadId: request.params.leadId,
      });
      return reply.status(204).send();
    },
  );
}
