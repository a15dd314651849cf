// How a provider's refusal is told apart from a hiccup: a permanent refusal (an SMTP 5xx, a number the SMS
// provider will never reach) ends the message at once as failed; anything else is retried with backoff.
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
