import type { Config } from '#src/config.ts';

// Each lender's own secret for the signatures of the lender API (docs/decisions/0062). Today they come from
// the configuration (LENDER_API_SECRETS; outside production a lender without one has its sandbox secret,
// which the sandbox lender computes the same way). Issue 33 item 4 (lenders as data) backs this interface
// with the lender table, the secret sealed like a national id (AES-256-GCM, ADR 0033); nothing that signs
// or checks a signature changes then.

export interface LenderCredentials {
  /**
   * The lender's current secrets: one, or two while it is rotated (either is accepted, the first signs).
   * None: the lender is not called over HTTP and its signed callbacks are refused.
   */
  secretsOf(lenderId: string): Promise<readonly string[]>;
}

/**
 * The secret the sandbox lender and the API share outside production, per lender: known to anyone who
 * reads this file, so never a production secret (the config refuses a lender endpoint without its own
 * secret in production).
 */
export function sandboxLenderSecret(lenderId: string): string {
  return `sandbox-lender-secret-${lenderId}-not-for-production`;
}

/** Secrets by lender id, plus the sandbox secret for any lender outside production. */
export function credentialsFromConfig(config: Pick<Config, 'env' | 'lenderApi'>): LenderCredentials {
  return credentialsOf(config.lenderApi.secrets, { sandboxSecrets: config.env !== 'production' });
}

export function credentialsOf(
  secrets: Readonly<Record<string, string | readonly string[]>>,
  options: { sandboxSecrets?: boolean } = {},
): LenderCredentials {
  return {
    async secretsOf(lenderId) {
      const configured = secrets[lenderId];
      if (configured !== undefined) return typeof configured === 'string' ? [configured] : [...configured];
      return options.sandboxSecrets ? [sandboxLenderSecret(lenderId)] : [];
    },
  };
}
