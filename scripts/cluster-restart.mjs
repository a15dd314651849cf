// `npm run cluster:restart`: restarts the instances of a running `npm run start:cluster` one at a time
// (issue 37, docs/decisions/0071): each turns not-ready, HAProxy takes it out, it finishes its requests and
// exits, a new one starts on its port, and the next goes only once HAProxy has the new one back. Sends
// SIGHUP to start:cluster (its process id is in DATA_DIR/cluster/cluster.json) and follows it there.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const runDir = resolve(process.env.CLUSTER_RUN_DIR ?? join(process.env.DATA_DIR ?? '.data', 'cluster'));
const stateFile = join(runDir, 'cluster.json');
if (!existsSync(stateFile)) {
  console.error(`No cluster running here (${stateFile} is missing): start one with npm run start:cluster`);
  process.exit(1);
}
const read = () => {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined; // gone (the cluster stopped), or caught while being replaced: read again
  }
};
const before = read();
if (!before) {
  console.error(`Could not read ${stateFile}`);
  process.exit(1);
}
try {
  process.kill(before.pid, 'SIGHUP');
} catch {
  console.error(`start:cluster (process ${before.pid}) is not running`);
  process.exit(1);
}
console.log(`Restarting ${before.instances.length} instances behind ${before.url}, one at a time…`);
const started = Date.now();
const deadline = started + 10 * 60_000;
for (;;) {
  await new Promise((done) => setTimeout(done, 250));
  const now = existsSync(stateFile) ? read() : undefined;
  if (!now && existsSync(stateFile)) continue;
  if (!now) {
    console.error('The cluster stopped during the restart');
    process.exit(1);
  }
  if (now.restarts > before.restarts && !now.restarting) {
    if (now.lastRestartError) {
      console.error(`Rolling restart failed: ${now.lastRestartError}`);
      process.exit(1);
    }
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${now.instances.map((i) => `${i.name} pid ${i.pid}`).join(', ')}`,
    );
    process.exit(0);
  }
  if (Date.now() > deadline) {
    console.error('The rolling restart took more than 10 minutes');
    process.exit(1);
  }
}
