/**
 * The National Provider Identifier (NPI): 10 digits, the last one a check digit computed
 * with the Luhn formula over the number prefixed with 80840 (the ISO 7812 card-issuer
 * prefix of US health identifiers), as CMS publishes it. Shared by the web and the server.
 */
export const INVALID_NPI = 'Invalid NPI';

/** The Luhn check digit of the first nine digits of an NPI ('80840' + digits). */
export function npiCheckDigit(firstNine: string): number {
  if (!/^\d{9}$/.test(firstNine)) throw new Error('npiCheckDigit needs exactly 9 digits');
  const digits = `80840${firstNine}`;
  let sum = 0;
  // From the right: the digit next to the (future) check digit is doubled, then every other one.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 10 digits whose last is the Luhn check digit over '80840' + the first nine. */
export function isValidNpi(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[12]\d{9}$/.test(value)) return false;
  return npiCheckDigit(value.slice(0, 9)) === value.charCodeAt(9) - 48;
}

/** Completes nine digits into a valid NPI (used by generators and tests). */
export function withNpiCheckDigit(firstNine: string): string {
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}
