import { credentialProblems } from './credentials';

const TODAY = '2026-06-15';
const licence = { kind: 'stateLicense', state: 'NY', number: '123456', issuedOn: '2020-01-01', expiresOn: '2028-01-01' };
const dea = { kind: 'dea', state: 'NY', number: 'AB1234563', issuedOn: '2024-01-01', expiresOn: '2027-01-01' };
const fields = (c: Parameters<typeof credentialProblems>[0]) => credentialProblems(c, TODAY).map((p) => p.field);

describe('credential rules', () => {
  it('takes a licence and a DEA registration that meet every rule', () => {
    expect(credentialProblems(licence, TODAY)).toEqual([]);
    expect(credentialProblems(dea, TODAY)).toEqual([]);
  });

  it('names the field of each refusal', () => {
    expect(credentialProblems({ ...licence, issuedOn: '2030-01-01', expiresOn: '2032-01-01' }, TODAY)).toEqual([{ field: 'issuedOn', message: 'issuedOn: cannot be in the future' }]);
    expect(fields({ ...licence, issuedOn: '1899-06-01' })).toEqual(['issuedOn', 'expiresOn']);
    expect(credentialProblems({ ...licence, expiresOn: '2035-01-02' }, TODAY)).toEqual([{ field: 'expiresOn', message: 'expiresOn: at most 15 years after issuedOn' }]);
    expect(credentialProblems({ ...licence, state: 'ZZ' }, TODAY)).toEqual([{ field: 'state', message: 'state: a US state, DC or territory (two-letter code)' }]);
    expect(fields({ ...dea, number: 'AB1234567' })).toEqual(['number']);
    expect(fields({ ...dea, state: 'AE' })).toEqual(['state']);
  });

  it('applies the issue and expiry rules to certifications and policies, an optional expiry included', () => {
    expect(fields({ kind: 'boardCertification', issuedOn: '2027-01-01' })).toEqual(['issuedOn']);
    expect(fields({ kind: 'boardCertification', issuedOn: '2000-01-01', expiresOn: '2020-01-01' })).toEqual(['expiresOn']);
    expect(fields({ kind: 'boardCertification', issuedOn: '2000-01-01' })).toEqual([]);
    expect(fields({ kind: 'malpractice', issuedOn: '2026-01-01', expiresOn: '2025-12-31' })).toEqual(['expiresOn']);
  });

  it('refuses work history starting in the future or ending before it starts', () => {
    expect(fields({ kind: 'workHistory', startedOn: '2026-07-01' })).toEqual(['startedOn']);
    expect(fields({ kind: 'workHistory', startedOn: '2020-07-01', endedOn: '2020-06-30' })).toEqual(['endedOn']);
    expect(fields({ kind: 'workHistory', startedOn: '1899-07-01', endedOn: '1950-06-30' })).toEqual(['startedOn']);
    expect(fields({ kind: 'workHistory', startedOn: '2020-07-01' })).toEqual([]);
  });

  it('refuses education completed in the future or before it started', () => {
    expect(fields({ kind: 'education', issuedOn: '2027-05-01' })).toEqual(['issuedOn']);
    expect(fields({ kind: 'education', startedOn: '2010-09-01', issuedOn: '2010-05-01' })).toEqual(['issuedOn']);
    expect(fields({ kind: 'education', startedOn: '2010-09-01', issuedOn: '2014-05-01' })).toEqual([]);
  });

  it('names fields with the caller\'s labels', () => {
    const label = (f: string) => ({ issuedOn: 'Issue Date', expiresOn: 'Expiration Date' })[f] ?? f;
    expect(credentialProblems({ ...licence, expiresOn: '2040-01-01' }, TODAY, label)).toEqual([{ field: 'expiresOn', message: 'Expiration Date: at most 15 years after Issue Date' }]);
  });
});
