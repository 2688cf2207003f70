import { act } from '@testing-library/react';
import { restoreFetch } from '../../../testing/renderWithApp';
import type { FileView } from '../api/credentialingApi';

export const PROVIDER_ID = '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a01';
export const STAFF_ID = '0b5a7f1e-8d1c-4f7e-9d55-4d2f1d1c0a09';
export const TODAY = '2026-11-26';

const staffCan = { edit: true, verify: true, attest: false, submit: true, decide: false, start: false };

/** A file in Verification: a licence expiring in 20 days (verified, with a PDF), an expired DEA, malpractice expiring in 60 days, the NPPES check, no attestation. */
export function fileFixture(over: Partial<FileView> = {}): FileView {
  return {
    providerId: PROVIDER_ID,
    provider: { name: 'Müller-Åström, José', npi: '1000000019' },
    cycle: 1,
    cycleId: 'c1',
    status: 'Verification',
    startedOn: '2026-11-01',
    application: { hasDea: true, hasBoardCertification: false },
    credentials: [
      { kind: 'stateLicense', credentialId: 'l1', state: 'NY', number: 'Z999999', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2026-12-16', documents: ['/api/files/abc.pdf'], addedOn: '2026-11-02', changedAt: '2026-11-02T10:00:00Z' },
      { kind: 'dea', credentialId: 'd1', number: 'AB1234563', schedules: ['2', '3'], state: 'NY', issuedOn: '2020-01-01', expiresOn: '2026-11-01', documents: [], addedOn: '2026-11-02', changedAt: '2026-11-02T10:00:00Z' },
      { kind: 'malpractice', credentialId: 'm1', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: 1000000, aggregateCoverage: 3000000, issuedOn: '2026-01-01', expiresOn: '2027-01-25', documents: [], addedOn: '2026-11-02', changedAt: '2026-11-02T10:00:00Z' },
    ],
    verifications: [
      { verificationId: 'v1', credentialId: 'l1', source: 'State board', method: 'manual', result: 'Verified', verifiedOn: '2026-11-20', verifiedBy: STAFF_ID, note: 'Board site', evidence: { kind: 'document', fileUrl: '/api/files/ev1.pdf', fileName: 'board.pdf' }, discrepancies: [] },
      {
        verificationId: 'v2',
        credentialId: null,
        source: 'NPPES',
        method: 'automatic',
        result: 'Discrepancy',
        verifiedOn: '2026-11-21',
        verifiedBy: STAFF_ID,
        note: null,
        evidence: { kind: 'snapshot', source: 'NPPES', snapshot: { npi: '1000000019', firstName: 'JOSE', deactivated: false, licenses: [{ state: 'NY', number: 'Z1' }] } },
        discrepancies: [{ field: 'stateLicense NY Z999999', file: 'NY Z999999', source: 'NY Z1' }],
      },
    ],
    attestation: null,
    openItems: [
      { code: 'missing-education', message: 'Education and training is required' },
      { code: 'verification-expired', message: 'Malpractice: verification of 2026-07-01 is 148 days old (at most 120)', credentialId: 'm1' },
      { code: 'attestation-missing', message: 'The provider has not signed the attestation' },
    ],
    decision: null,
    recredentialingDueOn: null,
    history: [
      { from: null, to: 'Not Started', at: '2026-11-01T09:00:00Z', by: STAFF_ID, why: 'Initial credentialing' },
      { from: 'Not Started', to: 'Application', at: '2026-11-02T10:00:00Z', by: STAFF_ID, why: 'Credential added' },
    ],
    people: { [STAFF_ID]: 'Casey Credentialer', [PROVIDER_ID]: 'José Müller-Åström' },
    can: staffCan,
    ...over,
  };
}

/** Jest's fake timers with the clock at noon of `day` (user-event advances them), console warnings muted, the fake gateway removed after each test. */
export function useFakeDay(day: string): void {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], now: new Date(`${day}T12:00:00Z`) });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => jest.runOnlyPendingTimers());
    jest.useRealTimers();
    jest.restoreAllMocks();
    restoreFetch();
  });
}
