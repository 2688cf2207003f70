import { packetEvents, peopleOfEvents } from './packet-events';

describe('the packet events of a cycle', () => {
  const events = [
    { type: 'VerificationRecorded', data: { cycleId: 'c1', at: 'x', by: 'u-staff' } },
    { type: 'FileDecided', data: { providerId: 'p1', cycleId: 'c0', decision: 'Denied', at: 'y', by: 'u-admin' } },
    { type: 'CommitteeMeetingHeld', data: { providerId: 'p1', cycleId: 'c1', meetingOn: '2026-01-30', conditions: ['Proctoring'], chairedBy: 'u-chair', at: '2026-01-30T18:00:00Z', by: 'u-admin' } },
    { type: 'FileDecided', data: { providerId: 'p1', cycleId: 'c1', decision: 'Approved', note: 'ok', reasons: [], letterId: undefined, at: '2026-02-01T10:00:00Z', by: 'u-admin' } },
  ];

  it('keeps every kind of event that is not the file content itself, of this cycle, with all its fields but the ids', () => {
    expect(packetEvents(events, 'c1')).toEqual([
      { type: 'CommitteeMeetingHeld', at: '2026-01-30T18:00:00Z', by: 'u-admin', fields: { meetingOn: '2026-01-30', conditions: ['Proctoring'], chairedBy: 'u-chair' } },
      { type: 'FileDecided', at: '2026-02-01T10:00:00Z', by: 'u-admin', fields: { decision: 'Approved', note: 'ok', reasons: [] } },
    ]);
  });

  it('names whoever acted or is named by a field ending in By', () => {
    expect(peopleOfEvents(packetEvents(events, 'c1')).sort()).toEqual(['u-admin', 'u-chair']);
  });
});
