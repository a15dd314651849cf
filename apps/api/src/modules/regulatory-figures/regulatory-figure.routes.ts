import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { staffGate } from '#src/modules/staff/staff.service.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import {
  addRegulatoryFigureBodySchema,
  regulatoryFigurePeriodViewSchema,
  regulatoryFiguresQuerySchema,
  regulatoryFiguresViewSchema,
} from './regulatory-figure.schema.ts';
import { addRegulatoryFigure, listRegulatoryFigures } from './regulatory-figure.service.ts';

// Issue 17: staff read the periods of the regulatory figures and the one in force; a country's Manager
// (or Super) adds the next period. Issue 39: the read also answers the caps in force and the periods to
// enter (the back office's banner). (The daily warning about a missing or due period is wired in app.ts.)
export async function regulatoryFigureRoutes(app: FastifyInstance, options: ModuleOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const tags = ['regulatory-figures'];
  // Like every staff route: the staff gate, before the body (401 before 400; a disabled agent refused at once).
  app.addHook('preValidation', staffGate(db));

  routes.get(
    '/backoffice/regulatory-figures',
    {
      schema: {
        tags,
        summary:
          'Periods of the regulatory figures (reference rates, price base amount), the ones and the caps in force, and the periods to enter',
        querystring: regulatoryFiguresQuerySchema,
        response: { 200: regulatoryFiguresViewSchema },
      },
    },
    async (request) =>
      listRegulatoryFigures({
        db,
        caller: requireCaller(request),
        country: request.query.country,
        now: now(),
      }),
  );

  routes.post(
    '/backoffice/regulatory-figures',
    {
      schema: {
        tags,
        summary: "Adds the running or next period of a regulatory figure (the country's Manager, or Super)",
        body: addRegulatoryFigureBodySchema,
        response: { 201: regulatoryFigurePeriodViewSchema },
      },
    },
    async (request, reply) => {
      const period = await addRegulatoryFigure({
        db,
        caller: requireCaller(request),
        body: request.body,
        now: now(),
      });
      return reply.code(201).send(period);
    },
  );
}
