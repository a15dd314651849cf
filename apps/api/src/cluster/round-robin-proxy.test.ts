import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';

// The proxy of `npm run start:cluster` (ADR 0035) in front of two small stand-in instances.

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

async function instance(
  name: string,
  handle?: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer(
    handle ??
      ((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              name,
              method: request.method,
              url: request.url,
              host: request.headers.host,
              forwardedFor: request.headers['x-forwarded-for'],
              body,
            }),
          );
        });
      }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function proxyFor(targets: string[]): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy({ targets });
  opened.push(proxy);
  return proxy;
}

describe('the round-robin proxy', () => {
  it('sends each request to the next instance, with method, path, body and Host kept', async () => {
    const [first, second] = [await instance('first'), await instance('second')];
    const proxy = await proxyFor([first.url, second.url]);
    const answers: { name: string }[] = [];
    for (let index = 0; index < 4; index++) {
      const response = await fetch(`${proxy.url}/loan-application?x=${index}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ index }),
      });
      expect(response.status).toBe(200);
      answers.push((await response.json()) as { name: string });
    }
    expect(answers.map((answer) => answer.name)).toEqual(['first', 'second', 'first', 'second']);
    expect(answers[3]).toMatchObject({
      method: 'POST',
      url: '/loan-application?x=3',
      // The Host the client sent (the brand is read from it), not the instance's own address.
      host: new URL(proxy.url).host,
      forwardedFor: '127.0.0.1',
      body: '{"index":3}',
    });
    expect(proxy.forwardedCounts()).toEqual([2, 2]);
  });

  it('passes an event stream through event by event, and closes it at the instance when the client leaves', async () => {
    let instanceSawClose: () => void = () => undefined;
    const closedAtInstance = new Promise<void>((resolve) => {
      instanceSawClose = resolve;
    });
    const streaming = await instance('stream', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('event: ready\ndata: {}\n\n');
      // Nothing more until the client goes away: the first event must arrive on its own.
      response.on('close', () => instanceSawClose());
    });
    const proxy = await proxyFor([streaming.url]);
    const controller = new AbortController();
    const response = await fetch(`${proxy.url}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const first = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
    ]);
    expect(first && new TextDecoder().decode(first.value)).toBe('event: ready\ndata: {}\n\n');
    controller.abort();
    await expect(
      Promise.race([
        closedAtInstance.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
      ]),
    ).resolves.toBe('closed');
  });

  it('answers 502 when an instance does not answer', async () => {
    const gone = await instance('gone');
    await opened.pop()!.close();
    const proxy = await proxyFor([gone.url]);
    const response = await fetch(`${proxy.url}/health`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ Message: 'The API instance behind this address did not answer' });
  });

  it('refuses to start without an instance', async () => {
    await expect(startRoundRobinProxy({ targets: [] })).rejects.toThrow('at least one instance');
  });
});
