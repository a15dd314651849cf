// Preloaded into the API process by `BENCH_QUERIES=1 npm run bench:quotes` (node --import): counts every
// statement node-postgres sends, by its text (whitespace folded). The first SIGUSR2 starts counting from
// zero, the second stops and writes [[text, count], …] as JSON to BENCH_STATEMENTS_FILE. The bundle loads
// `pg` from node_modules as this module does, so the one prototype is patched.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const counts = new Map();
let counting = false;
const send = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  if (counting) {
    const config = args[0];
    const text = (typeof config === 'string' ? config : (config?.text ?? '')).replace(/\s+/g, ' ').trim();
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return send.apply(this, args);
};
process.on('SIGUSR2', () => {
  if (!counting) {
    counts.clear();
    counting = true;
    return;
  }
  counting = false;
  writeFileSync(process.env.BENCH_STATEMENTS_FILE, JSON.stringify([...counts]));
});
