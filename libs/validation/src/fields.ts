import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * Field rules of the spec (§5 and §9), shared by the web forms and the server. Each check
 * returns true when the value is acceptable. Messages are spelled as the spec spells them.
 */
export const LIMITS = {
  userName: { min: 2, max: 20 },
  displayName: { min: 2, max: 40 },
  password: { min: 8, max: 128 },
  code: { length: 6 },
  street: { minExclusive: 5 },
  city: { min: 2 },
  state: { length: 2 },
  zip: { min: 5 },
  email: { max: 254 },
} as const;

export const MESSAGES = {
  incorrectLogin: 'Incorrect Log In Credentials',
  incorrectCode: 'Incorrect Code',
  emailNotInSystem: 'Email not in system',
  invalidPasswordReset: 'Invalid password',
  invalidPassword: 'Invalid Password',
  passwordMismatchReset: 'Password Does Not Match',
  passwordMismatch: 'Password does not match',
  invalidDisplayName: 'Invalid Display Name',
  invalidUserName: 'Invalid User Name',
  userNameTaken: 'User Name Taken',
  invalidEmail: 'Invalid Email',
  invalidEmailLower: 'Invalid email',
  emailInUse: 'Email already in use',
  accountEmailExists: 'Account with this email already exists',
  invalidMobile: 'Invalid Mobile #',
  invalidMobileLower: 'Invalid mobile #',
  mobileInUse: 'Mobile # already in use',
  accountMobileExists: 'Account with this mobile # already exists',
  invalidPhone: 'Invalid Phone #',
  invalidCode: 'Invalid Code',
  commonPassword: 'This password is too common: choose one that is harder to guess',
} as const;

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(v: string): boolean {
  return typeof v === 'string' && v.length <= LIMITS.email.max && EMAIL.test(v);
}

export function isValidUserName(v: string): boolean {
  return typeof v === 'string' && v.length >= LIMITS.userName.min && v.length <= LIMITS.userName.max && !/\s/.test(v);
}

export function isValidDisplayName(v: string): boolean {
  const t = typeof v === 'string' ? v.trim() : '';
  return t.length >= LIMITS.displayName.min && t.length <= LIMITS.displayName.max;
}

/** Account password: at least 8 characters, no spaces (spec §5, §9). */
export function isValidPassword(v: string): boolean {
  return typeof v === 'string' && v.length >= LIMITS.password.min && v.length <= LIMITS.password.max && !/\s/.test(v);
}

export function isValidCode(v: string): boolean {
  return typeof v === 'string' && /^\d{6}$/.test(v);
}

function parse(v: string, countries: CountryCode[]) {
  if (typeof v !== 'string' || v.length > 40) return undefined;
  for (const c of countries) {
    const p = parsePhoneNumberFromString(v, c);
    if (p?.isValid() && countries.includes(p.country as CountryCode)) return p;
  }
  return undefined;
}

/** A valid US phone number (spec: en-US). */
export function isValidUsPhone(v: string): boolean {
  return !!parse(v, ['US']);
}

/** Account mobile: a valid US or Pakistan number. */
export function isValidAccountMobile(v: string): boolean {
  return !!parse(v, ['US', 'PK']);
}

/** E.164 form used for storage and uniqueness (+12025550123), or undefined when invalid. */
export function normalizePhone(v: string, countries: CountryCode[] = ['US', 'PK']): string | undefined {
  return parse(v, countries)?.number;
}

/** Last digits of a mobile number, for 'ending in {last digits}'. */
export function lastDigits(v: string, n = 4): string {
  return (v ?? '').replace(/\D/g, '').slice(-n);
}

export const isValidStreet = (v: string) => typeof v === 'string' && v.trim().length > LIMITS.street.minExclusive;
export const isValidCity = (v: string) => typeof v === 'string' && v.trim().length >= LIMITS.city.min;
export const isValidState = (v: string) => typeof v === 'string' && v.trim().length === LIMITS.state.length;
export const isValidZip = (v: string) => typeof v === 'string' && v.trim().length >= LIMITS.zip.min;
