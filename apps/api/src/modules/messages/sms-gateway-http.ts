import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { DeliveryError } from './delivery-error.ts';
import type { LocalSmsGateway } from './sms-provider.ts';

// The local SMS gateway behind the HTTP protocol of sms-http-provider.ts: the stand-in a test (or a
// developer with SMS_API_URL) talks to exactly as to a real provider. Only for tests and development;
// nothing in production starts it.

const submission = z.object({
  to: z.string().min(1).max(32),
  from: z.string().min(1).max(11),
  text: z.string().min(1).max(1_600),
  clientReference: z.string().min(1).max(200),
});

export interface SmsGatewayHttpServer {
  url: string;
  close(): Promise<void>;
}

export async function serveSmsGatewayOverHttp(
  gateway: LocalSmsGateway,
  options: { apiKey: string; port?: number },
): Promise<SmsGatewayHttpServer> {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/messages') return answer(404, { error: 'not found' });
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return answer(401, { error: 'unauthorised' });
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let parsed: z.infer<typeof submission>;
      try {
        parsed = submission.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        return answer(400, { error: 'invalid submission' });
      }
      const seenBefore = gateway.messages().some((sms) => sms.clientReference === parsed.clientReference);
      gateway
        .send({
          to: parsed.to,
          senderName: parsed.from,
          text: parsed.text,
          idempotencyKey: parsed.clientReference,
        })
        .then(({ providerMessageId }) => answer(seenBefore ? 409 : 201, { id: providerMessageId }))
        .catch((error: unknown) =>
          error instanceof DeliveryError && error.permanent
            ? answer(422, { error: 'number not reachable' })
            : answer(503, { error: 'unavailable' }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
