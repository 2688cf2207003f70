import { decideNotifications, evolveNotifications, initialNotificationsState } from '../domain/notifications.aggregate';
import { monitoringNotification, parseCredentialingMessage, reactToAlert, reactToResolution, type MonitoringAlert } from './credentialing-reactions';

const provider = '11111111-1111-4111-8111-111111111111';
const staff = '22222222-2222-4222-8222-222222222222';
const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const alert = (over: Partial<MonitoringAlert> = {}): MonitoringAlert => ({
  alertId: '33333333-3333-4333-8333-333333333333',
  providerId: provider,
  providerName: 'Mary Smith',
  kind: 'credential-expiring',
  alertLevel: 'Warning',
  recipients: [staff, provider],
  credentialKind: 'stateLicense',
  dueOn: '2027-01-31',
  daysLeft: 30,
  raisedAt: '2027-01-01T06:00:00.000Z',
  ...over,
});
const cloudEvent = (data: unknown) => ({ specversion: '1.0', id: 'evt-9', type: 'credentialing.MonitoringAlertRaised.v1', source: 'credentialing', time: '2027-01-01T06:00:00.000Z', data });

describe('credentialing monitoring alerts become notifications (category Credentialing)', () => {
  it('one notification per recipient, with its own id; the provider reads "Your"', () => {
    const parsed = parseCredentialingMessage('p.events.credentialing.MonitoringAlertRaised', encode(cloudEvent(alert())));
    expect(parsed.kind).toBe('alert');
    if (parsed.kind !== 'alert') return;
    const commands = reactToAlert(parsed.alert, { eventId: parsed.eventId });
    expect(commands.map((c) => c.accountId)).toEqual([staff, provider]);
    expect(new Set(commands.map((c) => c.command.data.accountId && (c.command as { data: { notificationId: string } }).data.notificationId)).size).toBe(2);
    expect(commands[0].command).toMatchObject({ type: 'RaiseNotification', data: { content: { category: 'Credentialing', alertLevel: 'Warning', heading: 'A state licence expires in 30 days', body: "Mary Smith's state licence expires on 01/31/2027 (in 30 days)." } } });
    expect((commands[1].command as { data: { content: { body: string } } }).data.content.body).toBe('Your state licence expires on 01/31/2027 (in 30 days).');
    // A redelivery decides the same notifications.
    expect(reactToAlert(parsed.alert, { eventId: parsed.eventId })).toEqual(commands);
  });

  it('exclusions are Danger; other kinds have their texts', () => {
    expect(monitoringNotification(alert({ kind: 'exclusion-excluded', alertLevel: 'Danger' }), false)).toMatchObject({ alertLevel: 'Danger', heading: 'Provider on the OIG exclusion list' });
    expect(monitoringNotification(alert({ kind: 'exclusion-possible-match', alertLevel: 'Danger' }), false).heading).toBe('Possible OIG exclusion match');
    expect(monitoringNotification(alert({ kind: 'credential-expired', alertLevel: 'Danger', daysLeft: 0 }), true).body).toBe('Your state licence expired on 01/31/2027.');
    expect(monitoringNotification(alert({ kind: 'recredentialing-due', credentialKind: null, daysLeft: 90 }), true).heading).toBe('Recredentialing due in 90 days');
    expect(monitoringNotification(alert({ kind: 'attestation-due', credentialKind: null, daysLeft: 15, alertLevel: 'Info' }), true)).toMatchObject({
      heading: 'Attestation due in 15 days',
      body: 'Your credentialing attestation is due on 01/31/2027 (in 15 days). Re-attest in the credentialing file.',
    });
    expect(monitoringNotification(alert({ kind: 'items-missing', credentialKind: null, dueOn: null, daysLeft: null }), true).body).toBe('Your credentialing file has missing items. Complete them in the credentialing file.');
  });

  it('skips other credentialing events and refuses malformed alerts', () => {
    expect(parseCredentialingMessage('events.credentialing.CredentialVerified', encode({ ...cloudEvent({}), type: 'credentialing.CredentialVerified.v1' })).kind).toBe('skip');
    expect(parseCredentialingMessage('events.credentialing.MonitoringAlertRaised', encode(cloudEvent({ ...alert(), recipients: [] }))).kind).toBe('malformed');
    expect(parseCredentialingMessage('events.credentialing.MonitoringAlertRaised', encode(cloudEvent({ ...alert(), kind: 'nope' }))).kind).toBe('malformed');
  });
});

describe('a resolved exclusion match marks its Danger alerts done', () => {
  const matchId = 'a'.repeat(32);
  const resolvedEvent = (data: Record<string, unknown>) => ({ ...cloudEvent(data), id: 'evt-r', type: 'credentialing.ExclusionMatchResolved.v1' });
  const resolution = { providerId: provider, cycleId: '44444444-4444-4444-8444-444444444444', matchId, kind: 'Excluded', status: 'Cleared with evidence', exclusion: null, resolvedAt: '2027-01-02T10:00:00.000Z', resolvedBy: staff };

  it('an exclusion alert carries the match and the file it opens', () => {
    const parsed = parseCredentialingMessage('events.credentialing.MonitoringAlertRaised', encode(cloudEvent(alert({ kind: 'exclusion-excluded', alertLevel: 'Danger', recipients: [staff], matchId }))));
    if (parsed.kind !== 'alert') throw new Error(parsed.kind);
    expect(reactToAlert(parsed.alert, { eventId: parsed.eventId })[0].command.data).toMatchObject({ providerId: provider, exclusionMatchId: matchId });
    // An expirable opens the file too, and is not an exclusion alert.
    const expiring = reactToAlert(alert({ matchId: undefined }), { eventId: 'evt-2' })[0].command.data;
    expect(expiring).toMatchObject({ providerId: provider });
    expect(expiring).not.toHaveProperty('exclusionMatchId');
  });

  it('reads the resolution and marks the alerted accounts', () => {
    const parsed = parseCredentialingMessage('events.credentialing.ExclusionMatchResolved', encode(resolvedEvent(resolution)));
    expect(parsed).toMatchObject({ kind: 'resolved', eventId: 'evt-r', resolved: { matchId, exclusion: null } });
    if (parsed.kind !== 'resolved') return;
    const commands = reactToResolution(parsed.resolved, [staff, staff, provider], parsed);
    expect(commands.map((c) => c.accountId)).toEqual([staff, provider]);
    expect(commands[0].command).toEqual({
      type: 'MarkExclusionAlertsDone',
      data: { accountId: staff, providerId: provider, matchId, standing: null, now: new Date('2027-01-02T10:00:00.000Z') },
    });
    expect(parseCredentialingMessage('events.credentialing.ExclusionMatchResolved', encode(resolvedEvent({ ...resolution, status: 'Dismissed' }))).kind).toBe('malformed');
  });

  it('done: only the alerts of that match while others stand, all of the provider when nothing stands; a redelivery decides nothing', () => {
    const raise = (id: string, m: string | undefined, providerId = provider) =>
      decideNotifications(
        {
          type: 'RaiseNotification',
          data: { accountId: staff, notificationId: id, sourceEventId: id, createdAt: '2027-01-01T00:00:00.000Z', content: monitoringNotification(alert({ kind: 'exclusion-excluded' }), false), providerId, exclusionMatchId: m },
        },
        initialNotificationsState(),
      );
    const other = 'b'.repeat(32);
    const n1 = '55555555-5555-4555-8555-555555555551';
    const n2 = '55555555-5555-4555-8555-555555555552';
    const n3 = '55555555-5555-4555-8555-555555555553';
    const events = [...raise(n1, matchId), ...raise(n2, other), ...raise(n3, undefined)];
    const state = events.reduce(evolveNotifications, initialNotificationsState());
    const mark = (standing: string | null, s = state) =>
      decideNotifications({ type: 'MarkExclusionAlertsDone', data: { accountId: staff, providerId: provider, matchId, standing, now: new Date('2027-01-02T00:00:00.000Z') } }, s);
    expect(mark('Excluded').map((e) => e.data)).toEqual([{ accountId: staff, notificationId: n1, doneAt: '2027-01-02T00:00:00.000Z', why: 'exclusion match resolved' }]);
    expect(mark(null).map((e) => (e.data as { notificationId: string }).notificationId)).toEqual([n1, n2]);
    const after = mark(null).reduce(evolveNotifications, events.reduce(evolveNotifications, initialNotificationsState()));
    expect(after.unread).toBe(1);
    expect(mark(null, after)).toEqual([]);
  });
});
