// autocannon with the requests spread over many targets (path and bearer token), in turn: the load of many
// applicants each working on their own application, which the CLI (one URL, one header set) cannot make.
// With more targets than connections, two requests in flight at once are for different applications.
// Run by bench/api-read.bench.ts in a child process:
//   node bench/support/load-spread.mjs '{"origin":…,"method":…,"body":…,"connections":…,"seconds":…,"targets":[{"path":…,"token":…}]}'
// and prints autocannon's result as JSON, like `autocannon -j`.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
let nextTarget = 0;
const result = await autocannon({
  url: options.origin,
  connections: options.connections,
  duration: options.seconds,
  requests: [
    {
      method: options.method,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      setupRequest(request) {
        const target = options.targets[nextTarget++ % options.targets.length];
        return {
          ...request,
          path: target.path,
          headers: {
            ...request.headers,
            authorization: `Bearer ${target.token}`,
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
