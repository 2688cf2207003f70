import { DomainError } from '@app/errors';
import type { credentialing } from '@app/contracts';
import { decide, evolve, initialFileState, type CredentialingCommand, type FileActor, type FileState } from './credentialing-file.decider';
import type { CredentialingEvent } from './credentialing-file.events';
import type { ClearanceMatch } from './exclusion-clearance';

const providerId = '11111111-1111-4111-8111-111111111111';
const cycleId = '22222222-2222-4222-8222-222222222222';
const admin: FileActor = { userId: '99999999-9999-4999-8999-999999999999', role: 'masterAdmin' };
const otherAdmin: FileActor = { userId: '88888888-8888-4888-8888-888888888888', role: 'masterAdmin' };
const staff: FileActor = { userId: '33333333-3333-4333-8333-333333333333', role: 'staff' };
const provider: FileActor = { userId: providerId, role: 'provider' };
const now = new Date('2026-12-01T15:00:00.000Z');
const evidence = { kind: 'document' as const, fileUrl: '/api/files/a.pdf', fileName: 'oig-letter.pdf' };
const npi: ClearanceMatch = { matchId: 'a'.repeat(32), kind: 'Excluded', status: 'Open' };

const given = (...events: CredentialingEvent[]): FileState =>
  [
    { type: 'FileStarted', data: { providerId, cycleId, cycle: 1, reason: 'initial', startedAt: '2026-11-01T10:00:00.000Z', startedBy: admin.userId } } as CredentialingEvent,
    ...events,
  ].reduce(evolve, initialFileState());
const ask = (actor: FileActor, over: Partial<{ match: ClearanceMatch; note: string; evidence: typeof evidence | null }> = {}): CredentialingCommand => ({
  type: 'RequestExclusionClearance',
  data: { providerId, actor, now, match: npi, reason: 'Corrected listing', note: 'OIG corrected the listing', evidence, ...over },
});
const decideBy = (actor: FileActor, decision: credentialing.ClearanceDecision, note: string | null = null): CredentialingCommand => ({
  type: 'DecideExclusionClearance',
  data: { providerId, actor, now, match: npi, decision, note, verificationId: 'b0000000-0000-4000-8000-000000000001', exclusion: null, row: 'SOMEONE, ELSE, NPI 1234567893' },
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? { kind: err.kind, field: err.field } : err;
  }
  return 'decided';
};
const requested = (): CredentialingEvent[] => decide(ask(admin), given());

describe('clearing an NPI exclusion', () => {
  it('only the master admin asks to clear it: staff and the provider are refused (403)', () => {
    expect(refusal(() => decide(ask(staff), given()))).toEqual({ kind: 'forbidden', field: undefined });
    expect(refusal(() => decide(ask(provider), given()))).toEqual({ kind: 'forbidden', field: undefined });
  });

  it('needs the evidence and a note (400 naming the field); a possible match or a match no longer standing is not cleared this way (409)', () => {
    expect(refusal(() => decide(ask(admin, { evidence: null }), given()))).toEqual({ kind: 'validation', field: 'evidence' });
    expect(refusal(() => decide(ask(admin, { note: '  ' }), given()))).toEqual({ kind: 'validation', field: 'note' });
    expect(refusal(() => decide(ask(admin, { match: { ...npi, kind: 'Possible match' } }), given()))).toEqual({ kind: 'conflict', field: 'matchId' });
    expect(refusal(() => decide(ask(admin, { match: { ...npi, status: 'Cleared' } }), given()))).toEqual({ kind: 'conflict', field: 'matchId' });
  });

  it('records who asked and when; a second request while one is pending is refused (409)', () => {
    const events = requested();
    expect(events).toEqual([
      { type: 'ExclusionClearanceRequested', data: { providerId, cycleId, matchId: npi.matchId, reason: 'Corrected listing', note: 'OIG corrected the listing', evidence, at: now.toISOString(), by: admin.userId } },
    ]);
    expect(refusal(() => decide(ask(otherAdmin), given(...events)))).toEqual({ kind: 'conflict', field: 'matchId' });
  });

  it('the one who asked cannot confirm (409); without a pending request nothing is confirmed (409)', () => {
    expect(refusal(() => decide(decideBy(admin, 'Confirm'), given(...requested())))).toEqual({ kind: 'conflict', field: 'matchId' });
    expect(refusal(() => decide(decideBy(staff, 'Confirm'), given()))).toEqual({ kind: 'conflict', field: 'matchId' });
    expect(refusal(() => decide(decideBy(provider, 'Confirm'), given(...requested())))).toEqual({ kind: 'forbidden', field: undefined });
  });

  it("a second person confirms: the decision, the clearance recorded as a manual OIG LEIE verification with the asker's evidence, the match resolved", () => {
    for (const second of [staff, otherAdmin]) {
      const events = decide(decideBy(second, 'Confirm', 'Checked'), given(...requested()));
      expect(events.map((e) => e.type)).toEqual(['ExclusionClearanceDecided', 'ExclusionScreened', 'ExclusionMatchResolved']);
      expect(events[0].data).toMatchObject({ decision: 'Confirmed', requestedBy: admin.userId, by: second.userId, at: now.toISOString() });
      expect(events[1].data).toMatchObject({ method: 'manual', result: 'Verified', finding: 'Cleared with evidence', exclusion: null, evidence, by: second.userId });
      expect(events[2].data).toMatchObject({ matchId: npi.matchId, kind: 'Excluded', status: 'Cleared with evidence', exclusion: null, by: second.userId });
      // Folded: nothing pending any more, the file's finding follows.
      const after = given(...requested(), ...events);
      expect(after.clearances).toEqual({});
      expect(after.current?.exclusion).toBeNull();
    }
  });

  it('a rejection needs a note and leaves the match standing; the asker may withdraw it the same way; a pending request survives a new cycle', () => {
    expect(refusal(() => decide(decideBy(staff, 'Reject'), given(...requested())))).toEqual({ kind: 'validation', field: 'note' });
    const rejected = decide(decideBy(admin, 'Reject', 'Wrong document attached'), given(...requested()));
    expect(rejected).toEqual([expect.objectContaining({ type: 'ExclusionClearanceDecided', data: expect.objectContaining({ decision: 'Rejected', note: 'Wrong document attached' }) })]);
    expect(given(...requested(), ...rejected).clearances).toEqual({});
    const nextCycle: CredentialingEvent = { type: 'FileStarted', data: { providerId, cycleId: 'c0000000-0000-4000-8000-000000000001', cycle: 2, reason: 'recredentialing', startedAt: now.toISOString(), startedBy: admin.userId } };
    expect(Object.keys(given(...requested(), nextCycle).clearances ?? {})).toEqual([npi.matchId]);
  });

  it('a possible match resolved by staff is recorded with the match it resolved', () => {
    const events = decide(
      {
        type: 'RecordScreening',
        data: {
          providerId,
          actor: staff,
          now,
          verificationId: 'b0000000-0000-4000-8000-000000000002',
          method: 'manual',
          result: 'Verified',
          finding: 'Not the same person',
          exclusion: null,
          verifiedOn: '2026-12-01',
          note: 'Other DOB',
          evidence,
          discrepancies: [],
          resolved: { matchId: 'c'.repeat(32), kind: 'Possible match', status: 'Not the same person' },
        },
      },
      given(),
    );
    expect(events.map((e) => e.type)).toEqual(['ExclusionScreened', 'ExclusionMatchResolved']);
    expect(events[0].data).not.toHaveProperty('resolved');
    expect(events[1].data).toMatchObject({ matchId: 'c'.repeat(32), status: 'Not the same person', exclusion: null, by: staff.userId });
  });
});
