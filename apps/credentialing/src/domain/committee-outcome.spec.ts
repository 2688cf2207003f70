import { DomainError } from '@app/errors';
import type { credentialing } from '@app/contracts';
import type { CredentialingCommand, FileActor } from './credentialing-file.decider';
import type { CredentialFields } from './credentialing-file.events';
import { checkOutcome, decideMeeting, evolveMeeting, type MeetingCommand, type MeetingEvent, type MeetingState } from './committee-meeting';
import { runCommands, stateOf } from './testing/run-commands';

const providerId = '11111111-1111-4111-8111-111111111111';
const cycleId = '22222222-2222-4222-8222-222222222222';
const admin: FileActor = { userId: '99999999-9999-4999-8999-999999999999', role: 'masterAdmin' };
const staff: FileActor = { userId: '33333333-3333-4333-8333-333333333333', role: 'staff' };
const provider: FileActor = { userId: providerId, role: 'provider' };
const md: FileActor = { userId: '55555555-5555-4555-8555-555555555555', role: 'committee' };
const at = (day: string) => new Date(`${day}T15:00:00.000Z`);
const T0 = at('2026-01-05');
const T1 = at('2026-01-20');

const credentials: [string, CredentialFields, credentialing.VerificationSource][] = [
  ['a0000000-0000-4000-8000-000000000001', { kind: 'stateLicense', state: 'TX', number: 'Q1234', licenseType: 'MD', status: 'Active', issuedOn: '2015-06-01', expiresOn: '2028-06-01', documents: [] }, 'State board'],
  ['a0000000-0000-4000-8000-000000000002', { kind: 'malpractice', carrier: 'MedPro', policyNumber: 'P-77', perClaimCoverage: 1_000_000, aggregateCoverage: 3_000_000, issuedOn: '2025-07-01', expiresOn: '2027-07-01', documents: [] }, 'Malpractice carrier'],
  ['a0000000-0000-4000-8000-000000000003', { kind: 'education', institution: 'UT Southwestern', degree: 'MD', issuedOn: '2012-05-20', documents: [] }, 'School'],
];
const base = (actor: FileActor, now = T0) => ({ providerId, actor, now });
const evidence = { kind: 'document' as const, fileUrl: '/api/files/x.pdf', fileName: 'x.pdf' };

/** A complete file submitted at T0; `unfavourable`: the attestation declares disciplinary actions. */
function submittedFile(unfavourable = false) {
  const commands: CredentialingCommand[] = [
    { type: 'StartFile', data: { ...base(admin), cycleId } },
    { type: 'DeclareApplication', data: { ...base(provider), hasDea: false, hasBoardCertification: false } },
    { type: 'AddCredential', data: { ...base(staff), credentialId: 'a0000000-0000-4000-8000-000000000004', credential: { kind: 'workHistory', employer: 'Austin Clinic', startedOn: '2015-07-01', documents: [] } } },
    ...credentials.flatMap(([credentialId, credential, source]): CredentialingCommand[] => [
      { type: 'AddCredential', data: { ...base(staff), credentialId, credential } },
      {
        type: 'RecordVerification',
        data: { ...base(staff), verificationId: `v-${credentialId}`, credentialId, source, method: 'manual', result: 'Verified', verifiedOn: '2026-01-05', note: null, evidence, discrepancies: [] },
      },
    ]),
    {
      type: 'RecordVerification',
      data: { ...base(staff), verificationId: 'v-nppes', credentialId: null, source: 'NPPES', method: 'automatic', result: 'Verified', verifiedOn: '2026-01-05', note: null, evidence: { kind: 'snapshot', source: 'NPPES', snapshot: {} }, discrepancies: [] },
    },
    {
      type: 'SignAttestation',
      data: {
        ...base(provider),
        attestation: {
          unableToPerformEssentialFunctions: false,
          illegalDrugUse: false,
          lossOfLicenseOrFelony: false,
          limitationsOrDisciplinaryActions: unfavourable,
          currentMalpracticeCoverage: true,
          ...(unfavourable ? { explanation: 'Proctoring in 2019, completed' } : {}),
          signature: 'Ann Smith',
          signedOn: '2026-01-05',
        },
      },
    },
    { type: 'SubmitFile', data: base(staff) },
  ];
  return runCommands(commands);
}

const outcome = (o: Partial<credentialing.OutcomeInput> & { outcome: credentialing.MeetingOutcome }, meetingId: string | null = null, actor = md): CredentialingCommand => ({
  type: 'RecordCommitteeOutcome',
  data: { ...base(actor, T1), meetingId, letterId: 'b0000000-0000-4000-8000-000000000001', reasons: [], ...o },
});
const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('not refused');
};

describe('the committee: routing on submission', () => {
  it('routes a file without flags clean, recording the route with who and when', () => {
    const events = submittedFile();
    expect(events.at(-1)).toEqual({ type: 'FileRoutedToCommittee', data: { providerId, cycleId, route: 'clean', flags: [], at: T0.toISOString(), by: staff.userId } });
    expect(stateOf(events).current?.committee?.route).toBe('clean');
  });

  it('routes a file with an unfavourable attestation answer to a meeting, its flags recorded', () => {
    const routed = submittedFile(true).at(-1);
    expect(routed).toMatchObject({ type: 'FileRoutedToCommittee', data: { route: 'flagged', flags: [{ code: 'unfavourable-attestation', item: { kind: 'attestation' } }] } });
  });
});

describe('the committee: the Medical Director approves a clean file alone', () => {
  it('approves: the outcome, the decision with its letter, the status Approved', () => {
    const events = runCommands([outcome({ outcome: 'approve' })], submittedFile());
    const [recorded, decided, status] = events.slice(-3);
    expect(recorded).toMatchObject({ type: 'CommitteeOutcomeRecorded', data: { outcome: 'approve', meetingId: null, by: md.userId } });
    expect(decided).toMatchObject({ type: 'FileDecided', data: { decision: 'Approved', decidedOn: '2026-01-20', recredentialingDueOn: '2029-01-20', letterId: 'b0000000-0000-4000-8000-000000000001', by: md.userId } });
    expect(status).toMatchObject({ type: 'FileStatusChanged', data: { to: 'Approved', why: 'Medical Director (clean file): Approved' } });
    expect(stateOf(events).letters?.at(-1)).toMatchObject({ decision: 'Approved' });
  });

  it('refuses a flagged file (409 naming its flags) and any other outcome without a meeting (400)', () => {
    const flagged = refusal(() => runCommands([outcome({ outcome: 'approve' })], submittedFile(true)));
    expect([flagged.kind, flagged.message]).toEqual(['conflict', expect.stringContaining('Unfavourable attestation answer')]);
    const denied = refusal(() => runCommands([outcome({ outcome: 'deny', reasons: ['other'], note: 'No' })], submittedFile()));
    expect([denied.kind, denied.field]).toEqual(['validation', 'outcome']);
  });

  it('refuses anyone not acting for the committee (403), the master admin included', () => {
    expect(refusal(() => runCommands([outcome({ outcome: 'approve' }, null, admin)], submittedFile())).kind).toBe('forbidden');
    expect(refusal(() => runCommands([outcome({ outcome: 'approve' }, null, staff)], submittedFile())).kind).toBe('forbidden');
  });
});

describe('the committee: a meeting decides a flagged file', () => {
  const meetingId = 'c0000000-0000-4000-8000-000000000001';
  it('approves with conditions: the letter carries them and their follow-up date', () => {
    const events = runCommands([outcome({ outcome: 'approve-with-conditions', conditions: 'Proctoring for 6 months', followUpOn: '2026-07-20' }, meetingId)], submittedFile(true));
    expect(events.at(-2)).toMatchObject({ type: 'FileDecided', data: { decision: 'Approved', conditions: { text: 'Proctoring for 6 months', followUpOn: '2026-07-20' } } });
    expect(stateOf(events).letters?.at(-1)?.conditions).toEqual({ text: 'Proctoring for 6 months', followUpOn: '2026-07-20' });
  });

  it('denies with reason codes and the explanation', () => {
    const events = runCommands([outcome({ outcome: 'deny', reasons: ['licence-action'], note: 'Discipline not disclosed' }, meetingId)], submittedFile(true));
    expect(events.at(-2)).toMatchObject({ type: 'FileDecided', data: { decision: 'Denied', reasons: ['licence-action'], note: 'Discipline not disclosed' } });
    expect(stateOf(events).current?.status).toBe('Denied');
  });

  it('defers back to staff (Verification) with the questions, and the file can be changed and submitted again', () => {
    const events = runCommands([outcome({ outcome: 'defer', questions: 'Send the proctoring report' }, meetingId)], submittedFile(true));
    expect(events.at(-1)).toMatchObject({ type: 'FileStatusChanged', data: { from: 'Committee Review', to: 'Verification', why: 'Committee meeting: deferred to staff: Send the proctoring report' } });
    const state = stateOf(events);
    expect(state.current?.committee?.outcomes.map((o) => [o.outcome, o.questions])).toEqual([['defer', 'Send the proctoring report']]);
    expect(state.current?.committee?.route).toBeNull();
  });
});

describe('the committee meeting', () => {
  const meetingId = 'c0000000-0000-4000-8000-000000000002';
  const members = ['m1', 'm2', 'm3', 'm4'];
  const run = (commands: MeetingCommand[]) => {
    let state: MeetingState = null;
    const events: MeetingEvent[] = [];
    for (const c of commands) {
      const out = decideMeeting(c, state);
      events.push(...out);
      state = out.reduce(evolveMeeting, state);
    }
    return { state, events };
  };
  const schedule: MeetingCommand = { type: 'ScheduleMeeting', data: { meetingId, by: 'm1', now: T0, meetsOn: '2026-01-20', quorum: 3, agenda: [{ providerId, cycleId, flags: [] }] } };
  const attend = (present: string[]): MeetingCommand => ({ type: 'RecordAttendance', data: { meetingId, by: 'm1', now: T0, present, members: new Set(members) } });

  it('refuses an outcome without quorum, naming who is present and who is needed (409)', () => {
    const { state } = run([schedule, attend(['m1', 'm2'])]);
    const e = refusal(() => checkOutcome(state, providerId));
    expect([e.kind, e.message]).toEqual(['conflict', 'No quorum: 2 members present, the meeting needs 3; record the attendance first']);
    expect(checkOutcome(run([schedule, attend(['m1', 'm2', 'm3'])]).state, providerId)).toEqual({ providerId, cycleId, flags: [] });
  });

  it('counts only designated members as present (400 present)', () => {
    expect(refusal(() => run([schedule, attend(['m1', 'stranger'])])).field).toBe('present');
  });

  it('records each file once, and refuses a file not on its agenda (404)', () => {
    const entry = { providerId, cycleId, outcome: 'approve' as const, conditions: null, followUpOn: null, reasons: [], note: null, questions: null, letterId: null, at: T1.toISOString(), by: 'm1' };
    const { state } = run([schedule, attend(['m1', 'm2', 'm3']), { type: 'RecordMeetingOutcome', data: { meetingId, by: 'm1', now: T1, outcome: entry } }]);
    expect(state?.outcomes).toHaveLength(1);
    expect(refusal(() => checkOutcome(state, providerId)).kind).toBe('conflict');
    expect(refusal(() => checkOutcome(state, '77777777-7777-4777-8777-777777777777')).kind).toBe('not_found');
  });
});
