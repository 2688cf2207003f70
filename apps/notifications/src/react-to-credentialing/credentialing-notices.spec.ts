import { noticeNotification, parseNoticeMessage, reactToNotice, type CredentialingNotice } from './credentialing-notices';

const provider = '11111111-1111-4111-8111-111111111111';
const staff = '22222222-2222-4222-8222-222222222222';
const encode = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const notice = (over: Partial<CredentialingNotice> = {}): CredentialingNotice => ({
  noticeId: '33333333-3333-4333-8333-333333333333',
  providerId: provider,
  providerName: 'Mary Smith',
  kind: 'decision-denied',
  recipients: [provider, staff],
  onDate: '2027-02-01',
  raisedAt: '2027-01-02T06:00:00.000Z',
  ...over,
});
const cloudEvent = (data: unknown) => ({ specversion: '1.0', id: 'evt-7', type: 'credentialing.CredentialingNoticeRaised.v1', source: 'credentialing', time: '2027-01-02T06:00:00.000Z', data });

describe('credentialing notices become notifications (category Credentialing)', () => {
  it('a denial tells the provider (their letter, the appeal deadline) and staff, one notification each', () => {
    const parsed = parseNoticeMessage('p.events.credentialing.CredentialingNoticeRaised', encode(cloudEvent(notice())));
    expect(parsed.kind).toBe('notice');
    if (parsed.kind !== 'notice') return;
    const commands = reactToNotice(parsed.notice, { eventId: parsed.eventId });
    expect(commands.map((c) => c.accountId)).toEqual([provider, staff]);
    expect(commands[0].command).toMatchObject({
      type: 'RaiseNotification',
      data: {
        content: {
          kind: 'credentialing-notice',
          category: 'Credentialing',
          alertLevel: 'Warning',
          heading: 'Credentialing denied',
          body: 'Your credentialing was denied. Read the decision letter in your credentialing file. You may appeal until 02/01/2027.',
        },
      },
    });
    expect((commands[1].command as { data: { content: { body: string } } }).data.content.body).toContain("Mary Smith's credentialing was denied.");
    expect(reactToNotice(parsed.notice, { eventId: parsed.eventId })).toEqual(commands);
  });

  it('each kind has its text; malformed notices are refused', () => {
    expect(noticeNotification(notice({ kind: 'decision-approved', onDate: '2027-01-02' }), true)).toMatchObject({ alertLevel: 'Info', heading: 'Credentialing approved' });
    expect(noticeNotification(notice({ kind: 'appeal-upheld' }), true).heading).toBe('Appeal decided: denial upheld');
    expect(noticeNotification(notice({ kind: 'appeal-requested' }), false).body).toBe('Mary Smith appealed the denial of their credentialing. The file is back before the committee.');
    expect(noticeNotification(notice({ kind: 'correction-requested' }), false).heading).toBe('Correction requested');
    expect(noticeNotification(notice({ kind: 'correction-answered' }), true).heading).toBe('Correction request answered');
    expect(parseNoticeMessage('events.credentialing.CredentialingNoticeRaised', encode(cloudEvent({ ...notice(), recipients: [] }))).kind).toBe('malformed');
    expect(parseNoticeMessage('events.credentialing.CredentialingNoticeRaised', encode(cloudEvent({ ...notice(), kind: 'nope' }))).kind).toBe('malformed');
  });
});
