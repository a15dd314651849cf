import type { Config } from '#src/config.ts';
import type { DatabaseHandle, Db } from '#src/db/client.ts';
import type { TokenService } from '#src/lib/token-service.ts';

/** What every module's route plugin is given: its dependencies, passed in explicitly (conventions §3). */
export interface ModuleOptions {
  config: Config;
  db: Db;
  database: DatabaseHandle;
  tokens: TokenService;
  /** The clock; services never call `new Date()` for business time. */
  now: () => Date;
}
