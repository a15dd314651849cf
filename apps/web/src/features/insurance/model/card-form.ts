// The card provider's payment form, as far as this app sees it: the card number goes to the provider and
// a token comes back; our API only ever gets the token (which carries the last four digits). Outside
// production the provider is a local stand-in that makes the token in the browser, so no card number
// reaches our server or the network (ADR 0026).

export interface CardForm {
  tokenize(cardNumber: string): Promise<string>;
}

/** Luhn check, as every card form does before it sends anything. */
export function isValidCardNumber(raw: string): boolean {
  const digits = raw.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const localCardForm: CardForm = {
  async tokenize(cardNumber) {
    const digits = cardNumber.replace(/\s+/g, '');
    if (!isValidCardNumber(digits)) throw new Error('invalid-card-number');
    const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    return `tok_${random}_${digits.slice(-4)}`;
  },
};
