import { checkLicence, licenceKey, rosterNote, type RosterEntry } from './roster-check';

const entry = (over: Partial<RosterEntry> = {}): RosterEntry => ({
  state: 'TX',
  licenceNumber: 'Q-1234',
  lastName: 'ROE',
  firstName: 'JANE',
  licenceType: 'MD',
  status: 'ACTIVE',
  active: true,
  issuedOn: '2015-01-01',
  expiresOn: '2027-08-31',
  disciplined: false,
  ...over,
});
const licence = { state: 'TX', number: 'Q1234', expiresOn: '2027-08-31' };

describe('a licence against its state board roster', () => {
  it('is Verified when active, with the same expiry and no discipline', () => {
    expect(checkLicence(licence, entry())).toEqual({ result: 'Verified', discrepancies: [] });
  });
  it('is a Discrepancy naming a status other than active, an expiry mismatch and a discipline flag', () => {
    const c = checkLicence(licence, entry({ status: 'EXPIRED', active: false, expiresOn: '2025-08-31', disciplined: true }));
    expect(c.result).toBe('Discrepancy');
    expect(c.discrepancies).toEqual([
      { field: 'State licence TX Q1234: status', file: 'Active', source: 'EXPIRED' },
      { field: 'State licence TX Q1234: expiry', file: '2027-08-31', source: '2025-08-31' },
      { field: 'State licence TX Q1234: discipline', file: null, source: 'Board action on record' },
    ]);
    expect(rosterNote(c, { state: 'TX', file: 'tx.csv', day: '2026-12-01' })).toBe('Discrepancy with the TX board roster (tx.csv, 2026-12-01): status, expiry, discipline');
  });
  it('is Not found when the roster has no such number', () => {
    expect(checkLicence(licence, null).result).toBe('Not found');
  });
  it('compares numbers by letters and digits only', () => {
    expect(licenceKey(' q-12 34 ')).toBe('Q1234');
  });
});
