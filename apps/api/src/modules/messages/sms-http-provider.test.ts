import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#src/config.ts';
import { DeliveryError } from './delivery-error.ts';
import { createMessaging } from './messaging.ts';
import { type SmsGatewayHttpServer, serveSmsGatewayOverHttp } from './sms-gateway-http.ts';
import { createHttpSmsProvider } from './sms-http-provider.ts';
import { LocalSmsGateway } from './sms-provider.ts';

// The SMS provider over HTTP (ADR 0030) against the local gateway served over the same protocol: accepted,
// a resubmission dropped with the first id, permanent and temporary refusals told apart, the key checked,
// a hung provider timed out; and production picks it from SMS_API_URL.

const sms = (to: string, idempotencyKey: string) => ({
  to,
  senderName: 'Nordloan',
  text: 'Din kode er 123456',
  idempotencyKey,
});

let server: SmsGatewayHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function gatewayOverHttp() {
  const gateway = new LocalSmsGateway({ delayMs: 0 });
  server = await serveSmsGatewayOverHttp(gateway, { apiKey: 'test-key' });
  return { gateway, url: server.url };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
};

describe('HTTP SMS provider', () => {
  it('delivers over HTTP, and a resubmission with the same reference answers the first id once', async () => {
    const { gateway, url } = await gatewayOverHttp();
    const provider = createHttpSmsProvider({ url, apiKey: 'test-key' });
    const first = await provider.send(sms('+4791234567', 'message-1'));
    const again = await provider.send(sms('+4791234567', 'message-1'));
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(gateway.messages('+4791234567')).toHaveLength(1);
    expect(gateway.messages()[0]).toMatchObject({ from: 'Nordloan', text: 'Din kode er 123456' });
  });

  it('tells a number that will never go (permanent) from an unavailable provider (retried)', async () => {
    const { url } = await gatewayOverHttp();
    const provider = createHttpSmsProvider({ url, apiKey: 'test-key' });
    expect((await refusal(provider.send(sms('+4791234568', 'm-8')))).permanent).toBe(true);
    expect((await refusal(provider.send(sms('+4791234569', 'm-9')))).permanent).toBe(false);
  });

  it('a wrong key is a temporary refusal whose message holds neither key nor number', async () => {
    const { url } = await gatewayOverHttp();
    const error = await refusal(
      createHttpSmsProvider({ url, apiKey: 'wrong-key' }).send(sms('+4791234567', 'm-1')),
    );
    expect(error.permanent).toBe(false);
    expect(error.message).toBe('SMS: provider refused (401)');
  });

  it('a provider that does not answer in time, or cannot be reached, is a temporary failure', async () => {
    const hanging = createHttpSmsProvider({
      url: 'http://127.0.0.1:9',
      apiKey: 'k',
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const late = await refusal(hanging.send(sms('+4791234567', 'm-1')));
    expect([late.permanent, late.message]).toEqual([false, 'SMS: provider timed out']);
    const closed = await refusal(
      createHttpSmsProvider({ url: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2_000 }).send(
        sms('+4791234567', 'm-2'),
      ),
    );
    expect([closed.permanent, closed.message]).toEqual([false, 'SMS: provider unreachable']);
  });
});

describe('SMS provider from the config', () => {
  const production = {
    NODE_ENV: 'production',
    PERSONAL_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOG_LEVEL: 'silent',
  };

  it('production sends SMS through SMS_API_URL, and without it has no SMS channel', async () => {
    const { gateway, url } = await gatewayOverHttp();
    const configured = createMessaging(
      loadConfig({ ...production, SMS_API_URL: url, SMS_API_KEY: 'test-key' }),
    );
    expect(configured.inbox.smsGateway).toBeUndefined();
    await configured.channels.sms?.send(sms('+4791234567', 'from-config'));
    expect(gateway.messages()).toHaveLength(1);
    expect(createMessaging(loadConfig(production)).channels.sms).toBeUndefined();
  });

  it('refuses SMS_API_URL without a key, and a URL that is not http(s)', () => {
    expect(() => loadConfig({ SMS_API_URL: 'https://sms.example/v1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_API_URL: 'ftp://sms.example', SMS_API_KEY: 'k' })).toThrow();
  });
});
