import { testing } from '@app/event-store';
import { DomainError } from '@app/errors';
import type { credentialing } from '@app/contracts';
import { addMonths } from './calendar';
import { credentialingDecider, type CredentialingCommand, type FileActor } from './credentialing-file.decider';
import type { CredentialFields, CredentialingEvent } from './credentialing-file.events';
import { OpenItemsRemain } from './credentialing.errors';
import { openItems, workHistoryItems } from './open-items';
import { runCommands, stateOf } from './testing/run-commands';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(credentialingDecider);

const providerId = '11111111-1111-4111-8111-111111111111';
const cycleId = '22222222-2222-4222-8222-222222222222';
const admin: FileActor = { userId: '99999999-9999-4999-8999-999999999999', role: 'masterAdmin' };
const staff: FileActor = { userId: '33333333-3333-4333-8333-333333333333', role: 'staff' };
const provider: FileActor = { userId: providerId, role: 'provider' };
const stranger: FileActor = { userId: '44444444-4444-4444-8444-444444444444', role: 'none' };

/** The injected clock: every command names its instant. */
const at = (day: string) => new Date(`${day}T15:00:00.000Z`);
const T0 = at('2026-01-05');

const license: CredentialFields = {
  kind: 'stateLicense',
  state: 'TX',
  number: 'Q1234',
  licenseType: 'MD',
  status: 'Active',
  issuedOn: '2015-06-01',
  expiresOn: '2028-06-01',
  documents: [],
};
const malpractice: CredentialFields = {
  kind: 'malpractice',
  carrier: 'MedPro',
  policyNumber: 'P-77',
  perClaimCoverage: 1_000_000,
  aggregateCoverage: 3_000_000,
  issuedOn: '2025-07-01',
  expiresOn: '2027-07-01',
  documents: [],
};
const education: CredentialFields = { kind: 'education', institution: 'UT Southwestern', degree: 'MD', issuedOn: '2012-05-20', documents: [] };
const work: CredentialFields = { kind: 'workHistory', employer: 'Austin Clinic', startedOn: '2015-07-01', documents: [] };
const board: CredentialFields = { kind: 'boardCertification', board: 'ABIM', specialty: 'Internal Medicine', status: 'Certified', issuedOn: '2016-01-01', documents: [] };

const ids = { license: 'a0000000-0000-4000-8000-000000000001', malpractice: 'a0000000-0000-4000-8000-000000000002', education: 'a0000000-0000-4000-8000-000000000003', work: 'a0000000-0000-4000-8000-000000000004', board: 'a0000000-0000-4000-8000-000000000005' };
const attestation: credentialing.AttestationInput = {
  unableToPerformEssentialFunctions: false,
  illegalDrugUse: false,
  lossOfLicenseOrFelony: false,
  limitationsOrDisciplinaryActions: false,
  currentMalpracticeCoverage: true,
  signature: 'Ann Smith',
  signedOn: '2026-01-05',
};

const base = (actor: FileActor, now = T0) => ({ providerId, actor, now });
const start = (actor = admin, now = T0, id = cycleId): CredentialingCommand => ({ type: 'StartFile', data: { ...base(actor, now), cycleId: id } });
const add = (credentialId: string, credential: CredentialFields, actor = staff, now = T0): CredentialingCommand => ({
  type: 'AddCredential',
  data: { ...base(actor, now), credentialId, credential },
});
/** The primary source of each credential of these examples (the source must fit the kind). */
const SOURCE_OF: Record<string, credentialing.VerificationSource> = {
  [ids.license]: 'State board',
  [ids.malpractice]: 'Malpractice carrier',
  [ids.education]: 'School',
  [ids.board]: 'ABMS board',
};
const verify = (credentialId: string | null, verifiedOn: string, now = at(verifiedOn), actor = staff, result: credentialing.VerificationResult = 'Verified'): CredentialingCommand => ({
  type: 'RecordVerification',
  data: {
    ...base(actor, now),
    verificationId: `v-${credentialId ?? 'nppes'}-${verifiedOn}`,
    credentialId,
    source: credentialId ? (SOURCE_OF[credentialId] ?? 'State board') : 'NPPES',
    method: credentialId ? 'manual' : 'automatic',
    result,
    verifiedOn,
    note: null,
    evidence: credentialId ? { kind: 'document', fileUrl: '/api/files/x.pdf', fileName: 'x.pdf' } : { kind: 'snapshot', source: 'NPPES', snapshot: { npi: '1' } },
    discrepancies: [],
  },
});
const attest = (signedOn: string, now = at(signedOn)): CredentialingCommand => ({
  type: 'SignAttestation',
  data: { ...base(provider, now), attestation: { ...attestation, signedOn } },
});
const declare = (hasDea = false, hasBoardCertification = false, actor: FileActor = provider): CredentialingCommand => ({
  type: 'DeclareApplication',
  data: { ...base(actor), hasDea, hasBoardCertification },
});
const submit = (now: Date, actor = staff): CredentialingCommand => ({ type: 'SubmitFile', data: { ...base(actor, now) } });
const decideCmd = (now: Date, decision: credentialing.Decision = 'Approved', actor = admin): CredentialingCommand => ({
  type: 'DecideFile',
  data: { ...base(actor, now), decision, note: 'Committee of the month', reasons: decision === 'Denied' ? ['criteria-not-met'] : [], letterId: 'b0000000-0000-4000-8000-000000000001' },
});

/** Runs commands from nothing and returns every event (each decided against the state so far). */
const history = runCommands;

/** A complete file: everything verified on `verifiedOn`, attested on `attestedOn`. */
function completeFile(verifiedOn = '2026-01-05', attestedOn = '2026-01-05') {
  return history([
    start(),
    declare(),
    add(ids.license, license),
    add(ids.malpractice, malpractice),
    add(ids.education, education),
    add(ids.work, work),
    verify(ids.license, verifiedOn, at('2026-01-05')),
    verify(ids.malpractice, verifiedOn, at('2026-01-05')),
    verify(ids.education, verifiedOn, at('2026-01-05')),
    verify(null, verifiedOn, at('2026-01-05')),
    attest(attestedOn, at('2026-01-05')),
  ]);
}
const submitted = (verifiedOn?: string, attestedOn?: string) => history([submit(T0)], completeFile(verifiedOn, attestedOn));
const codes = (e: DomainError) => (e as OpenItemsRemain).items.map((i) => i.code);

describe('credentialing file: the cycle and its statuses', () => {
  it('starting a file opens cycle 1 in Not Started, with who, when and why', () => {
    spec
      .given([])
      .when(start(staff))
      .then([
        { type: 'FileStarted', data: { providerId, cycleId, cycle: 1, reason: 'initial', startedAt: T0.toISOString(), startedBy: staff.userId } },
        { type: 'FileStatusChanged', data: { providerId, cycleId, from: null, to: 'Not Started', at: T0.toISOString(), by: staff.userId, why: 'Initial credentialing' } },
      ]);
  });

  it('refuses a second cycle while one is open (409)', () => {
    spec.given(history([start()])).when(start()).thenThrows(DomainError, (e) => e.kind === 'conflict');
  });

  it('moves Not Started → Application on the first change, → Verification on the first verification, → Committee Review on submit', () => {
    const events = history([start(), add(ids.license, license)]);
    expect(stateOf(events).current?.status).toBe('Application');
    expect(stateOf(history([verify(ids.license, '2026-01-05')], events)).current?.status).toBe('Verification');
    expect(stateOf(submitted()).current?.status).toBe('Committee Review');
    expect(stateOf(submitted()).current?.history.map((h) => h.to)).toEqual(['Not Started', 'Application', 'Verification', 'Committee Review']);
  });

  it('a command on a provider without a file is a 404', () => {
    spec.given([]).when(add(ids.license, license)).thenThrows(DomainError, (e) => e.kind === 'not_found');
  });

  it('a file in Committee Review can no longer be edited (409)', () => {
    spec.given(submitted()).when(add(ids.board, board)).thenThrows(DomainError, (e) => e.kind === 'conflict');
  });
});

describe('credentials of the six kinds', () => {
  it('adds, updates and removes a credential; the kind of a credential stays', () => {
    const events = history([start(), add(ids.license, license)]);
    spec
      .given(events)
      .when({ type: 'UpdateCredential', data: { ...base(staff), credentialId: ids.license, credential: { ...license, number: 'Q9999' } } })
      .then((out) => expect(out).toEqual([expect.objectContaining({ type: 'CredentialUpdated' })]));
    spec
      .given(events)
      .when({ type: 'UpdateCredential', data: { ...base(staff), credentialId: ids.license, credential: malpractice } })
      .thenThrows(DomainError, (e) => e.kind === 'validation' && e.field === 'kind');
    spec.given(events).when({ type: 'RemoveCredential', data: { ...base(staff), credentialId: ids.license } }).then([
      { type: 'CredentialRemoved', data: { providerId, cycleId, credentialId: ids.license, at: T0.toISOString(), by: staff.userId } },
    ]);
    spec
      .given(events)
      .when({ type: 'RemoveCredential', data: { ...base(staff), credentialId: ids.board } })
      .thenThrows(DomainError, (e) => e.kind === 'not_found');
  });

  it('a changed credential needs a new verification', () => {
    const events = completeFile();
    const changed = history([{ type: 'UpdateCredential', data: { ...base(staff, at('2026-01-06')), credentialId: ids.license, credential: { ...license, number: 'Q9999' } } }], events);
    const items = openItems(stateOf(changed).current!, '2026-01-06');
    expect(items).toEqual([expect.objectContaining({ code: 'verification-missing', credentialId: ids.license })]);
  });
});

describe('open items are computed', () => {
  it('a new file lists every missing required credential, verification and the attestation', () => {
    const c = stateOf(history([start()])).current!;
    expect(openItems(c, '2026-01-05').map((i) => i.code)).toEqual([
      'application-unanswered',
      'missing-state-license',
      'missing-malpractice',
      'missing-education',
      'missing-work-history',
      'verification-missing',
      'attestation-missing',
    ]);
  });

  it('a complete file has none', () => {
    expect(openItems(stateOf(completeFile()).current!, '2026-01-05')).toEqual([]);
  });

  it('an expired or inactive licence does not count as the active state licence', () => {
    const events = history([start(), add(ids.license, { ...license, expiresOn: '2026-01-04' })]);
    expect(openItems(stateOf(events).current!, '2026-01-05').map((i) => i.code)).toContain('missing-state-license');
    const inactive = history([start(), add(ids.license, { ...license, status: 'Inactive' })]);
    expect(openItems(stateOf(inactive).current!, '2026-01-05').map((i) => i.code)).toContain('missing-state-license');
  });

  it('DEA and board certification are required when the application declares them', () => {
    const events = history([declare(true, true)], completeFile());
    expect(openItems(stateOf(events).current!, '2026-01-05').map((i) => i.code)).toEqual(['missing-dea', 'missing-board-certification']);
  });

  it('a discrepancy is an open item until verified again', () => {
    const events = history([verify(ids.license, '2026-01-05', at('2026-01-05'), staff, 'Discrepancy')], completeFile('2026-01-04'));
    expect(openItems(stateOf(events).current!, '2026-01-05').map((i) => i.code)).toEqual(['verification-not-verified']);
  });

  it('work history: 5 years, gaps over 6 months need an explanation', () => {
    const today = '2026-01-05';
    type Work = Extract<CredentialFields, { kind: 'workHistory' }>;
    const job = work as Work;
    expect(workHistoryItems([{ ...job, startedOn: '2022-01-01' }], today).map((i) => i.code)).toEqual(['work-history-short']);
    expect(workHistoryItems([{ ...job, startedOn: '2022-01-01', gapExplanation: 'Residency' }], today)).toEqual([]);
    const a: Work = { ...job, employer: 'A', startedOn: '2019-01-01', endedOn: '2022-01-01' };
    const b: Work = { ...a, employer: 'B', startedOn: '2022-07-01', endedOn: undefined };
    const c = { ...b, startedOn: '2022-07-02' };
    expect(workHistoryItems([a, b], today)).toEqual([]); // exactly six months
    expect(workHistoryItems([a, c], today).map((i) => i.code)).toEqual(['work-gap']);
    expect(workHistoryItems([a, { ...c, gapExplanation: 'Parental leave' }], today)).toEqual([]);
    expect(workHistoryItems([{ ...a, endedOn: '2025-06-01' }], today).map((i) => i.code)).toEqual(['work-gap']);
  });
});

describe('the 120-day and 365-day windows (injected clock)', () => {
  it('submits with verifications 120 days old, refuses at 121 naming the items (409)', () => {
    // Verified 2025-09-07: 120 days before 2026-01-05.
    spec.given(completeFile('2025-09-07')).when(submit(T0)).then((out) => expect(out.map((e) => e.type)).toEqual(['FileStatusChanged', 'FileRoutedToCommittee']));
    spec
      .given(completeFile('2025-09-06'))
      .when(submit(T0))
      .thenThrows(DomainError, (e) => {
        expect(e.kind).toBe('conflict');
        expect(codes(e)).toEqual(['verification-expired', 'verification-expired', 'verification-expired', 'verification-expired']);
        expect(e.message).toContain('State licence TX Q1234: verification of 2025-09-06 is 121 days old (at most 120)');
        expect(e.message).toContain('NPPES check');
        return true;
      });
  });

  it('an attestation holds 120 days (re-attestation as CAQH): 120 days old is accepted, 121 has lapsed', () => {
    spec.given(completeFile('2026-01-05', '2025-09-07')).when(submit(T0)).then((out) => expect(out.map((e) => e.type)).toEqual(['FileStatusChanged', 'FileRoutedToCommittee']));
    spec
      .given(completeFile('2026-01-05', '2025-09-06'))
      .when(submit(T0))
      .thenThrows(DomainError, (e) => codes(e).join() === 'attestation-lapsed' && e.message.includes('lapsed after 2026-01-04'));
  });

  it('the windows count to the decision day: a verification 120 days old at submission is too old a day later', () => {
    const events = history([submit(at('2026-05-04'))], completeFile('2026-01-04'));
    spec
      .given(events)
      .when(decideCmd(at('2026-05-05')))
      .thenThrows(DomainError, (e) => codes(e).every((c) => c === 'verification-expired'));
    spec.given(events).when(decideCmd(at('2026-05-04'))).then((out) => expect(out[0]).toMatchObject({ type: 'FileDecided' }));
  });
});

describe('committee decision and the 36-month cycle', () => {
  it('approval by the master admin sets the recredentialing due date to decision + 36 months', () => {
    spec
      .given(submitted())
      .when(decideCmd(at('2026-01-20')))
      .then([
        {
          type: 'FileDecided',
          data: {
            providerId,
            cycleId,
            decision: 'Approved',
            note: 'Committee of the month',
            decidedOn: '2026-01-20',
            recredentialingDueOn: '2029-01-20',
            reasons: [],
            appeal: false,
            letterId: 'b0000000-0000-4000-8000-000000000001',
            at: at('2026-01-20').toISOString(),
            by: admin.userId,
          },
        },
        {
          type: 'FileStatusChanged',
          data: { providerId, cycleId, from: 'Committee Review', to: 'Approved', at: at('2026-01-20').toISOString(), by: admin.userId, why: 'Committee decision: Approved' },
        },
      ]);
  });

  it('36 months from February 29 is February 28', () => {
    expect(addMonths('2028-02-29', 36)).toBe('2031-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('a denial keeps the file, with no due date', () => {
    const events = history([decideCmd(T0, 'Denied')], submitted());
    const c = stateOf(events).current!;
    expect(c.status).toBe('Denied');
    expect(c.recredentialingDueOn).toBeNull();
    expect(c.credentials).toHaveLength(4);
  });

  it('only a file in Committee Review is decided (409)', () => {
    spec.given(completeFile()).when(decideCmd(T0)).thenThrows(DomainError, (e) => e.kind === 'conflict');
  });

  it('recredentialing opens cycle 2 with the credentials carried over, verifications (but education) and attestation to redo', () => {
    const approved = history([decideCmd(T0)], submitted());
    const next = history([start(staff, at('2028-10-01'), '55555555-5555-4555-8555-555555555555')], approved);
    const c = stateOf(next).current!;
    expect(c).toMatchObject({ cycle: 2, status: 'Not Started', attestation: null, decision: null });
    expect(c.verifications.map((v) => [v.credentialId, v.carriedOverFrom])).toEqual([[ids.education, 1]]);
    expect(c.credentials).toHaveLength(4);
    expect(next.at(-2)).toMatchObject({ type: 'FileStarted', data: { cycle: 2, reason: 'recredentialing' } });
    expect(openItems(c, '2028-10-01').map((i) => i.code)).toContain('attestation-missing');
  });
});

describe('who may do what', () => {
  const forbidden = (e: DomainError) => e.kind === 'forbidden';
  it('the provider edits their application, credentials and attestation, but cannot verify, submit or decide', () => {
    const events = history([start()]);
    spec.given(events).when(add(ids.license, license, provider)).then((out) => expect(out.at(-1)?.type).toBe('CredentialAdded'));
    spec.given(events).when(attest('2026-01-05')).then((out) => expect(out.at(-1)?.type).toBe('AttestationSigned'));
    spec.given(events).when(verify(ids.license, '2026-01-05', T0, provider)).thenThrows(DomainError, forbidden);
    spec.given(completeFile()).when(submit(T0, provider)).thenThrows(DomainError, forbidden);
    spec.given(submitted()).when(decideCmd(T0, 'Approved', provider)).thenThrows(DomainError, forbidden);
    spec.given([]).when(start(provider)).thenThrows(DomainError, forbidden);
  });

  it('practice staff manage, verify and submit but do not decide, nor sign the attestation', () => {
    spec.given(submitted()).when(decideCmd(T0, 'Approved', staff)).thenThrows(DomainError, forbidden);
    const signed = attest('2026-01-05') as Extract<CredentialingCommand, { type: 'SignAttestation' }>;
    spec.given(history([start()])).when({ ...signed, data: { ...signed.data, actor: staff } }).thenThrows(DomainError, forbidden);
  });

  it('a stranger can do nothing', () => {
    spec.given([]).when(start(stranger)).thenThrows(DomainError, forbidden);
    spec.given(history([start()])).when(add(ids.license, license, stranger)).thenThrows(DomainError, forbidden);
    spec.given(history([start()])).when(declare(false, false, stranger)).thenThrows(DomainError, forbidden);
  });

  it('a manual verification needs evidence; dates in the future are refused', () => {
    const events = history([start(), add(ids.license, license)]);
    const v = verify(ids.license, '2026-01-05') as Extract<CredentialingCommand, { type: 'RecordVerification' }>;
    spec.given(events).when({ ...v, data: { ...v.data, evidence: null } }).thenThrows(DomainError, (e) => e.field === 'evidence');
    spec.given(events).when(verify(ids.license, '2026-01-06', T0)).thenThrows(DomainError, (e) => e.field === 'verifiedOn');
    spec.given(events).when(attest('2026-01-06', T0)).thenThrows(DomainError, (e) => e.field === 'signedOn');
  });
});

describe('the exclusion screening in the file', () => {
  const screening = (actor: FileActor, exclusion: credentialing.FileExclusion, now = T0, method: credentialing.VerificationMethod = 'automatic'): CredentialingCommand => ({
    type: 'RecordScreening',
    data: {
      ...base(actor, now),
      verificationId: 'b0000000-0000-4000-8000-000000000001',
      method,
      result: exclusion ? 'Discrepancy' : 'Verified',
      finding: exclusion ?? 'None',
      exclusion,
      verifiedOn: now.toISOString().slice(0, 10),
      note: null,
      evidence: method === 'manual' ? { kind: 'document', fileUrl: '/api/files/abc.pdf', fileName: 'abc.pdf' } : { kind: 'snapshot', source: 'OIG LEIE', snapshot: { matches: [] } },
      discrepancies: [],
    },
  });
  const system: FileActor = { userId: 'system', role: 'system' };

  it('is recorded in any status, also after approval (monitoring goes on), as an OIG LEIE verification with the finding', () => {
    const approved = history([decideCmd(T0)], submitted());
    expect(stateOf(approved).current?.status).toBe('Approved');
    const events = history([screening(system, 'Excluded')], approved);
    const c = stateOf(events).current!;
    expect(c.exclusion).toBe('Excluded');
    expect(c.verifications.at(-1)).toMatchObject({ source: 'OIG LEIE', credentialId: null, result: 'Discrepancy', method: 'automatic' });
    // A new cycle keeps the standing finding.
    expect(stateOf(history([start(admin, at('2026-02-01'), 'c0000000-0000-4000-8000-000000000009')], events)).current?.exclusion).toBe('Excluded');
  });

  it('is required once bound: missing, then a Discrepancy, then resolved Verified', () => {
    const file = completeFile();
    const items = (events: CredentialingEvent[]) => openItems(stateOf(events).current!, '2026-01-05', { requireExclusionScreening: true }).map((i) => i.message);
    expect(items(file)).toEqual(['Exclusion screening (OIG LEIE): not verified']);
    const found = history([screening(system, 'Possible match')], file);
    expect(items(found)).toEqual(['Exclusion screening (OIG LEIE): verification result Discrepancy']);
    const resolved = history([screening(staff, null, at('2026-01-05'), 'manual')], found);
    expect(items(resolved)).toEqual([]);
  });

  it('a person resolves with evidence; the provider and strangers may not', () => {
    const file = completeFile();
    expect(() => history([screening(provider, null)], file)).toThrow(/resolve an exclusion match/);
    expect(() => history([screening(stranger, null)], file)).toThrow(DomainError);
    const noEvidence = screening(staff, null, T0, 'manual');
    (noEvidence.data as { evidence: unknown }).evidence = null;
    expect(() => history([noEvidence], file)).toThrow(/evidence/);
  });
});

describe('re-attestation every 120 days', () => {
  it('the provider re-attests an approved file: the attestation is renewed, the status stays', () => {
    const approved = history([decideCmd(T0)], submitted());
    const lapsed = openItems(stateOf(approved).current!, '2026-05-06').map((i) => i.code);
    expect(lapsed).toContain('attestation-lapsed');
    const events = history([attest('2026-05-06')], approved);
    const c = stateOf(events).current!;
    expect(c.status).toBe('Approved');
    expect(c.attestation?.signedOn).toBe('2026-05-06');
    expect(openItems(c, '2026-05-06').map((i) => i.code)).not.toContain('attestation-lapsed');
  });

  it('a file in Committee Review stays locked', () => {
    spec.given(submitted()).when(attest('2026-01-06', at('2026-01-06'))).thenThrows(DomainError, (e) => e.kind === 'conflict');
  });
});
