// The local debt registers as their own process (docs/decisions/0079): `npm start` runs it outside
// production (apps/api/dist/debt-register-sandbox.js; DEBT_REGISTER_SANDBOX=false turns it off) at
// http://localhost:3004 (DEBT_REGISTER_SANDBOX_PORT), Gjeldsregisteret under /no and the Finnish positive
// credit register under /fi: the addresses the API calls by default outside production. Its key is the
// API's (DEBT_REGISTER_API_KEY).
import { loadConfig } from '#src/config.ts';
import { startDebtRegisterSandbox } from './debt-register-sandbox.ts';

const config = loadConfig();
if (!config.debtRegisters.sandbox.enabled) {
  console.log('sandbox debt registers: off (production, or DEBT_REGISTER_SANDBOX=false)');
  process.exit(0);
}
try {
  const sandbox = await startDebtRegisterSandbox({
    host: config.host === 'localhost' ? '127.0.0.1' : config.host,
    port: config.debtRegisters.sandbox.port,
    apiKey: config.debtRegisters.apiKey,
    log: (line) => console.log(`sandbox debt registers: ${line}`),
  });
  console.log(`sandbox debt registers (NO /no, FI /fi) on ${sandbox.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // A port in use (another checkout's sandbox) must not stop the API beside it.
  console.log(
    `sandbox debt registers not started: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(0);
}
