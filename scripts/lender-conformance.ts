// `npm run lender:conformance -- --url <lender base URL> --secret <secret> [--lender-id <id>] [--country NO]
//  [--timeout 5000] [--decision-wait 30000] [--callback-wait 3000] [--callback-host 127.0.0.1]`
// Runs the lender API's contract (docs/decisions/0062) against any implementation of it and prints what
// passes; exits 1 when a check fails. Callbacks are checked when the lender sends them to the CallbackUrl
// the kit registers (a lender reachable only one way gets them skipped, not failed).
import { parseArgs } from 'node:util';
import type { Country } from '@nordloan/domain/enums';
import {
  formatConformance,
  runConformance,
} from '../apps/api/src/modules/lending/lender-api/conformance-kit.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    'lender-id': { type: 'string' },
    country: { type: 'string' },
    timeout: { type: 'string' },
    'decision-wait': { type: 'string' },
    'callback-wait': { type: 'string' },
    'callback-host': { type: 'string' },
  },
});
if (!values.url || !values.secret) {
  console.error(
    'usage: npm run lender:conformance -- --url <lender base URL> --secret <secret> [--lender-id <id>]',
  );
  process.exit(2);
}
const results = await runConformance({
  url: values.url,
  secret: values.secret,
  ...(values['lender-id'] ? { lenderId: values['lender-id'] } : {}),
  ...(values.country ? { country: values.country.toUpperCase() as Country } : {}),
  ...(values.timeout ? { timeoutMs: Number(values.timeout) } : {}),
  ...(values['decision-wait'] ? { decisionWaitMs: Number(values['decision-wait']) } : {}),
  ...(values['callback-wait'] ? { callbackWaitMs: Number(values['callback-wait']) } : {}),
  ...(values['callback-host'] ? { callbackHost: values['callback-host'] } : {}),
});
console.log(`Lender API conformance: ${values.url}\n`);
console.log(formatConformance(results));
process.exit(results.some((result) => result.outcome === 'fail') ? 1 : 0);
