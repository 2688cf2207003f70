import { monitoringNotification, parseCredentialingMessage, reactToAlert, type MonitoringAlert } from './credentialing-reactions';

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
  });

  it('skips other credentialing events and refuses malformed alerts', () => {
    expect(parseCredentialingMessage('events.credentialing.CredentialVerified', encode({ ...cloudEvent({}), type: 'credentialing.CredentialVerified.v1' })).kind).toBe('skip');
    expect(parseCredentialingMessage('events.credentialing.MonitoringAlertRaised', encode(cloudEvent({ ...alert(), recipients: [] }))).kind).toBe('malformed');
    expect(parseCredentialingMessage('events.credentialing.MonitoringAlertRaised', encode(cloudEvent({ ...alert(), kind: 'nope' }))).kind).toBe('malformed');
  });
});
