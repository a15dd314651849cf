import { z } from 'zod';

// The building blocks of the config schema's variables (config.ts), shared with its OIDC part
// (config-oidc.ts).

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

// An empty string counts as unset, so `VAR= npm start` turns a feature off.
export const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());
