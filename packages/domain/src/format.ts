// §5 "The number formatter keeps only digits, drops leading zeros and groups digits with a separator."

/**
 * '0012345' → '12 345'; '1 000 000 kr' → '1 000 000'; '' and 'abc' → '' (nothing to show);
 * '000' → '0' (a typed zero is still a number, not an empty field).
 * A number input is formatted by its whole part: 12345.67 → '12 345', -500 → '500' (a sign or a
 * decimal comma are not digits, §5); NaN and ±Infinity → ''.
 */
export function formatDigits(input: string | number, separator = ' '): string {
  const digits = typeof input === 'number' ? wholeDigitsOf(input) : input.replace(/\D/g, '');
  if (digits === '') return '';
  const significant = digits.replace(/^0+/, '') || '0';
  // Group by three from the right.
  return significant.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function wholeDigitsOf(value: number): string {
  if (!Number.isFinite(value)) return '';
  // BigInt keeps large values out of exponent notation ('1e+21').
  return BigInt(Math.trunc(Math.abs(value))).toString();
}
