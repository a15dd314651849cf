// The local account-information provider as its own process (docs/decisions/0076): `npm start` runs it
// outside production (apps/api/dist/bank-sandbox.js; BANK_SANDBOX=false turns it off) at
// http://localhost:3003 (BANK_SANDBOX_PORT), the address the API calls by default outside production
// (BANK_DATA_URL). Its client id and secret are the API's (BANK_DATA_CLIENT_ID / BANK_DATA_CLIENT_SECRET).
import { loadConfig } from '#src/config.ts';
import { runStandInProcess } from '../stand-in/stand-in-process.ts';
import { startBankSandbox } from './bank-sandbox.ts';

const config = loadConfig();
await runStandInProcess({
  name: 'sandbox bank',
  enabled: config.bankData.sandbox.enabled,
  offBecause: 'production, or BANK_SANDBOX=false',
  describe: ' (account information)',
  start: () =>
    startBankSandbox({
      host: config.host === 'localhost' ? '127.0.0.1' : config.host,
      port: config.bankData.sandbox.port,
      clientId: config.bankData.clientId,
      clientSecret: config.bankData.clientSecret,
      log: (line) => console.log(`sandbox bank: ${line}`),
    }),
});
