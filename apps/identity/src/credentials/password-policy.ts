import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationFailed } from '@app/nest-kit';
import { MESSAGES, isValidPassword } from '@app/validation';

let common: Set<string> | undefined;

/**
 * The common-password list shipped with @zxcvbn-ts/language-common (`passwords-common`,
 * 49,233 entries: leaked-password frequency lists), compared case-insensitively.
 */
export function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * Server-side password rules: at least 8 characters, no spaces (spec §5, §9), and not on the
 * common-password list. Throws a 400 naming the field.
 */
export function assertAcceptablePassword(password: string, field: string, invalidMessage: string = MESSAGES.invalidPassword): void {
  if (!isValidPassword(password)) throw new ValidationFailed(field, invalidMessage);
  if (isCommonPassword(password)) throw new ValidationFailed(field, MESSAGES.commonPassword);
}
