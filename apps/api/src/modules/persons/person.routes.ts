import {
  createPersonBodySchema,
  personFieldsSchema,
  personQuerySchema,
  personSchema,
  registeredAddressSchema,
} from '@nordloan/domain/person';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import { createPerson, getPerson, patchPerson, registeredAddress } from './person.service.ts';
import { createLocalPopulationRegister, type PopulationRegister } from './population-register.ts';

const idParams = z.object({ id: z.string() });

// §7 person calls, "against a configurable person service base address": this server answers them
// (PERSON_SERVICE_URL unset); a separate person service would answer the same paths. The population
// register behind GET /person/{id}/registered-address is the local stand-in outside production unless the
// app is given one; production without one gives no address (population-register.ts).
export async function personRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { populationRegister?: PopulationRegister | undefined },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = options;
  const populationRegister =
    options.populationRegister ??
    (options.config.env === 'production'
      ? undefined
      : createLocalPopulationRegister({ delayMs: 150 * options.config.worker.lenderDelayScale }));
  const tags = ['persons'];
  // Every route here needs a token: 401 'Missing token' comes before any body or query is looked at.
  app.addHook('preValidation', tokenRequiredFirst);

  routes.get(
    '/person/:id',
    { schema: { tags, params: idParams, querystring: personQuerySchema, response: { 200: personSchema } } },
    async (request) =>
      getPerson({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        reveal: request.query.reveal,
        log: request.log,
        now,
      }),
  );

  routes.get(
    '/person/:id/registered-address',
    {
      schema: {
        tags,
        summary: "The population register's address of the person (the person only), for the apply journey",
        params: idParams,
        response: { 200: registeredAddressSchema },
      },
    },
    async (request) =>
      registeredAddress({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        register: populationRegister,
      }),
  );

  routes.post(
    '/person',
    { schema: { tags, body: createPersonBodySchema, response: { 201: personSchema } } },
    async (request, reply) => {
      const person = await createPerson({ db, caller: requireCaller(request), input: request.body, now });
      return reply.status(201).send(person);
    },
  );

  routes.patch(
    '/person/:id',
    { schema: { tags, params: idParams, body: personFieldsSchema, response: { 200: personSchema } } },
    async (request) =>
      patchPerson({
        db,
        caller: requireCaller(request),
        personId: request.params.id,
        input: request.body,
        now,
      }),
  );
}
