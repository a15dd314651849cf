import { DeliveryError } from './delivery-error.ts';
import type { OutgoingSms, SmsProvider } from './sms-provider.ts';

// The SMS provider over HTTP (ADR 0030, "SMS in production"): the shape the Nordic SMS gateways share
// (a JSON POST per message, a bearer API key, the caller's reference to drop a resubmission), so that a
// provider is configured with SMS_API_URL and SMS_API_KEY rather than written anew.
//
//   POST {SMS_API_URL}/messages   Authorization: Bearer <key>
//   { "to": "+4791234567", "from": "Nordloan", "text": "…", "clientReference": "<idempotency key>" }
//   201 / 200 { "id": "…" }        accepted (200: this clientReference was accepted before; same id)
//   409 { "id": "…" }              a duplicate the provider dropped: the first submission's id
//   400 / 422                      the message or the number will never go: permanent
//   401 / 403 / 429 / 5xx / network error / timeout: temporary, the outbox retries with backoff
//
// The key goes in a header only; neither the key nor the number nor the text is put in an error message
// (errors end up in `message.last_error` and in logs).

export interface HttpSmsProviderOptions {
  url: string;
  apiKey: string;
  /** How long one submission may take before it counts as a temporary failure. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const permanentStatuses = new Set([400, 404, 410, 413, 422]);

export function createHttpSmsProvider(options: HttpSmsProviderOptions): SmsProvider {
  const endpoint = `${options.url.replace(/\/+$/, '')}/messages`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const send = options.fetch ?? fetch;
  return {
    async send(sms: OutgoingSms) {
      let response: Response;
      try {
        response = await send(endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            to: sms.to,
            from: sms.senderName,
            text: sms.text,
            clientReference: sms.idempotencyKey,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new DeliveryError(`SMS: provider ${timedOut ? 'timed out' : 'unreachable'}`, false);
      }
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (response.ok || response.status === 409) {
        if (typeof body?.id === 'string' && body.id !== '') return { providerMessageId: body.id };
        throw new DeliveryError(`SMS: provider answered ${response.status} without a message id`, false);
      }
      throw new DeliveryError(
        `SMS: provider refused (${response.status})`,
        permanentStatuses.has(response.status),
      );
    },
  };
}
