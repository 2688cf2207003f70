import { DomainError } from '@app/errors';
import type { credentialing } from '@app/contracts';
import { decide, evolve, initialFileState, type CredentialingCommand, type FileActor, type FileState } from './credentialing-file.decider';
import type { CredentialingEvent } from './credentialing-file.events';

const providerId = '11111111-1111-4111-8111-111111111111';
const cycleId = '22222222-2222-4222-8222-222222222222';
const admin: FileActor = { userId: '99999999-9999-4999-8999-999999999999', role: 'masterAdmin' };
const staff: FileActor = { userId: '33333333-3333-4333-8333-333333333333', role: 'staff' };
const provider: FileActor = { userId: providerId, role: 'provider' };
const stranger: FileActor = { userId: '44444444-4444-4444-8444-444444444444', role: 'none' };
const credentialId = 'a0000000-0000-4000-8000-000000000001';
const at = (day: string) => new Date(`${day}T15:00:00.000Z`);

/** A file in Committee Review with one credential (the notice rules need no more). */
const inReview: CredentialingEvent[] = [
  { type: 'FileStarted', data: { providerId, cycleId, cycle: 1, reason: 'initial', startedAt: '2026-01-05T10:00:00.000Z', startedBy: staff.userId } },
  { type: 'FileStatusChanged', data: { providerId, cycleId, from: null, to: 'Not Started', at: '2026-01-05T10:00:00.000Z', by: staff.userId, why: 'Initial credentialing' } },
  {
    type: 'CredentialAdded',
    data: {
      providerId,
      cycleId,
      credentialId,
      credential: { kind: 'education', institution: 'UT Southwestern', degree: 'MD', issuedOn: '2012-05-20', documents: [] },
      at: '2026-01-05T10:00:00.000Z',
      by: provider.userId,
    },
  },
  { type: 'FileStatusChanged', data: { providerId, cycleId, from: 'Not Started', to: 'Committee Review', at: '2026-02-01T10:00:00.000Z', by: staff.userId, why: 'Submitted to the committee' } },
];

const fold = (events: CredentialingEvent[], from: FileState = initialFileState()) => events.reduce(evolve, from);
/** Decides and folds: the events and the state after. */
function run(state: FileState, command: CredentialingCommand) {
  const events = decide(command, state);
  return { events, state: fold(events, state) };
}
function refusal(state: FileState, command: CredentialingCommand): { kind: string; field?: string; message: string } {
  try {
    decide(command, state);
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, field: (e as DomainError & { field?: string }).field, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

const deny = (now: Date, reasons: credentialing.DenialReason[] = ['licence-action', 'other'], actor = admin): CredentialingCommand => ({
  type: 'DecideFile',
  data: { providerId, actor, now, decision: 'Denied', note: 'Probation by the board', reasons, letterId: 'b0000000-0000-4000-8000-000000000001' },
});
const appeal = (now: Date, actor = provider, statement = 'The probation ended in 2025; see the board order'): CredentialingCommand => ({
  type: 'RequestAppeal',
  data: { providerId, actor, now, appealId: 'c0000000-0000-4000-8000-000000000001', statement, documents: [{ fileUrl: '/api/files/order.pdf', fileName: 'order.pdf' }] },
});
const denied = () => run(fold(inReview), deny(at('2026-03-02'))).state;

describe('denial reason codes', () => {
  it('a denial without a reason code is refused naming reasons; with codes the decision and its letter carry them', () => {
    expect(refusal(fold(inReview), deny(at('2026-03-02'), []))).toMatchObject({ kind: 'validation', field: 'reasons' });
    const { events, state } = run(fold(inReview), deny(at('2026-03-02'), ['licence-action', 'licence-action', 'other']));
    expect(events[0]).toMatchObject({ type: 'FileDecided', data: { decision: 'Denied', reasons: ['licence-action', 'other'], appeal: false, letterId: 'b0000000-0000-4000-8000-000000000001' } });
    expect(state.current).toMatchObject({ status: 'Denied', reasons: ['licence-action', 'other'] });
    expect(state.letters).toEqual([
      expect.objectContaining({ decision: 'Denied', decidedOn: '2026-03-02', appeal: false, reasons: ['licence-action', 'other'], explanation: 'Probation by the board' }),
    ]);
  });
});

describe('the appeal of a denial (30 days)', () => {
  it('day 30 after the denial passes: status Appeal, the statement and documents kept', () => {
    const { events, state } = run(denied(), appeal(at('2026-04-01')));
    expect(events.map((e) => e.type)).toEqual(['AppealRequested', 'FileStatusChanged']);
    expect(events[1]).toMatchObject({ data: { from: 'Denied', to: 'Appeal' } });
    expect(state.current).toMatchObject({ status: 'Appeal', appeal: { status: 'Requested', requestedOn: '2026-04-01', documents: [{ fileName: 'order.pdf' }] } });
  });

  it('day 31 is refused with 409 naming the deadline', () => {
    expect(refusal(denied(), appeal(at('2026-04-02')))).toMatchObject({ kind: 'conflict', message: expect.stringContaining('closed on 2026-04-01') });
  });

  it('only the provider appeals (403 for staff, the master admin, strangers); a statement is required', () => {
    for (const actor of [staff, admin, stranger]) expect(refusal(denied(), appeal(at('2026-03-05'), actor)).kind).toBe('forbidden');
    expect(refusal(denied(), appeal(at('2026-03-05'), provider, '  '))).toMatchObject({ kind: 'validation', field: 'statement' });
  });

  it('an approved file, a file in review and an appealed denial cannot be appealed (409)', () => {
    expect(refusal(fold(inReview), appeal(at('2026-03-05'))).kind).toBe('conflict');
    const appealed = run(denied(), appeal(at('2026-03-05'))).state;
    expect(refusal(appealed, appeal(at('2026-03-06'))).kind).toBe('conflict');
  });

  it('the committee decides the appeal: a denial upheld (reasons required) is final; an approval on appeal is recorded as such', () => {
    const appealed = run(denied(), appeal(at('2026-03-05'))).state;
    const upheldCmd = deny(at('2026-03-20'), ['criteria-not-met']);
    (upheldCmd.data as { letterId: string }).letterId = 'b0000000-0000-4000-8000-000000000002';
    expect(refusal(appealed, deny(at('2026-03-20'), [])).field).toBe('reasons');
    const upheld = run(appealed, upheldCmd);
    expect(upheld.events[0]).toMatchObject({ type: 'FileDecided', data: { decision: 'Denied', appeal: true } });
    expect(upheld.events[1]).toMatchObject({ data: { from: 'Appeal', to: 'Denied', why: 'Committee decision on the appeal: denial upheld' } });
    expect(upheld.state.current).toMatchObject({ status: 'Denied', appeal: { status: 'Upheld', decidedOn: '2026-03-20' } });
    expect(upheld.state.letters?.map((l) => [l.decision, l.appeal])).toEqual([
      ['Denied', false],
      ['Denied', true],
    ]);
    expect(refusal(upheld.state, appeal(at('2026-03-21'))).kind).toBe('conflict');
    // Staff cannot decide an appeal; documents can be added only while it is open.
    expect(refusal(appealed, deny(at('2026-03-20'), ['other'], staff)).kind).toBe('forbidden');
    expect(run(appealed, { type: 'AddAppealDocument', data: { providerId, actor: provider, now: at('2026-03-06'), document: { fileUrl: '/api/files/b.pdf', fileName: 'b.pdf' } } }).state.current?.appeal?.documents).toHaveLength(2);
    expect(refusal(upheld.state, { type: 'AddAppealDocument', data: { providerId, actor: provider, now: at('2026-03-21'), document: { fileUrl: '/api/files/b.pdf', fileName: 'b.pdf' } } }).kind).toBe('conflict');
  });
});

describe('correction requests', () => {
  const ask = (subject: string, actor = provider, note = 'My licence number is wrong'): CredentialingCommand => ({
    type: 'RequestCorrection',
    data: { providerId, actor, now: at('2026-02-10'), correctionId: 'd0000000-0000-4000-8000-000000000001', subject, note },
  });
  const answer = (actor = staff, text = 'Corrected from the board record'): CredentialingCommand => ({
    type: 'AnswerCorrection',
    data: { providerId, actor, now: at('2026-02-11'), correctionId: 'd0000000-0000-4000-8000-000000000001', answer: text },
  });

  it('the provider asks about an item; it stays listed, open, until staff answer it, which closes it (who and when kept)', () => {
    const asked = run(fold(inReview), ask(`credential:${credentialId}`));
    expect(asked.events).toEqual([expect.objectContaining({ type: 'CorrectionRequested', data: expect.objectContaining({ subject: `credential:${credentialId}`, by: providerId, at: '2026-02-10T15:00:00.000Z' }) })]);
    expect(asked.state.corrections).toEqual([expect.objectContaining({ note: 'My licence number is wrong', answer: null, answeredAt: null })]);
    const answered = run(asked.state, answer());
    expect(answered.state.corrections).toEqual([expect.objectContaining({ answer: 'Corrected from the board record', answeredBy: staff.userId, answeredAt: '2026-02-11T15:00:00.000Z' })]);
    expect(refusal(answered.state, answer(admin)).kind).toBe('conflict');
    // A new cycle keeps the requests.
    const next = fold([{ type: 'FileStarted', data: { providerId, cycleId: 'e0000000-0000-4000-8000-000000000001', cycle: 2, reason: 'recredentialing', startedAt: '2026-03-01T00:00:00.000Z', startedBy: staff.userId } }], answered.state);
    expect(next.corrections).toHaveLength(1);
  });

  it('only the provider asks; only staff and the master admin answer; bad subjects, empty notes and unknown requests are refused', () => {
    expect(refusal(fold(inReview), ask('file', staff)).kind).toBe('forbidden');
    expect(refusal(fold(inReview), ask('credential:a0000000-0000-4000-8000-00000000ffff')).field).toBe('subject');
    expect(refusal(fold(inReview), ask('passport')).field).toBe('subject');
    expect(refusal(fold(inReview), ask('attestation', provider, ' ')).field).toBe('note');
    const asked = run(fold(inReview), ask('application')).state;
    expect(refusal(asked, answer(provider)).kind).toBe('forbidden');
    expect(refusal(asked, answer(stranger)).kind).toBe('forbidden');
    expect(refusal(asked, answer(staff, '')).field).toBe('answer');
    expect(refusal(fold(inReview), answer()).kind).toBe('not_found');
    expect(run(asked, answer(admin)).events[0].type).toBe('CorrectionAnswered');
  });
});
