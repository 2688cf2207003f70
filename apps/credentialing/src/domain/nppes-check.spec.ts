import { checkNppes, nppesNote, type NppesRecord } from './nppes-check';
import type { StoredCredential } from './credentialing-file.decider';

const record: NppesRecord = {
  npi: '1234567893',
  firstName: 'ANN',
  lastName: 'SMITH',
  deactivated: false,
  deactivationDate: null,
  licenses: [
    { state: 'TX', number: 'Q-1234' },
    { state: 'OK', number: '5555' },
  ],
  origin: 'mirror',
};
const profile = { npi: '1234567893', firstName: 'Ann', lastName: 'Smith' };
const licence = (state: string, number: string): StoredCredential => ({
  credentialId: `c-${state}-${number}`,
  addedOn: '2026-01-01',
  changedAt: '2026-01-01T00:00:00.000Z',
  credential: { kind: 'stateLicense', state, number, licenseType: 'MD', status: 'Active', issuedOn: '2015-01-01', expiresOn: '2028-01-01', documents: [] },
});

describe('the automatic NPPES check against sample registry rows', () => {
  it('verifies an active NPI whose names match and whose licences are all in the record', () => {
    expect(checkNppes(record, profile, [licence('TX', 'Q1234'), licence('ok', '5555')])).toEqual({ result: 'Verified', discrepancies: [] });
  });

  it('a licence the record does not list is a discrepancy showing both values', () => {
    expect(checkNppes(record, profile, [licence('TX', 'Q1234'), licence('CA', 'A999')])).toEqual({
      result: 'Discrepancy',
      discrepancies: [{ field: 'stateLicense CA A999', file: 'CA A999', source: 'TX Q-1234, OK 5555', credentialId: 'c-CA-A999' }],
    });
  });

  it('a deactivated NPI is a discrepancy', () => {
    const out = checkNppes({ ...record, deactivated: true, deactivationDate: '2024-03-01' }, profile, []);
    expect(out.result).toBe('Discrepancy');
    expect(out.discrepancies).toEqual([{ field: 'npiStatus', file: 'Active', source: 'Deactivated on 2024-03-01' }]);
  });

  it('a name that differs is a discrepancy; an NPI the registry does not have is Not found', () => {
    expect(checkNppes(record, { ...profile, lastName: 'Smyth' }, []).discrepancies).toEqual([{ field: 'lastName', file: 'Smyth', source: 'SMITH' }]);
    expect(checkNppes(null, profile, [])).toEqual({ result: 'Not found', discrepancies: [{ field: 'npi', file: '1234567893', source: null }] });
  });

  it('the note says a match only for a match', () => {
    expect(nppesNote('Verified', 'sample registry', 0)).toBe('Matched against the registry (sample registry)');
    expect(nppesNote('Discrepancy', 'sample registry', 2)).toBe('Compared with the registry (sample registry): 2 differences');
    expect(nppesNote('Not found', null, 1)).toBe('The registry has no record of this NPI');
  });
});
