import { practices } from '@app/contracts';
import { INVALID_NPI, isValidEmail, isValidNpi, isValidUsPhone } from '@app/validation';
import { formatPhone } from '../../format/phone';
import { cityRule, displayNameRule, emailRule, type FormErrors, optionalPhoneRule, phoneRule, stateRule, streetRule, userNameRule, validate, websiteRule } from '../../profiles/logic/profileRules';
import type { AccessType, AddPracticeBody, OwnerBody, PracticeProfile, RegistryResult, UpdatePracticeBody, UserSearchItem } from '../api/practicesApi';

/** The form of the create and edit drawers (spec practices §2, §4, §5). */
export type PracticeValues = {
  npi: string;
  practiceName: string;
  displayName: string;
  userName: string;
  street: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  profileDescription: string;
  avatarImageUrl: string;
  bannerImageUrl: string;
};
export type PracticeField = keyof PracticeValues;

export const EMPTY_PRACTICE_VALUES: PracticeValues = {
  npi: '',
  practiceName: '',
  displayName: '',
  userName: '',
  street: '',
  suite: '',
  city: '',
  state: '',
  zip: '',
  email: '',
  phone: '',
  fax: '',
  website: '',
  profileDescription: '',
  avatarImageUrl: '',
  bannerImageUrl: '',
};

/** An owner card: who, and the access type (a new one starts as Member). */
export type OwnerCard = { id: string; fullName: string; npi: string | null; avatarImageUrl: string | null; accessType: AccessType };

export const CREATE_TITLE = 'Create Practice Profile';
export const EDIT_TITLE = 'Edit Profile';
export const CREATE_BUTTON = 'Create';
export const SAVE_BUTTON = 'Save Practice Profile';
export const REQUIRED_FIELDS = '*Required fields';
export const EMAIL_HINT = 'Go to Login Credentials to edit';
export const DESCRIPTION_PLACEHOLDER = 'Write a description';
/** The toast after a practice was created (as Facilities says 'Facility added'). */
/** A search that found nothing (spec 001 §8). */
export const NO_RESULTS = 'No Results...';
export const PRACTICE_ADDED = 'Practice added';
/** Closing the drawer with unsaved input asks first (the one question of every drawer). */
export { DISCARD_CONFIRM_Z_INDEX, DISCARD_TEXT, DISCARD_TITLE } from '../../ui/hooks/useConfirmDiscard';
export const NPI_SEARCH_TITLE = 'Search Practice by NPI';
export const ADD_OWNER_PLACEHOLDER = 'Add Practice Owner';
export const PRACTICE_STORAGE_KEY = 'practice';
export const PRACTICE_PATH = '/practice';
export const PROVIDER_STORAGE_KEY = 'provider';
export const PROVIDER_PATH = '/provider';
export const ADDRESS_FILTER_HINT = 'Enter city, state code, or ZIP';
export const OWNER_RESULTS_MAX_HEIGHT = 250;
export const PRACTICE_GRID_ROW_HEIGHT = 64;
export const PROVIDERS_GRID_ROW_HEIGHT = 40;
export const { DEFAULT_ACCESS_TYPE, NEEDS_A_PRACTICE_OWNER, NEEDS_AN_OWNER, PRACTICE_OWNER, ACCESS_TYPES, derivePracticeName } = practices;

/** Zip 'xxxxx-rest' when longer than 5 characters (spec §5). */
export function formatZip(zip: string | null | undefined): string {
  const z = (zip ?? '').trim();
  if (z.length <= 5) return z;
  const digits = z.replace(/-/g, '');
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
}

/** '100 Main St, Austin, TX 78701-1234' */
export function addressLine(a: { streetAddress1?: string | null; suite?: string | null; city?: string | null; state?: string | null; zip?: string | null } | undefined): string {
  if (!a) return '';
  return [a.streetAddress1, a.suite, a.city, [a.state, formatZip(a.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

const zipRule = (v: string) => (v.trim().replace(/-/g, '').length >= 5 && /^\d{5}(-?\d{4})?$/.test(v.trim()) ? null : 'Invalid Zip');
const npiRule = (v: string) => (isValidNpi(v.trim()) ? null : INVALID_NPI);
const practiceNameRule = (v: string) => (v.trim() ? null : 'Invalid Practice Name');

/** The messages of the failing fields (create: every rule; edit: no email, phone optional). */
export function practiceErrors(values: PracticeValues, mode: 'create' | 'edit'): FormErrors<PracticeField> {
  return validate<PracticeField>(values, {
    ...(mode === 'create' ? { npi: npiRule, practiceName: practiceNameRule, email: emailRule, phone: phoneRule } : { phone: optionalPhoneRule }),
    displayName: displayNameRule,
    userName: userNameRule,
    street: streetRule,
    city: cityRule,
    state: stateRule,
    zip: zipRule,
    fax: optionalPhoneRule,
    website: websiteRule,
  });
}

/** The owners' problem, or null: at least one, and one of them a Practice Owner. */
export function ownersError(owners: readonly OwnerCard[]): string | null {
  if (!owners.length) return NEEDS_AN_OWNER;
  return owners.some((o) => o.accessType === PRACTICE_OWNER) ? null : NEEDS_A_PRACTICE_OWNER;
}

/** Create / Save is enabled only when every rule of §5 holds (user name and email not taken). */
export function canSubmit(values: PracticeValues, owners: readonly OwnerCard[], mode: 'create' | 'edit', taken: { userName: boolean; email: boolean }): boolean {
  if (Object.keys(practiceErrors(values, mode)).length) return false;
  if (taken.userName || (mode === 'create' && taken.email)) return false;
  return ownersError(owners) === null;
}

const ownerBody = (o: OwnerCard): OwnerBody => ({ id: o.id, fullName: o.fullName, npi: o.npi, accessType: o.accessType, avatarImageUrl: o.avatarImageUrl });

export function addBodyOf(v: PracticeValues, owners: readonly OwnerCard[]): AddPracticeBody {
  return {
    npi: v.npi.trim(),
    practiceName: v.practiceName.trim(),
    displayName: v.displayName.trim(),
    userName: v.userName.trim(),
    streetAddress: v.street.trim(),
    suite: v.suite.trim(),
    city: v.city.trim(),
    state: v.state.trim().toUpperCase(),
    zip: v.zip.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    fax: v.fax.trim(),
    website: v.website.trim(),
    avatarImageUrl: v.avatarImageUrl,
    bannerImageUrl: v.bannerImageUrl,
    profileDescription: v.profileDescription,
    practiceOwners: owners.map(ownerBody),
  };
}

export function updateBodyOf(practiceId: string, v: PracticeValues, owners: readonly OwnerCard[], deleted: readonly string[]): UpdatePracticeBody {
  const { npi: _npi, practiceName: _name, email: _email, avatarImageUrl: _a, bannerImageUrl: _b, ...rest } = addBodyOf(v, owners);
  return { ...rest, practiceId, deletedOwners: [...deleted] };
}

/** The edit drawer's values from the practice (opening it copies the current values). */
export function valuesOf(p: PracticeProfile): PracticeValues {
  return {
    npi: p.npi,
    practiceName: p.practiceName,
    displayName: p.displayName,
    userName: p.userName,
    street: p.mailingAddress.streetAddress1 ?? '',
    suite: p.mailingAddress.suite ?? '',
    city: p.mailingAddress.city ?? '',
    state: p.mailingAddress.state ?? '',
    zip: p.mailingAddress.zip ?? '',
    email: p.email,
    phone: formatPhone(p.phone),
    fax: formatPhone(p.fax),
    website: p.website ?? '',
    profileDescription: p.profileDescription ?? '',
    avatarImageUrl: p.avatarImageUrl ?? '',
    bannerImageUrl: p.bannerImageUrl ?? '',
  };
}

export function ownersOf(p: PracticeProfile): OwnerCard[] {
  return p.users.map((u) => ({ id: u.id, fullName: u.fullName, npi: u.npi, avatarImageUrl: u.avatarImageUrl, accessType: u.accessType }));
}

/** A user picked in 'Add Practice Owner' as a new card (Member). */
export function ownerFromSearch(u: UserSearchItem): OwnerCard {
  const fullName = [u.firstName, u.lastName].filter(Boolean).join(' ') || u.displayName || u.userName;
  return { id: u._id, fullName, npi: u.npi ?? null, avatarImageUrl: u.avatarImageUrl ?? null, accessType: DEFAULT_ACCESS_TYPE };
}

/**
 * The owners after adding one from the search (no one twice). The first owner of a practice
 * starts as Practice Owner, so a new practice can be created with the one owner the drawer adds
 * (a practice needs a Practice Owner: README spec notes); later ones start as Member (spec 001 §4).
 */
export function addOwner(owners: readonly OwnerCard[], owner: OwnerCard): OwnerCard[] {
  if (owners.some((o) => o.id === owner.id)) return [...owners];
  return [...owners, owners.length === 0 ? { ...owner, accessType: 'Practice Owner' } : owner];
}

/** 'Last, First (NPI n)' or '… NPI n/a' as the owner search lists people. */
export function searchLabel(u: UserSearchItem): string {
  const name = [u.lastName, u.firstName].filter(Boolean).join(', ') || u.displayName || u.userName;
  return `${name} (${u.npi ? `NPI ${u.npi}` : 'NPI n/a'})`;
}

/**
 * Picking a registry organisation prefills the drawer: derived name, mailing address (the second
 * address: its first line is the street, its second the suite, as the facility drawer splits
 * them), phone, fax, email (the first endpoint when it is one). Every prefilled field is set,
 * empty where this organisation has no value, so nothing of an organisation picked before stays.
 */
export function prefillFromRegistry(r: RegistryResult): Partial<PracticeValues> {
  const organisation = r.basic.organization_name || '';
  const name = derivePracticeName(organisation);
  const mailing = r.addresses[1] ?? r.addresses[0];
  const endpoint = r.endpoints[0]?.endpoint ?? '';
  return {
    npi: r.number,
    practiceName: name,
    displayName: name.slice(0, 40),
    street: (mailing?.address_1 ?? '').trim(),
    suite: (mailing?.address_2 ?? '').trim(),
    city: mailing?.city ?? '',
    state: mailing?.state ?? '',
    zip: mailing?.postal_code ?? '',
    // Registry numbers that are not valid US numbers are left for the user to type.
    phone: isValidUsPhone(mailing?.telephone_number ?? '') ? formatPhone(mailing!.telephone_number) : '',
    fax: isValidUsPhone(mailing?.fax_number ?? '') ? formatPhone(mailing!.fax_number) : '',
    email: isValidEmail(endpoint.replace(/^mailto:/i, '')) ? endpoint.replace(/^mailto:/i, '') : '',
  };
}

/** The master admin, or one of the practice's Practice Owners and Practice Managers. */
export function canEditPractice(p: Pick<PracticeProfile, 'users'>, me: { _id: string; isMasterAdmin: boolean } | null): boolean {
  if (!me) return false;
  if (me.isMasterAdmin) return true;
  return p.users.some((u) => u.id === me._id && (u.accessType === 'Practice Owner' || u.accessType === 'Practice Manager'));
}

/** The stored practice value: '<id>/<npi>' (the part after the first slash is the NPI). */
export function storePractice(p: { _id: string; npi: string }, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(PRACTICE_STORAGE_KEY, `${p._id}/${p.npi}`);
}

/** The NPI of the stored practice: after the first slash, or a stored row's npi (JSON), or null. */
export function storedPracticeNpi(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  const raw = storage.getItem(PRACTICE_STORAGE_KEY);
  if (!raw) return null;
  if (raw.trim().startsWith('{')) {
    try {
      const row = JSON.parse(raw) as { npi?: unknown };
      return typeof row.npi === 'string' && row.npi ? row.npi : null;
    } catch {
      return null;
    }
  }
  const slash = raw.indexOf('/');
  const npi = (slash >= 0 ? raw.slice(slash + 1) : raw).trim();
  return npi || null;
}
