// The local account-information provider as its own process (docs/decisions/0076): `npm start` runs it
// outside production (apps/api/dist/bank-sandbox.js; BANK_SANDBOX=false turns it off) at
// http://localhost:3003 (BANK_SANDBOX_PORT), the address the API calls by default outside production
// (BANK_DATA_URL). Its client id and secret are the API's (BANK_DATA_CLIENT_ID / BANK_DATA_CLIENT_SECRET).
import { loadConfig } from '#src/config.ts';
import { startBankSandbox } from './bank-sandbox.ts';

const config = loadConfig();
if (!config.bankData.sandbox.enabled) {
  console.log('sandbox bank: off (production, or BANK_SANDBOX=false)');
  process.exit(0);
}
try {
  const sandbox = await startBankSandbox({
    host: config.host === 'localhost' ? '127.0.0.1' : config.host,
    port: config.bankData.sandbox.port,
    clientId: config.bankData.clientId,
    clientSecret: config.bankData.clientSecret,
    log: (line) => console.log(`sandbox bank: ${line}`),
  });
  console.log(`sandbox bank (account information) on ${sandbox.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void sandbox.close().then(() => process.exit(0));
    });
  }
} catch (error) {
  // A port in use (another checkout's sandbox) must not stop the API beside it.
  console.log(`sandbox bank not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(0);
}
