import { MESSAGES } from '@app/validation';
import type { RegistryResult } from '../api/practicesApi';
import {
  addBodyOf,
  addOwner,
  canEditPractice,
  canSubmit,
  EMPTY_PRACTICE_VALUES,
  formatZip,
  NEEDS_A_PRACTICE_OWNER,
  NEEDS_AN_OWNER,
  type OwnerCard,
  ownersError,
  practiceErrors,
  type PracticeValues,
  prefillFromRegistry,
  storedPracticeNpi,
  storePractice,
  updateBodyOf,
  valuesOf,
} from './practiceForm';

const valid: PracticeValues = {
  ...EMPTY_PRACTICE_VALUES,
  npi: '1234567893',
  practiceName: 'Sunrise Family Medicine',
  displayName: 'Sunrise',
  userName: 'sunrise',
  street: '100 Main Street',
  city: 'Austin',
  state: 'tx',
  zip: '78701',
  email: 'office@sunrise.test',
  phone: '(512) 555-0100',
};
const owner: OwnerCard = { id: '11111111-1111-4111-8111-111111111111', fullName: 'Ann Lee', npi: null, avatarImageUrl: null, accessType: 'Practice Owner' };
const member: OwnerCard = { ...owner, id: '22222222-2222-4222-8222-222222222222', accessType: 'Member' };

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) } as Storage;
}

describe('practice form (spec practices §5)', () => {
  it('accepts a valid practice with a Practice Owner', () => {
    expect(practiceErrors(valid, 'create')).toEqual({});
    expect(canSubmit(valid, [owner, member], 'create', { userName: false, email: false })).toBe(true);
  });

  it('names every broken rule with its message', () => {
    const bad = { ...valid, npi: '1234567890', displayName: 'S', userName: 'a b', street: 'Main', city: 'A', state: 'TEX', zip: '7870', email: 'x', phone: '12' };
    expect(practiceErrors(bad, 'create')).toEqual({
      npi: 'Invalid NPI',
      displayName: MESSAGES.invalidDisplayName,
      userName: MESSAGES.invalidUserName,
      street: 'Invalid Street',
      city: 'Invalid City',
      state: 'Invalid State',
      zip: 'Invalid Zip',
      email: MESSAGES.invalidEmail,
      phone: MESSAGES.invalidPhone,
    });
  });

  it('edit skips the email and phone checks', () => {
    expect(practiceErrors({ ...valid, email: '', phone: '' }, 'edit')).toEqual({});
  });

  it('needs an owner, one of them a Practice Owner; a taken user name or email blocks', () => {
    expect(ownersError([])).toBe(NEEDS_AN_OWNER);
    expect(ownersError([member])).toBe(NEEDS_A_PRACTICE_OWNER);
    expect(canSubmit(valid, [member], 'create', { userName: false, email: false })).toBe(false);
    expect(canSubmit(valid, [owner], 'create', { userName: true, email: false })).toBe(false);
    expect(canSubmit(valid, [owner], 'create', { userName: false, email: true })).toBe(false);
    expect(canSubmit(valid, [owner], 'edit', { userName: false, email: true })).toBe(true);
  });

  it('builds the create and update payloads of spec §3', () => {
    const body = addBodyOf(valid, [owner]);
    expect(body).toMatchObject({ npi: valid.npi, streetAddress: '100 Main Street', state: 'TX', practiceOwners: [{ id: owner.id, accessType: 'Practice Owner', fullName: 'Ann Lee' }] });
    const update = updateBodyOf('p1', valid, [owner], [member.id]);
    expect(update).toMatchObject({ practiceId: 'p1', deletedOwners: [member.id], displayName: 'Sunrise' });
    expect(update).not.toHaveProperty('email');
    expect(update).not.toHaveProperty('npi');
  });
});

describe('phones in the practice form', () => {
  it('shows the stored E.164 phone and fax as xxx-xxx-xxxx when editing', () => {
    const values = valuesOf({ npi: '1234567893', practiceName: 'P', displayName: 'P', userName: 'p', email: 'p@x.test', mailingAddress: {}, phone: '+12025550177', fax: '+12025550178' } as unknown as Parameters<typeof valuesOf>[0]);
    expect([values.phone, values.fax]).toEqual(['202-555-0177', '202-555-0178']);
  });
});

describe('adding owners', () => {
  it('makes the first owner added a Practice Owner, so the drawer can create the practice with it', () => {
    const first = addOwner([], { ...member });
    expect(first).toEqual([{ ...member, accessType: 'Practice Owner' }]);
    expect(canSubmit(valid, first, 'create', { userName: false, email: false })).toBe(true);
  });

  it('adds later owners as Member and nobody twice', () => {
    const two = addOwner([owner], { ...member, id: 'x' });
    expect(two.map((o) => o.accessType)).toEqual(['Practice Owner', 'Member']);
    expect(addOwner(two, owner)).toEqual(two);
  });
});

describe('who edits a practice', () => {
  it('the master admin, its Practice Owners and Practice Managers; not a Member or an outsider', () => {
    const users = [
      { id: 'o', user: 'o', fullName: 'O', accessType: 'Practice Owner' as const, npi: null, avatarImageUrl: null },
      { id: 'm', user: 'm', fullName: 'M', accessType: 'Practice Manager' as const, npi: null, avatarImageUrl: null },
      { id: 'x', user: 'x', fullName: 'X', accessType: 'Member' as const, npi: null, avatarImageUrl: null },
    ];
    expect(canEditPractice({ users }, { _id: 'admin', isMasterAdmin: true })).toBe(true);
    expect(canEditPractice({ users }, { _id: 'o', isMasterAdmin: false })).toBe(true);
    expect(canEditPractice({ users }, { _id: 'm', isMasterAdmin: false })).toBe(true);
    expect(canEditPractice({ users }, { _id: 'x', isMasterAdmin: false })).toBe(false);
    expect(canEditPractice({ users }, { _id: 'nobody', isMasterAdmin: false })).toBe(false);
    expect(canEditPractice({ users }, null)).toBe(false);
  });
});

describe('practice display and storage', () => {
  it('shows a zip longer than 5 characters as 5 digits, a dash, the rest', () => {
    expect(formatZip('78701')).toBe('78701');
    expect(formatZip('787011234')).toBe('78701-1234');
    expect(formatZip('78701-1234')).toBe('78701-1234');
    expect(formatZip(null)).toBe('');
  });

  it('keeps the practice as <id>/<npi>; the NPI is the part after the first slash (a stored row works too)', () => {
    const storage = memoryStorage();
    storePractice({ _id: 'abc', npi: '1234567893' }, storage);
    expect(storage.getItem('practice')).toBe('abc/1234567893');
    expect(storedPracticeNpi(storage)).toBe('1234567893');
    storage.setItem('practice', JSON.stringify({ _id: 'x', npi: '1999999992' }));
    expect(storedPracticeNpi(storage)).toBe('1999999992');
    expect(storedPracticeNpi(memoryStorage())).toBeNull();
  });

  it('prefills from a registry organisation: derived name, the second (mailing) address, the first endpoint as email', () => {
    const r = {
      number: '1234567893',
      basic: { organization_name: 'SUNRISE PEDIATRICS, P.L.L.C.' },
      addresses: [
        { address_1: '1 Location Rd', address_2: '', city: 'Dallas', state: 'TX', postal_code: '75201', telephone_number: '214-555-0100', fax_number: '' },
        { address_1: '9 Mailing Ave', address_2: 'Suite 4', city: 'Austin', state: 'TX', postal_code: '787011234', telephone_number: '512-555-0100', fax_number: '512-555-0101' },
      ],
      endpoints: [{ endpoint: 'office@sunrise.test' }],
    } as unknown as RegistryResult;
    expect(prefillFromRegistry(r)).toMatchObject({
      npi: '1234567893',
      practiceName: 'Sunrise Pediatrics',
      displayName: 'Sunrise Pediatrics',
      street: '9 Mailing Ave',
      suite: 'Suite 4',
      city: 'Austin',
      zip: '787011234',
      phone: '512-555-0100',
      email: 'office@sunrise.test',
    });
  });

  it('clears what an organisation picked before had and the next one has not (email, suite)', () => {
    const second = {
      number: '1234567893',
      basic: { organization_name: 'NORTHSIDE CLINIC LLC' },
      addresses: [{ address_1: '5 Only Rd', address_2: '', city: 'Waco', state: 'TX', postal_code: '76701', telephone_number: '', fax_number: '' }],
      endpoints: [],
    } as unknown as RegistryResult;
    expect(prefillFromRegistry(second)).toMatchObject({ street: '5 Only Rd', suite: '', email: '', phone: '', fax: '' });
  });
});
