import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Starting an e-ID signing order or registering a payment mandate costs a fee at the provider, and a
 * stream of card or account attempts is how stolen card numbers are tested: 10 an hour per signed-in
 * identity and kind of attempt (ADR 0026). Counted in preHandler, after the token check.
 */
export function insuranceAttemptRateLimit(attempt: 'signing' | 'payment'): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: 10,
      timeWindow: 3_600_000,
      keyGenerator: (request: FastifyRequest) => {
        const caller = request.caller;
        const who = !caller
          ? `ip:${request.ip}`
          : caller.kind === 'staff'
            ? `staff:${caller.agentId ?? caller.tokenId}`
            : caller.kind === 'customer'
              ? `customer:${caller.customerId}`
              : `person:${caller.personId}`;
        return `insurance-${attempt}:${who}`;
      },
      hook: 'preHandler',
    },
  };
}
