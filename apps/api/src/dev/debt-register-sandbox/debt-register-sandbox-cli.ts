// The local debt registers as their own process (docs/decisions/0079): `npm start` runs it outside
// production (apps/api/dist/debt-register-sandbox.js; DEBT_REGISTER_SANDBOX=false turns it off) at
// http://localhost:3004 (DEBT_REGISTER_SANDBOX_PORT), Gjeldsregisteret under /no and the Finnish positive
// credit register under /fi: the addresses the API calls by default outside production. Its key is the
// API's (DEBT_REGISTER_API_KEY).
import { loadConfig } from '#src/config.ts';
import { runStandInProcess } from '../stand-in/stand-in-process.ts';
import { startDebtRegisterSandbox } from './debt-register-sandbox.ts';

const config = loadConfig();
await runStandInProcess({
  name: 'sandbox debt registers',
  enabled: config.debtRegisters.sandbox.enabled,
  offBecause: 'production, or DEBT_REGISTER_SANDBOX=false',
  describe: ' (NO /no, FI /fi)',
  start: () =>
    startDebtRegisterSandbox({
      host: config.host === 'localhost' ? '127.0.0.1' : config.host,
      port: config.debtRegisters.sandbox.port,
      apiKey: config.debtRegisters.apiKey,
      log: (line) => console.log(`sandbox debt registers: ${line}`),
    }),
});
