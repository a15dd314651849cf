import { currentUserSchema, tokenRoleSchema } from '@nordloan/domain/auth';
import { staffLoginByAgentSchema } from '@nordloan/domain/backoffice';
import { brandIdSchema } from '@nordloan/domain/brands/brand-config.schema';
import { countries } from '@nordloan/domain/enums';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#src/db/client.ts';
import { notFound } from '#src/lib/app-error.ts';
import { signInAgent, signInByName } from '#src/modules/staff/staff.service.ts';
import { devLoginRateLimit, publicRateLimit } from '#src/plugins/security.ts';
import { currentUser, devLogin } from './auth.service.ts';
import type { TokenService } from './token.service.ts';

const devLoginBodySchema = z.object({
  nationalId: z.string().trim().min(1, 'National identity number is required'),
  country: z.enum(countries),
  // An unknown brand is a 400, not a silent login to another brand.
  brand: brandIdSchema.optional(),
  role: z.enum(['Person', 'Customer']).optional(),
});

// `{ AgentID }` signs a seeded agent in (the back office's development sign-in); `{ name, roles }` (tests,
// scripts) finds or creates the agent with that name and roles. Either way `sub` is the agent's uuid.
const devStaffLoginBodySchema = z.union([
  staffLoginByAgentSchema.strict(),
  z
    .object({
      name: z.string().trim().min(1).max(100),
      roles: z.array(tokenRoleSchema).min(1),
    })
    .strict(),
]);

export async function authRoutes(
  app: FastifyInstance,
  options: { db: Db; tokens: TokenService; devIdentityProvider: boolean },
) {
  const { db, tokens } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/.well-known/jwks.json', { schema: { tags: ['auth'] } }, async () => tokens.jwks());

  // Identity check and current user (§7 GET /auth/me): answers who the bearer token belongs to.
  routes.get(
    '/auth/me',
    { config: publicRateLimit, schema: { tags: ['auth'], response: { 200: currentUserSchema } } },
    async (request) => currentUser(request.caller),
  );

  routes.post(
    '/auth/dev/login',
    {
      config: devLoginRateLimit,
      schema: {
        tags: ['auth'],
        body: devLoginBodySchema,
        response: { 200: z.object({ token: z.string(), CustomerID: z.string(), PersonID: z.string() }) },
      },
    },
    async (request) => {
      // Off in production: answers as if the route did not exist.
      if (!options.devIdentityProvider) throw notFound();
      return devLogin({ db, tokens, input: request.body });
    },
  );

  routes.post(
    '/auth/dev/staff-login',
    {
      config: devLoginRateLimit,
      schema: {
        tags: ['auth'],
        body: devStaffLoginBodySchema,
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async (request) => {
      if (!options.devIdentityProvider) throw notFound();
      const body = request.body;
      if ('AgentID' in body) return signInAgent({ db, tokens, agentId: body.AgentID });
      return signInByName({ db, tokens, name: body.name, roles: body.roles });
    },
  );
}
