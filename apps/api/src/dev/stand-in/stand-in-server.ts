import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the local stand-ins for outside parties (the account-information provider, the debt registers) share:
// a plain HTTP server on its own socket that answers JSON, can leave a request hanging (the party's timeout,
// for the API's own deadline to meet), and closes without waiting for those.

export interface StandInServer {
  url: string;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The request's body as a JSON object; anything else (empty, not JSON, not an object) as `{}`. */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Listens on `port` (0: a free one) with `handle` for every request. A handler that throws answers 500
 * `server_error`, as a party's server would, never an unanswered socket.
 */
export async function startStandInServer(
  options: { host?: string | undefined; port?: number | undefined },
  handle: (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    hang: () => void,
  ) => void | Promise<void>,
): Promise<StandInServer> {
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in.local');
    // `hang()`: no answer until the caller gives up or the stand-in closes (the party's timeout).
    const hang = () => {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
    };
    Promise.resolve()
      .then(() => handle(request, response, url, hang))
      .catch(() => {
        if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
      });
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', listening);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
