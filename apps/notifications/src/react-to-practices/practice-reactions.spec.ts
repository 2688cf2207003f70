import { parsePracticeMessage, practiceNotification, reactToPractice } from './practice-reactions';

const userId = '11111111-1111-4111-8111-111111111111';
const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const cloudEvent = (name: string, data: unknown, id = 'evt-1') => ({ specversion: '1.0', id, type: `practices.${name}.v1`, source: 'practices', time: '2026-12-01T10:00:00.000Z', data });

describe('practice events become notifications for the user concerned (category Practice)', () => {
  it('added to a practice', () => {
    const parsed = parsePracticeMessage(
      'p.events.practices.PracticeUserAdded',
      encode(cloudEvent('PracticeUserAdded', { practiceId: 'x', practiceName: 'Sunrise Family', userId, accessType: 'Member', addedAt: '2026-12-01T10:00:00.000Z' })),
    );
    expect(parsed.kind).toBe('fact');
    if (parsed.kind !== 'fact') return;
    const { accountId, command } = reactToPractice(parsed.fact, { eventId: parsed.eventId });
    expect(accountId).toBe(userId);
    expect(command).toMatchObject({
      type: 'RaiseNotification',
      data: {
        accountId: userId,
        sourceEventId: 'evt-1',
        createdAt: '2026-12-01T10:00:00.000Z',
        content: { kind: 'practice-added', category: 'Practice', icon: 'BankOutlined', heading: 'You were added to a practice', body: 'You were added to Sunrise Family as Member.' },
      },
    });
    // The same event always gives the same notification id (a redelivery raises nothing new).
    expect(reactToPractice(parsed.fact, { eventId: 'evt-1' }).command).toEqual(command);
  });

  it('access type changed and removed', () => {
    expect(practiceNotification({ name: 'PracticeUserAccessTypeChanged', userId, practiceName: 'Sunrise', from: 'Member', to: 'Practice Owner', at: '' })).toMatchObject({
      kind: 'practice-access-changed',
      category: 'Practice',
      body: 'Your access type in Sunrise is now Practice Owner (was Member).',
    });
    expect(practiceNotification({ name: 'PracticeUserRemoved', userId, practiceName: 'Sunrise', at: '' })).toMatchObject({
      kind: 'practice-removed',
      category: 'Practice',
      heading: 'You were removed from a practice',
    });
  });

  it('skips other practice events and refuses malformed ones', () => {
    expect(parsePracticeMessage('events.practices.PracticeCreated', encode(cloudEvent('PracticeCreated', {}))).kind).toBe('skip');
    expect(parsePracticeMessage('events.practices.PracticeUserAdded', encode(cloudEvent('PracticeUserAdded', { userId: 'nope' }))).kind).toBe('malformed');
    expect(parsePracticeMessage('events.practices.PracticeUserAdded', encode(cloudEvent('PracticeUserRemoved', {}))).kind).toBe('malformed');
    expect(parsePracticeMessage('events.practices.PracticeUserAdded', new TextEncoder().encode('{')).kind).toBe('malformed');
  });
});
