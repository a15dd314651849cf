import { z } from 'zod';
import { type DebtRegisterConfig, debtRegisterConfigFrom, debtRegisterEnv } from './config-debt-registers.ts';
import { booleanFromEnv, optionalUrl } from './config-env.ts';
import { type OidcProviderConfig, type OidcProviderId, oidcEnv, oidcProvidersFrom } from './config-oidc.ts';
import { decodePersonalDataKey } from './db/personal-data-cipher.ts';

export {
  localEidClientSecret,
  localEidIssuer,
  type OidcProviderConfig,
  type OidcProviderId,
  oidcProviderIds,
} from './config-oidc.ts';

function isPersonalDataKey(value: string): boolean {
  try {
    decodePersonalDataKey(value);
    return true;
  } catch {
    return false;
  }
}

// One schema for every environment variable the API reads (conventions §6). Read once at start-up;
// a bad value stops the process with every problem listed, not the first one found.

/** One lender called over HTTP (ADR 0062): where, and how patiently. */
export const lenderEndpointSchema = z.object({
  /** The lender's base URL; the operations' paths follow it (`/applications`, …). */
  url: z.url({ protocol: /^https?$/ }),
  /** Longest wait for one answer; a lender that hangs costs at most this (per try). */
  timeoutMs: z.number().int().min(50).max(15_000).default(5_000),
  /** Tries after the first on a 5xx, a timeout or a dropped connection (never on a 4xx or a bad answer). */
  retries: z.number().int().min(0).max(5).default(2),
  /** Calls per second at most, with bursts of `burst`. */
  ratePerSecond: z.number().positive().max(1_000).default(20),
  burst: z.number().int().min(1).max(1_000).default(10),
  /** Failed calls in a row that open the circuit, and how long it stays open before one trial call. */
  failureThreshold: z.number().int().min(1).max(100).default(5),
  openMs: z.number().int().min(100).max(3_600_000).default(30_000),
  /** When the lender answers a decision `pending`, asked again after this long (its callback may come first). */
  pollIntervalMs: z.number().int().min(0).max(3_600_000).default(5_000),
  /** Open connections kept to the lender at most. */
  maxSockets: z.number().int().min(1).max(256).default(16),
  /** The sandbox lender: sent the simulation's randomness key (never a real lender; lender-api.ts). */
  simulation: z.boolean().default(false),
  /** Our callback address for this lender, sent with each registration; absent: the one agreed with it. */
  callbackUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type LenderEndpointConfig = z.infer<typeof lenderEndpointSchema>;

export const configSchema = z.object({
  ...oidcEnv,
  ...debtRegisterEnv,
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  // Behind PgBouncer in transaction mode (ADR 0070): LISTEN and the migrations' lock need a session of
  // their own, straight to PostgreSQL; named prepared statements are sent unnamed.
  DATABASE_DIRECT_URL: optionalUrl,
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  /** Who may set X-Forwarded-For: true, or addresses/CIDRs (comma-separated); default: production only. */
  TRUST_PROXY: z.string().trim().optional(),
  /** After SIGTERM: how long /health/ready says 503 before closing, and the in-flight deadline (ADR 0071). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  JWT_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\\n/g, '\n') : undefined)),
  JWT_ISSUER: z.string().default('nordloan'),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** The secret behind the national-id encryption and lookup keys (base64, ≥ 32 bytes; ADR 0033). */
  PERSONAL_DATA_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || isPersonalDataKey(value), {
      message: 'must be at least 32 bytes, base64-encoded',
    }),
  DEV_IDENTITY_PROVIDER: booleanFromEnv.optional(),
  LOCAL_EID_PROVIDER: booleanFromEnv.optional(),
  LOCAL_EID_PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  INTEGRATION_URL: optionalUrl,
  PERSON_SERVICE_URL: optionalUrl,
  PUBLIC_BASE_URL: optionalUrl,
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: optionalUrl,
  /** Where uploaded documents' bytes live: local disk under DATA_DIR, or S3-compatible storage (ADR 0034). */
  DOCUMENT_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().default('eu-north-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  STAFF_DIST_DIR: z.string().default('apps/backoffice/dist'),
  WORKER_ENABLED: booleanFromEnv.default(true),
  LENDER_SEED: z.coerce.number().int().default(42),
  LENDER_DELAY_SCALE: z.coerce.number().min(0).max(10).default(1),
  // Lender jobs the worker records in one transaction at most (the intake's: 50 at most; ADR 0047, 0048).
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(200),
  // How long a job's claim lasts: after kill -9 of an instance its running jobs are taken over when their
  // claim runs out. Longer than the longest job (the lender job's 20 s limit); the crash tests shorten it.
  WORKER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  // E-mail and SMS (ADR 0030). Without SMTP_HOST, outside production, a local SMTP sink takes the mail.
  SMTP_HOST: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: booleanFromEnv.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SINK_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SMS_SINK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  // The SMS provider over HTTP (modules/messages/sms-http-provider.ts); without it production sends no SMS.
  SMS_API_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_API_KEY: z.string().optional(),
  // The lender API (ADR 0062): lenders called over HTTP, JSON `{"<lender id>": {"url": …, "timeoutMs": …}}`
  // (lenderEndpointSchema); LENDER_API_SANDBOX_URL calls every panel lender at `<url>/<lender id>`; secrets
  // as `<lender id>=<secret>,…` (outside production a lender without one has its sandbox secret).
  LENDER_API_LENDERS: z
    .string()
    .trim()
    .default('{}')
    .transform((value, context) => {
      try {
        return JSON.parse(value === '' ? '{}' : value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/), lenderEndpointSchema)),
  LENDER_API_SANDBOX_URL: optionalUrl,
  LENDER_API_SECRETS: z
    .string()
    .default('')
    .transform((value) =>
      Object.fromEntries(
        value
          .split(',')
          .map((pair) => pair.trim())
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
    )
    .pipe(z.record(z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/), z.string().min(32, 'at least 32 characters'))),
  // The sandbox lender server `npm start` runs beside the API outside production (apps/api/src/dev/lender-sandbox).
  LENDER_SANDBOX: booleanFromEnv.optional(),
  LENDER_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  // Account information (PSD2) for verified income (ADR 0076): the provider's base URL and client
  // credentials; outside production the local stand-in `npm start` runs (apps/api/src/dev/bank-sandbox).
  BANK_DATA_URL: optionalUrl,
  BANK_DATA_CLIENT_ID: z.string().trim().min(1).optional(),
  BANK_DATA_CLIENT_SECRET: z.string().trim().min(1).optional(),
  BANK_DATA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  BANK_SANDBOX: booleanFromEnv.optional(),
  BANK_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3003),
  // The scraper's bearer secret for /metrics (ADR 0051). Production serves /metrics only with it.
  // Trimmed (a secret read from a file ends in a newline) and of a bearer token's characters (RFC 6750), or
  // no request could ever carry it.
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .min(32, 'at least 32 characters')
        .max(512)
        .regex(/^[A-Za-z0-9\-._~+/]+=*$/, 'letters, digits and -._~+/ only (a bearer token)')
        .optional(),
    ),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  env: RawConfig['NODE_ENV'];
  host: string;
  port: number;
  logLevel: RawConfig['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct PostgreSQL session for LISTEN and migrations when DATABASE_URL is a transaction pooler. */
  databaseDirectUrl: string | undefined;
  databasePoolMode: 'session' | 'transaction';
  /** Fastify's trustProxy: whose X-Forwarded-For names the client (the load balancer's; ADR 0070). */
  trustProxy: boolean | string;
  shutdown: { drainMs: number; deadlineMs: number };
  jwt: { privateKeyPem: string | undefined; issuer: string; ttlSeconds: number };
  /** PERSONAL_DATA_KEY; undefined outside production means the fixed development key (ADR 0033). */
  personalDataKey: string | undefined;
  /** The development identity provider: on unless NODE_ENV=production, never on in production. */
  devIdentityProvider: boolean;
  /**
   * The local e-ID provider (apps/api/src/dev/eid-provider) that `npm start` runs beside the API: on
   * outside production unless LOCAL_EID_PROVIDER=false, never in production. Port 0: any free port.
   */
  localEidProvider: { enabled: boolean; port: number };
  /** Per provider its OpenID Connect client; a provider without an issuer and client is not offered. */
  oidc: Partial<Record<OidcProviderId, OidcProviderConfig>>;
  integrationUrl: string | undefined;
  personServiceUrl: string | undefined;
  /**
   * The address of every link we send (PUBLIC_BASE_URL). Unset: the brand host and port the browser used,
   * else the brand's form host (modules/messages/link-origin.service.ts, issue 38).
   */
  publicBaseUrl: string | undefined;
  corsOrigins: string[];
  redisUrl: string | undefined;
  webDistDir: string;
  documentStorage:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean | undefined;
      };
  /** The built staff web app (apps/backoffice), served on `backoffice.*` hosts. */
  staffDistDir: string;
  worker: {
    enabled: boolean;
    lenderSeed: number;
    lenderDelayScale: number;
    /** Jobs of one lending kind recorded in one transaction at most: an upper bound, never a wait. */
    batchSize: number;
    /** How long a job's claim lasts (WORKER_LEASE_MS); the worker's default (60 s) unless given. */
    leaseMs?: number;
  };
  messages: {
    /** The SMTP server e-mail goes to; undefined: the local sink (outside production) or none. */
    smtp: { host: string; port: number; secure: boolean; user?: string; password?: string } | undefined;
    /** Outside production: run the local SMTP sink (when no SMTP_HOST) and the local SMS gateway. */
    localSinks: boolean;
    /** Port of the local SMTP sink; 0 picks a free one (several instances on one machine). */
    smtpSinkPort: number;
    /** The local SMS gateway's answer time. */
    smsSinkDelayMs: number;
    /** The HTTP SMS provider; when set it is used instead of the local gateway, in any environment. */
    smsApi: { url: string; apiKey: string } | undefined;
  };
  /**
   * /metrics (ADR 0051): served outside production, and in production only with a token; with a token (any
   * environment) only to a request that carries it as its bearer token.
   */
  metrics: { served: boolean; token: string | undefined };
  /**
   * The lender API (ADR 0062): the lenders called over HTTP instead of the in-process panel, their
   * secrets (config-backed LenderCredentials until lenders are data), and the sandbox lender `npm start`
   * runs outside production.
   */
  lenderApi: {
    lenders: Record<string, LenderEndpointConfig>;
    /** Every panel lender at `<url>/<lender id>` unless `lenders` names it (LENDER_API_SANDBOX_URL). */
    sandboxUrl: string | undefined;
    secrets: Record<string, string>;
    sandbox: { enabled: boolean; port: number };
  };
  /**
   * The account-information provider (ADR 0076): unset `baseUrl` (production without BANK_DATA_URL) turns
   * the bank connection off; outside production it defaults to the local stand-in.
   */
  bankData: {
    baseUrl: string | undefined;
    clientId: string;
    clientSecret: string;
    timeoutMs: number;
    sandbox: { enabled: boolean; port: number };
  };
  /** The national debt registers (ADR 0079; config-debt-registers.ts). */
  debtRegisters: DebtRegisterConfig;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && !raw.PERSONAL_DATA_KEY) {
    throw new ConfigError([
      'PERSONAL_DATA_KEY: production needs its own key to encrypt national identity numbers (ADR 0033)',
    ]);
  }
  if (raw.DATABASE_POOL_MODE === 'transaction' && !(raw.DATABASE_URL && raw.DATABASE_DIRECT_URL)) {
    throw new ConfigError([
      'DATABASE_DIRECT_URL: DATABASE_POOL_MODE=transaction needs DATABASE_URL (the pooler) and a direct URL',
    ]);
  }
  if (raw.DOCUMENT_STORAGE === 's3' && !raw.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: DOCUMENT_STORAGE=s3 needs the bucket to keep documents in']);
  }
  if (raw.SMS_API_URL && !raw.SMS_API_KEY) {
    throw new ConfigError(['SMS_API_KEY: the SMS provider at SMS_API_URL needs its API key']);
  }
  if (raw.NODE_ENV === 'production' && raw.DEV_IDENTITY_PROVIDER === true) {
    throw new ConfigError([
      'DEV_IDENTITY_PROVIDER: the development identity provider cannot run in production',
    ]);
  }
  if (raw.NODE_ENV === 'production' && raw.LOCAL_EID_PROVIDER === true) {
    throw new ConfigError(['LOCAL_EID_PROVIDER: the local e-ID provider cannot run in production']);
  }
  if (raw.NODE_ENV === 'production' && (raw.LENDER_SANDBOX === true || raw.LENDER_API_SANDBOX_URL)) {
    throw new ConfigError(['LENDER_SANDBOX: the sandbox lender cannot run or be called in production']);
  }
  if (
    raw.NODE_ENV === 'production' &&
    raw.BANK_DATA_URL &&
    !(raw.BANK_DATA_CLIENT_ID && raw.BANK_DATA_CLIENT_SECRET)
  ) {
    throw new ConfigError([
      'BANK_DATA_CLIENT_ID: the account-information provider needs its client id and secret',
    ]);
  }
  if (raw.NODE_ENV === 'production' && raw.BANK_SANDBOX === true) {
    throw new ConfigError(['BANK_SANDBOX: the sandbox bank cannot run in production']);
  }
  const unsigned = Object.keys(raw.LENDER_API_LENDERS).filter((id) => !raw.LENDER_API_SECRETS[id]);
  if (raw.NODE_ENV === 'production' && unsigned.length > 0) {
    throw new ConfigError([`LENDER_API_SECRETS: no secret for ${unsigned.join(', ')} (ADR 0062)`]);
  }
  const localEidProvider = {
    enabled: raw.NODE_ENV !== 'production' && raw.LOCAL_EID_PROVIDER !== false,
    port: raw.LOCAL_EID_PROVIDER_PORT,
  };
  return {
    env: raw.NODE_ENV,
    host: raw.HOST,
    port: raw.PORT,
    logLevel: raw.LOG_LEVEL,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    databaseDirectUrl: raw.DATABASE_DIRECT_URL,
    databasePoolMode: raw.DATABASE_POOL_MODE,
    trustProxy:
      raw.TRUST_PROXY === undefined || raw.TRUST_PROXY === ''
        ? raw.NODE_ENV === 'production'
        : raw.TRUST_PROXY === 'true' || (raw.TRUST_PROXY === 'false' ? false : raw.TRUST_PROXY),
    shutdown: {
      drainMs: raw.SHUTDOWN_DRAIN_MS ?? (raw.NODE_ENV === 'production' ? 3_000 : 0),
      deadlineMs: raw.SHUTDOWN_DEADLINE_MS,
    },
    jwt: { privateKeyPem: raw.JWT_PRIVATE_KEY, issuer: raw.JWT_ISSUER, ttlSeconds: raw.JWT_TTL_SECONDS },
    personalDataKey: raw.PERSONAL_DATA_KEY,
    devIdentityProvider: raw.NODE_ENV !== 'production' && raw.DEV_IDENTITY_PROVIDER !== false,
    localEidProvider,
    oidc: oidcProvidersFrom(raw as unknown as Record<string, string | undefined>, localEidProvider),
    integrationUrl: raw.INTEGRATION_URL,
    personServiceUrl: raw.PERSON_SERVICE_URL,
    publicBaseUrl: raw.PUBLIC_BASE_URL,
    corsOrigins: raw.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: raw.REDIS_URL,
    webDistDir: raw.WEB_DIST_DIR,
    documentStorage:
      raw.DOCUMENT_STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: raw.S3_BUCKET!,
            endpoint: raw.S3_ENDPOINT,
            region: raw.S3_REGION,
            accessKeyId: raw.S3_ACCESS_KEY_ID,
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    staffDistDir: raw.STAFF_DIST_DIR,
    worker: {
      enabled: raw.WORKER_ENABLED,
      lenderSeed: raw.LENDER_SEED,
      lenderDelayScale: raw.LENDER_DELAY_SCALE,
      batchSize: raw.WORKER_BATCH_SIZE,
      leaseMs: raw.WORKER_LEASE_MS,
    },
    messages: {
      smtp: raw.SMTP_HOST
        ? {
            host: raw.SMTP_HOST,
            port: raw.SMTP_PORT,
            secure: raw.SMTP_SECURE,
            ...(raw.SMTP_USER ? { user: raw.SMTP_USER } : {}),
            ...(raw.SMTP_PASSWORD ? { password: raw.SMTP_PASSWORD } : {}),
          }
        : undefined,
      localSinks: raw.NODE_ENV !== 'production',
      smtpSinkPort: raw.SMTP_SINK_PORT,
      smsSinkDelayMs: raw.SMS_SINK_DELAY_MS,
      smsApi: raw.SMS_API_URL ? { url: raw.SMS_API_URL, apiKey: raw.SMS_API_KEY ?? '' } : undefined,
    },
    metrics: {
      served: raw.NODE_ENV !== 'production' || raw.METRICS_TOKEN !== undefined,
      token: raw.METRICS_TOKEN,
    },
    lenderApi: {
      lenders: raw.LENDER_API_LENDERS,
      sandboxUrl: raw.LENDER_API_SANDBOX_URL,
      secrets: raw.LENDER_API_SECRETS,
      sandbox: {
        enabled: raw.NODE_ENV !== 'production' && raw.LENDER_SANDBOX !== false,
        port: raw.LENDER_SANDBOX_PORT,
      },
    },
    bankData: {
      baseUrl:
        raw.BANK_DATA_URL ??
        (raw.NODE_ENV === 'production' ? undefined : `http://127.0.0.1:${raw.BANK_SANDBOX_PORT}`),
      clientId: raw.BANK_DATA_CLIENT_ID ?? 'nordloan-local',
      clientSecret: raw.BANK_DATA_CLIENT_SECRET ?? 'local-sandbox-secret',
      timeoutMs: raw.BANK_DATA_TIMEOUT_MS,
      sandbox: {
        enabled: raw.NODE_ENV !== 'production' && raw.BANK_SANDBOX !== false,
        port: raw.BANK_SANDBOX_PORT,
      },
    },
    debtRegisters: debtRegisterConfigFrom(raw),
  };
}

/** A config for tests: in-memory everything, no worker unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER_ENABLED: 'false', SMS_SINK_DELAY_MS: '5' }),
    ...overrides,
  };
}
