import { z } from 'zod';
import { booleanFromEnv, optionalUrl } from './config-env.ts';

// The debt registers' part of the config (docs/decisions/0079; config.ts keeps the one schema and spreads
// `debtRegisterEnv` into it): Norway's Gjeldsregisteret and Finland's positive credit register, each an
// HTTP API of its own. Outside production both default to the local stand-in `npm start` runs on port
// 3004 (apps/api/src/dev/debt-register-sandbox), which hosts the two under /no and /fi.

export const debtRegisterEnv = {
  /** Gjeldsregisteret's API base (a real one, or a gjeldsopplysningsforetak's gateway to it). */
  DEBT_REGISTER_NO_URL: optionalUrl,
  /** Finland's positive credit register's API base (positiivinen luottotietorekisteri). */
  DEBT_REGISTER_FI_URL: optionalUrl,
  /** The bearer credential both registers are called with (in production: from the secret store). */
  DEBT_REGISTER_API_KEY: z.string().trim().min(1).optional(),
  DEBT_REGISTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  DEBT_REGISTER_SANDBOX: booleanFromEnv.optional(),
  DEBT_REGISTER_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3004),
};

export interface DebtRegisterConfig {
  /** Unset (production without DEBT_REGISTER_NO_URL): the Norwegian register is off. */
  norwayUrl: string | undefined;
  /** Unset (production without DEBT_REGISTER_FI_URL): the Finnish register is off. */
  finlandUrl: string | undefined;
  apiKey: string;
  timeoutMs: number;
  sandbox: { enabled: boolean; port: number };
}

/** The local stand-in's key: never a production credential (production has no sandbox default). */
const localSandboxKey = 'local-debt-register-key';

export function debtRegisterConfigFrom(raw: {
  NODE_ENV: string;
  DEBT_REGISTER_NO_URL?: string | undefined;
  DEBT_REGISTER_FI_URL?: string | undefined;
  DEBT_REGISTER_API_KEY?: string | undefined;
  DEBT_REGISTER_TIMEOUT_MS: number;
  DEBT_REGISTER_SANDBOX?: boolean | undefined;
  DEBT_REGISTER_SANDBOX_PORT: number;
}): DebtRegisterConfig {
  const production = raw.NODE_ENV === 'production';
  const sandbox = `http://127.0.0.1:${raw.DEBT_REGISTER_SANDBOX_PORT}`;
  return {
    norwayUrl: raw.DEBT_REGISTER_NO_URL ?? (production ? undefined : `${sandbox}/no`),
    finlandUrl: raw.DEBT_REGISTER_FI_URL ?? (production ? undefined : `${sandbox}/fi`),
    apiKey: raw.DEBT_REGISTER_API_KEY ?? (production ? '' : localSandboxKey),
    timeoutMs: raw.DEBT_REGISTER_TIMEOUT_MS,
    sandbox: {
      enabled: !production && raw.DEBT_REGISTER_SANDBOX !== false,
      port: raw.DEBT_REGISTER_SANDBOX_PORT,
    },
  };
}
