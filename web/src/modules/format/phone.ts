/**
 * US phone numbers (+1). Stored values may carry punctuation or a leading country code;
 * they are shown as xxx-xxx-xxxx and dialled as tel:+1xxxxxxxxxx.
 */

/** The ten national digits of a US number, or null when the value is not one. */
export function usPhoneDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** xxx-xxx-xxxx for a US number; anything else is returned trimmed, unchanged. */
export function formatPhone(value: string | null | undefined): string {
  const digits = usPhoneDigits(value);
  if (!digits) return (value ?? '').trim();
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A US number as it is being typed: its digits (a leading country code 1 dropped once there are
 * eleven) grouped xxx-xxx-xxxx, at most ten.
 */
export function formatUsPhoneTyping(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A tel: link with the +1 prefix, or null when the value is not a US number. */
export function phoneHref(value: string | null | undefined): string | null {
  const digits = usPhoneDigits(value);
  return digits ? `tel:+1${digits}` : null;
}
