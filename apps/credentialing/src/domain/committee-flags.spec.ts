import type { credentialing } from '@app/contracts';
import { FLAG_RULES, flagsOf, routeOf, type FlagInput } from './committee-flags';
import type { CredentialFields } from './credentialing-file.events';
import type { Verification } from './open-items';

const today = '2026-06-01';
const licence: CredentialFields = { kind: 'stateLicense', state: 'TX', number: 'Q1234', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2028-06-01', documents: [] };
const board: CredentialFields = { kind: 'boardCertification', board: 'ABIM', specialty: 'Internal Medicine', status: 'Certified', issuedOn: '2016-01-01', expiresOn: '2030-01-01', documents: [] };
const job = (employer: string, startedOn: string, endedOn?: string, gapExplanation?: string): CredentialFields => ({
  kind: 'workHistory',
  employer,
  startedOn,
  ...(endedOn ? { endedOn } : {}),
  ...(gapExplanation ? { gapExplanation } : {}),
  documents: [],
});
const attestation: NonNullable<FlagInput['attestation']> = {
  unableToPerformEssentialFunctions: false,
  illegalDrugUse: false,
  lossOfLicenseOrFelony: false,
  limitationsOrDisciplinaryActions: false,
  currentMalpracticeCoverage: true,
  signature: 'Ann Provider',
  signedOn: '2026-05-01',
};
const verification = (over: Partial<Verification>): Verification => ({
  providerId: 'p',
  cycleId: 'c',
  verificationId: 'v1',
  credentialId: 'lic',
  source: 'State board',
  method: 'manual',
  result: 'Verified',
  verifiedOn: '2026-05-01',
  note: null,
  evidence: null,
  discrepancies: [],
  at: '2026-05-01T10:00:00.000Z',
  by: 'staff',
  ...over,
});
const clean: FlagInput = {
  credentials: [
    { credentialId: 'lic', credential: licence },
    { credentialId: 'board', credential: board },
    { credentialId: 'job', credential: job('Albany Clinic', '2012-07-01') },
  ],
  verifications: [verification({})],
  attestation,
  exclusion: null,
};
const codes = (flags: credentialing.FileFlag[]) => flags.map((f) => f.code);

describe('the flags of a submitted file', () => {
  it('finds none on a clean file, which routes clean', () => {
    expect(flagsOf(clean, today)).toEqual([]);
    expect(routeOf(flagsOf(clean, today))).toBe('clean');
  });

  it('flags an unfavourable attestation answer, linking to the attestation', () => {
    const flags = flagsOf({ ...clean, attestation: { ...attestation, limitationsOrDisciplinaryActions: true, explanation: 'Proctored 2019' } }, today);
    expect(flags).toEqual([{ code: 'unfavourable-attestation', message: expect.stringContaining('disciplinary actions'), item: { kind: 'attestation' } }]);
    expect(routeOf(flags)).toBe('flagged');
    expect(codes(flagsOf({ ...clean, attestation: { ...attestation, currentMalpracticeCoverage: false } }, today))).toEqual(['unfavourable-attestation']);
  });

  it('flags every discrepancy at a source, linking to its verification (the exclusion screening has its own flag)', () => {
    const flags = flagsOf(
      {
        ...clean,
        verifications: [
          verification({ verificationId: 'v2', result: 'Discrepancy', discrepancies: [{ field: 'number', file: 'Q1234', source: 'Q1235' }] }),
          verification({ verificationId: 'v3', credentialId: null, source: 'OIG LEIE', result: 'Discrepancy' }),
        ],
      },
      today,
    );
    expect(flags).toEqual([{ code: 'discrepancy', message: 'Discrepancy at State board for State licence TX Q1234: number', item: { kind: 'verification', verificationId: 'v2' } }]);
  });

  it('flags a possible or confirmed exclusion', () => {
    expect(flagsOf({ ...clean, exclusion: 'Possible match' }, today)).toEqual([{ code: 'exclusion', message: 'Exclusion list (OIG LEIE): Possible match', item: { kind: 'exclusion' } }]);
    expect(codes(flagsOf({ ...clean, exclusion: 'Excluded' }, today))).toEqual(['exclusion']);
  });

  it('flags a work gap over a year (between jobs or up to today), not a shorter one', () => {
    const jobs = (list: CredentialFields[]): FlagInput => ({ ...clean, credentials: list.map((credential, i) => ({ credentialId: `j${i}`, credential })) });
    const gap = flagsOf(jobs([job('A', '2012-01-01', '2018-01-01'), job('B', '2019-03-01', undefined, 'Family leave')]), today);
    expect(gap).toEqual([{ code: 'work-gap', message: expect.stringMatching(/^Work gap over 1 year: 424 days before Work history B \(explained: Family leave\)$/), item: { kind: 'credential', credentialId: 'j1' } }]);
    expect(flagsOf(jobs([job('A', '2012-01-01', '2018-01-01'), job('B', '2018-10-01')]), today)).toEqual([]);
    expect(codes(flagsOf(jobs([job('A', '2012-01-01', '2025-01-01')]), today))).toEqual(['work-gap']);
    // Overlapping jobs cover each other.
    expect(flagsOf(jobs([job('A', '2012-01-01'), job('B', '2014-01-01', '2015-01-01'), job('C', '2020-01-01')]), today)).toEqual([]);
  });

  it('flags a licence action (suspended or revoked) and a lapsed board certification', () => {
    const flags = flagsOf(
      {
        ...clean,
        credentials: [
          { credentialId: 'lic', credential: { ...licence, status: 'Suspended' } },
          { credentialId: 'board', credential: { ...board, expiresOn: '2026-05-31' } },
        ],
      },
      today,
    );
    expect(flags).toEqual([
      { code: 'licence-action', message: 'Licence action: State licence TX Q1234 is Suspended', item: { kind: 'credential', credentialId: 'lic' } },
      { code: 'board-lapsed', message: 'Board certification lapsed: Board certification ABIM (Internal Medicine) expired on 2026-05-31', item: { kind: 'credential', credentialId: 'board' } },
    ]);
    expect(codes(flagsOf({ ...clean, credentials: [{ credentialId: 'board', credential: { ...board, status: 'Revoked' } }] }, today))).toEqual(['board-lapsed']);
  });

  it('has one rule per flag whose data exists (malpractice claims wait for the claims history)', () => {
    expect(Object.keys(FLAG_RULES).sort()).toEqual(['board-lapsed', 'discrepancy', 'exclusion', 'licence-action', 'unfavourable-attestation', 'work-gap']);
  });
});
