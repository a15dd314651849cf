import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

// Issue 12 goal 5: several API instances behind one address. This is the development and test stand-in
// for the load balancer production puts in front of the instances (docs/decisions/0035): each request
// goes to the next instance in turn, its body and the answer are streamed through as they come (a
// server-sent events stream reaches the browser event by event, never buffered), and when the client
// goes away the request to the instance is torn down with it (so an instance's open-stream count drops).
// It does no health checks, TLS, HTTP/2 or WebSocket upgrades; a real load balancer does.

export interface RoundRobinProxy {
  /** The address the proxy answers on, e.g. http://127.0.0.1:3000. */
  url: string;
  server: Server;
  /** Requests handed to each instance so far, in the order of `targets` (tests and the cluster's log). */
  forwardedCounts(): number[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection; Node sets its own on each side.
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !hopByHop.has(name)) kept[name] = value;
  }
  return kept;
}

export async function startRoundRobinProxy(options: {
  /** The instances, e.g. ['http://127.0.0.1:3101', 'http://127.0.0.1:3102']. */
  targets: readonly string[];
  port?: number;
  host?: string;
  /** Called once per request the proxy could not hand on (instance down): for the cluster's log. */
  onUpstreamError?: (target: string, error: Error) => void;
}): Promise<RoundRobinProxy> {
  if (options.targets.length === 0) throw new Error('the proxy needs at least one instance');
  const targets = options.targets.map((target) => new URL(target));
  const counts = targets.map(() => 0);
  // Connections to the instances are kept open and reused: a new TCP connection per request would cost
  // more than the request itself under load.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const server = createServer((request, response) => {
    const index = next;
    next = (next + 1) % targets.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = targets[index]!;
    const clientAddress = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const upstream = httpRequest(
      {
        agent,
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          // The Host header is kept: the brand is resolved from it (§2).
          ...endToEndHeaders(request.headers),
          'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${clientAddress}` : clientAddress,
          'x-forwarded-proto': 'http',
          ...(request.headers.host ? { 'x-forwarded-host': request.headers.host } : {}),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers));
        // An answer of unknown length (an event stream) gets its headers out at once; each chunk is then
        // written as it arrives (pipe, and Node's HTTP sockets have Nagle off), so a stream's first event
        // does not wait for a second one. An answer of known length goes out headers and body together.
        if (answer.headers['content-length'] === undefined) response.flushHeaders();
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', (error) => {
      options.onUpstreamError?.(target.href, error);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ Message: 'The API instance behind this address did not answer' }));
    });
    // The client went away before the answer ended (closed tab, closed event stream): so does the request.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  // Event streams stay open for as long as the token lives; no idle timeout of the proxy's own cuts them.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    forwardedCounts: () => [...counts],
    close: async () => {
      // Open event streams would keep close() waiting forever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
