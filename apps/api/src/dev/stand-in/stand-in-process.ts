import type { StandInServer } from './stand-in-server.ts';

// A stand-in as its own process under `npm start` (the built *-cli.js files): off when its configuration says
// so, its address printed, closed on SIGINT/SIGTERM — and a port in use (another checkout's stand-in) never
// stops the API beside it: the process says why and exits 0.
export async function runStandInProcess(options: {
  /** How the lines start: "sandbox bank", "sandbox debt registers". */
  name: string;
  enabled: boolean;
  /** Why it is off, e.g. "production, or BANK_SANDBOX=false". */
  offBecause: string;
  /** What follows the name in the line that gives the address, e.g. " (account information)". */
  describe?: string;
  start: () => Promise<StandInServer>;
}): Promise<void> {
  if (!options.enabled) {
    console.log(`${options.name}: off (${options.offBecause})`);
    process.exit(0);
  }
  try {
    const server = await options.start();
    console.log(`${options.name}${options.describe ?? ''} on ${server.url}`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        void server.close().then(() => process.exit(0));
      });
    }
  } catch (error) {
    console.log(`${options.name} not started: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(0);
  }
}
