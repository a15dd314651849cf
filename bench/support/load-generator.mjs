// The load of bench/api-read.bench.ts: autocannon in a child process of its own (the servers measured run in
// the parent), kept alive between runs so that a run of two seconds costs no process start. Forked with an
// IPC channel; each message is one of
//   { id, kind: 'run', label, url, method, body, token, targets, connections, seconds }
//       one run; its raw result (its latency histogram) is kept under `label` unless label is null (warm-up)
//   { id, kind: 'merge', label }
//       every run kept under `label` as one: their requests summed, their latency histograms merged, so p50
//       and p99 are those of all the requests of all the runs (not an average of each run's percentiles)
// and the answer is { id, summary: { total, seconds, p50, p99, non2xx, errors } } (a run's own, or the merge's).
// `targets` ([{ path, token }]) spreads the requests over many applications and tokens in turn (the load
// of many applicants each working on their own application, which one URL and header set cannot make);
// without it every request goes to `url` with `token`.
import autocannon from 'autocannon';

/** Raw runs (autocannon's skipAggregateResult form, histograms encoded) by label. */
const kept = new Map();

function optionsOf(message) {
  const headers = {
    authorization: `Bearer ${message.token}`,
    ...(message.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const body = message.body === undefined ? undefined : JSON.stringify(message.body);
  const base = {
    url: message.url,
    connections: message.connections,
    duration: message.seconds,
    // autocannon ends a run at its first sample tick after `duration`: ticks every 100 ms (not every second)
    // keep a turn of one or two seconds that long, not up to a second longer.
    sampleInt: 100,
    skipAggregateResult: true,
  };
  if (!message.targets) return { ...base, method: message.method, headers, body };
  let nextTarget = 0;
  return {
    ...base,
    requests: [
      {
        method: message.method,
        ...(body === undefined ? {} : { body }),
        setupRequest(request) {
          const target = message.targets[nextTarget++ % message.targets.length];
          return {
            ...request,
            path: target.path,
            headers: { ...request.headers, ...headers, authorization: `Bearer ${target.token}` },
          };
        },
      },
    ],
  };
}

function summaryOf(raws) {
  // aggregateResult checks its options as a run's; the url only names the result.
  const merged = autocannon.aggregateResult(raws, { url: 'http://127.0.0.1' });
  return {
    total: raws.reduce((sum, raw) => sum + raw.totalCompletedRequests, 0),
    // Each run's own length (autocannon stops at the first one-second tick after `duration`).
    seconds: raws.reduce((sum, raw) => sum + raw.duration, 0),
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    non2xx: merged.non2xx,
    errors: merged.errors,
  };
}

process.on('message', async (message) => {
  if (message.kind === 'merge') {
    const raws = kept.get(message.label) ?? [];
    kept.delete(message.label);
    process.send({ id: message.id, summary: summaryOf(raws) });
    return;
  }
  const raw = await autocannon(optionsOf(message));
  if (message.label !== null) kept.set(message.label, [...(kept.get(message.label) ?? []), raw]);
  process.send({ id: message.id, summary: summaryOf([raw]) });
});
