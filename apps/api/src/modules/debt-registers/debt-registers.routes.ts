import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleOptions } from '#src/lib/module-options.ts';
import { requireCaller } from '#src/plugins/auth.ts';
import { tokenRequiredFirst } from '#src/plugins/security.ts';
import {
  correctionBodySchema,
  debtRegisterSchema,
  fetchBodySchema,
  inquirySchema,
} from './debt-registers.schemas.ts';
import {
  correctRegisterDebtFigures,
  fetchFromDebtRegister,
  readDebtRegister,
} from './debt-registers.service.ts';
import type { DebtRegisters } from './debt-registers.ts';

const params = z.object({ id: z.string() });
const tags = ['debt-registers'];

// Debts from the national debt register (docs/decisions/0079). A country's register is absent when it has
// none (SE, DK) or it is switched off (production without its URL): fetching answers 409 or 503 and the
// form goes on without it. A register that fails answers 200 with State 'failed' and the reason.
export async function debtRegisterRoutes(
  app: FastifyInstance,
  options: ModuleOptions & { registers: DebtRegisters },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, registers } = options;

  routes.get(
    '/loan-application/:id/debt-register',
    {
      schema: {
        tags,
        params,
        description:
          'The debt-register inquiries of the application: the consent and what the register reported. Applicants see only their own; each staff read is audited.',
        response: { 200: debtRegisterSchema },
      },
    },
    async (request) =>
      readDebtRegister({
        db,
        registers,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
      }),
  );

  routes.post(
    '/loan-application/:id/debt-register/fetch',
    {
      // 401 without a token before the body is looked at (the field sweep's anonymous-first rule).
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params,
        body: fetchBodySchema,
        description:
          'With the applicant’s consent, asks their country’s debt register (NO Gjeldsregisteret, FI positive credit register) and writes the debts into the application (source 2, credit lines at their limit). A register fault is State failed with the reason; the application goes on without it.',
        response: { 200: inquirySchema },
      },
    },
    async (request) =>
      fetchFromDebtRegister({
        db,
        registers,
        caller: requireCaller(request),
        applicationId: request.params.id,
        now,
        log: (line) => request.log.info(line),
      }),
  );

  routes.put(
    '/loan-application/:id/debt-register/debts/:debtId',
    {
      preValidation: tokenRequiredFirst,
      schema: {
        tags,
        params: z.object({ id: z.string(), debtId: z.uuid() }),
        body: correctionBodySchema,
        description:
          'The applicant corrects a debt the register reported: it becomes their own statement (source 1) with these figures; the register’s answer is kept as found.',
        response: { 200: inquirySchema },
      },
    },
    async (request) =>
      correctRegisterDebtFigures({
        db,
        caller: requireCaller(request),
        applicationId: request.params.id,
        debtId: request.params.debtId,
        correction: request.body,
        now,
      }),
  );
}
