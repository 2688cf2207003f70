import { fileExclusion, matchExclusion, nameKey, type ExclusionCandidate, type ScreenedProvider } from './exclusion-match';

const provider: ScreenedProvider = { npi: '1234567893', firstName: 'Mary-Ann', lastName: "O'Brien", state: 'NY' };
const row = (over: Partial<ExclusionCandidate>): ExclusionCandidate => ({ npi: null, lastName: 'OBRIEN', firstName: 'MARYANN', state: 'NY', dob: null, reinDate: null, ...over });

describe('exclusion matching (OIG LEIE)', () => {
  it('an NPI match is Excluded, even with another name', () => {
    expect(matchExclusion(provider, row({ npi: '1234567893', lastName: 'SMITH', firstName: 'JOHN', state: 'CA' }))).toBe('Excluded');
  });

  it('the same last and first name and state without an NPI is a Possible match (case, accents, punctuation aside)', () => {
    expect(matchExclusion(provider, row({}))).toBe('Possible match');
    expect(matchExclusion({ ...provider, lastName: 'Müller', firstName: 'José' }, row({ lastName: 'MULLER', firstName: 'JOSE' }))).toBe('Possible match');
  });

  it('a name match in another state is no match', () => {
    expect(matchExclusion(provider, row({ state: 'NJ' }))).toBeNull();
  });

  it('where both have a date of birth it decides instead of the state', () => {
    expect(matchExclusion({ ...provider, dob: '1970-01-02' }, row({ state: 'NJ', dob: '1970-01-02' }))).toBe('Possible match');
    expect(matchExclusion({ ...provider, dob: '1970-01-02' }, row({ dob: '1971-05-05' }))).toBeNull();
    expect(matchExclusion({ ...provider, dob: '1970-01-02' }, row({ dob: null }))).toBe('Possible match');
  });

  it('a row carrying another NPI is another person', () => {
    expect(matchExclusion(provider, row({ npi: '1999999992' }))).toBeNull();
    expect(matchExclusion({ ...provider, npi: null }, row({ npi: '1999999992' }))).toBe('Possible match');
  });

  it('reinstated rows never match', () => {
    expect(matchExclusion(provider, row({ npi: '1234567893', reinDate: '2026-11-05' }))).toBeNull();
    expect(matchExclusion(provider, row({ reinDate: '2026-11-05' }))).toBeNull();
  });

  it('entity rows (BUSNAME only) match by NPI only', () => {
    const entity = row({ lastName: null, firstName: null });
    expect(matchExclusion(provider, entity)).toBeNull();
    expect(matchExclusion(provider, { ...entity, npi: '1234567893' })).toBe('Excluded');
    expect(matchExclusion({ ...provider, lastName: null, firstName: null }, entity)).toBeNull();
  });

  it('name keys keep letters only', () => {
    expect(nameKey(' de la Cruz-Ñúñez ')).toBe('DELACRUZNUNEZ');
    expect(nameKey(null)).toBe('');
  });

  it("the file's finding: Excluded over Confirmed over Possible match; resolved and cleared matches count for nothing", () => {
    expect(fileExclusion([])).toBeNull();
    expect(fileExclusion([{ kind: 'Possible match', status: 'Open' }])).toBe('Possible match');
    expect(fileExclusion([{ kind: 'Possible match', status: 'Open' }, { kind: 'Possible match', status: 'Confirmed' }])).toBe('Confirmed');
    expect(fileExclusion([{ kind: 'Possible match', status: 'Confirmed' }, { kind: 'Excluded', status: 'Open' }])).toBe('Excluded');
    expect(fileExclusion([{ kind: 'Possible match', status: 'Not the same person' }, { kind: 'Excluded', status: 'Cleared' }])).toBeNull();
  });
});
