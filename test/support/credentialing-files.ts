/**
 * Credentialing files given as events in the provider's stream (the tests' "given"), for the
 * tests of what follows a submission (the decision, its notice, the appeal).
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { addDays } from '../../apps/credentialing/src/domain/calendar';
import type { CredentialingEvent } from '../../apps/credentialing/src/domain/credentialing-file.events';

const today = () => new Date().toISOString().slice(0, 10);

/** A file in Committee Review with every open item closed today (credentials verified at fitting sources, NPPES, OIG LEIE, attestation). */
export function reviewedFile(providerId: string, credentialId = randomUUID()): CredentialingEvent[] {
  const cycleId = randomUUID();
  const at = new Date(Date.now() - 60_000).toISOString();
  const by = providerId;
  const e = { providerId, cycleId };
  const ids = { malpractice: randomUUID(), education: randomUUID(), work: randomUUID() };
  const verified = (credentialId: string | null, source: 'State board' | 'Malpractice carrier' | 'School' | 'NPPES'): CredentialingEvent => ({
    type: 'VerificationRecorded',
    data: { ...e, verificationId: randomUUID(), credentialId, source, method: credentialId ? 'manual' : 'automatic', result: 'Verified', verifiedOn: today(), note: null, evidence: null, discrepancies: [], at, by },
  });
  return [
    { type: 'FileStarted', data: { ...e, cycle: 1, reason: 'initial', startedAt: at, startedBy: by } },
    { type: 'FileStatusChanged', data: { ...e, from: null, to: 'Not Started', at, by, why: 'Initial credentialing' } },
    { type: 'FileStatusChanged', data: { ...e, from: 'Not Started', to: 'Application', at, by, why: 'Application started' } },
    { type: 'ApplicationDeclared', data: { ...e, hasDea: false, hasBoardCertification: false, at, by } },
    {
      type: 'CredentialAdded',
      data: { ...e, credentialId, credential: { kind: 'stateLicense', state: 'NY', number: 'Z123456', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2035-06-01', documents: [] }, at, by },
    },
    {
      type: 'CredentialAdded',
      data: {
        ...e,
        credentialId: ids.malpractice,
        credential: { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: 1_000_000, aggregateCoverage: 3_000_000, issuedOn: addDays(today(), -100), expiresOn: '2035-01-01', documents: [] },
        at,
        by,
      },
    },
    { type: 'CredentialAdded', data: { ...e, credentialId: ids.education, credential: { kind: 'education', institution: 'Albany Medical College', degree: 'MD', issuedOn: '2010-05-20', documents: [] }, at, by } },
    { type: 'CredentialAdded', data: { ...e, credentialId: ids.work, credential: { kind: 'workHistory', employer: 'Albany Clinic', startedOn: '2012-07-01', documents: [] }, at, by } },
    { type: 'FileStatusChanged', data: { ...e, from: 'Application', to: 'Verification', at, by, why: 'Verification started' } },
    verified(credentialId, 'State board'),
    verified(ids.malpractice, 'Malpractice carrier'),
    verified(ids.education, 'School'),
    verified(null, 'NPPES'),
    {
      type: 'ExclusionScreened',
      data: { ...e, verificationId: randomUUID(), method: 'automatic', result: 'Verified', finding: 'None', exclusion: null, verifiedOn: today(), note: null, evidence: null, discrepancies: [], at, by },
    },
    {
      type: 'AttestationSigned',
      data: {
        ...e,
        attestation: {
          unableToPerformEssentialFunctions: false,
          illegalDrugUse: false,
          lossOfLicenseOrFelony: false,
          limitationsOrDisciplinaryActions: false,
          currentMalpracticeCoverage: true,
          signature: 'Ann Provider',
          signedOn: today(),
        },
        at,
        by,
      },
    },
    { type: 'FileStatusChanged', data: { ...e, from: 'Verification', to: 'Committee Review', at, by, why: 'Submitted to the committee' } },
  ];
}


/** Appends the events to the provider's credentialing stream (schema credentialing of the database). */
export async function givenFile(databaseUrl: string, providerId: string, events: CredentialingEvent[]): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await new PostgresEventStore(pool, { schema: 'credentialing' }).append(
      `credentialing-${providerId}`,
      events.map((ev) => ({ type: ev.type, data: ev.data, metadata: { correlationId: 'given-file' } })),
    );
  } finally {
    await pool.end();
  }
}
