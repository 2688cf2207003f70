/**
 * A typed signature (the attestation): the signer's full name as they write it. At least two
 * letters (any alphabet), at most 120 characters; initials alone ("J", "J.") or punctuation are
 * refused. Shared by the web forms and the server.
 */
export const SIGNATURE_MAX = 120;
export const SIGNATURE_MESSAGE = 'signature: type your full name (at least two letters)';

export function isValidSignature(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length < 2 || v.length > SIGNATURE_MAX) return false;
  return (v.match(/\p{L}/gu) ?? []).length >= 2;
}
