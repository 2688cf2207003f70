import { act, screen, waitFor, within } from '@testing-library/react';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { daySeparatorLabel } from '../logic/messageDays';
import { chatScrollRequestAtom } from '../state/chatScrollRequestAtom';
import { chatLink, chatScreenTimersAndSocket, data, gateway, list, log, renderChat, room } from '../testing/chatScreenHarness';

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
jest.mock('../../realtime/api/realtimeClient', () => jest.requireActual('../testing/fakeRealtimeClient').fakeRealtimeClient);

// More of the screen in ChatScreen.live.spec.tsx, ChatScreen.dialogs.spec.tsx and ChatScreen.room.spec.tsx (each file stays short).

chatScreenTimersAndSocket();

describe('the chat screen', () => {
  it('opens the first DM on entry, clears the top-bar badge 3 s later and scrolls the list down after 2 s', async () => {
    const { store, elapsed } = renderChat();
    expect(chatLink().getAttribute('aria-label')).toBe('Chat (new messages)');
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    expect(gateway.callsTo('/api/users/getChats')[0].body).toEqual({ userId: 'u-ann' });
    expect(gateway.callsTo('/api/users/getChatRoom')[0].body).toEqual({ chatId: 'dm-bob', userName: 'ann' });
    expect(within(list()).getByRole('button', { name: 'Bob Roe' }).getAttribute('aria-current')).toBe('true');

    const scrolls = store.get(chatScrollRequestAtom);
    act(() => jest.advanceTimersByTime(1990 - elapsed()));
    expect(store.get(chatScrollRequestAtom)).toBe(scrolls);
    act(() => jest.advanceTimersByTime(20));
    expect(store.get(chatScrollRequestAtom)).toBe(scrolls + 1);

    act(() => jest.advanceTimersByTime(2990 - elapsed()));
    expect(gateway.callsTo('/api/users/resetChatIconBadge')).toHaveLength(0);
    expect(chatLink().getAttribute('aria-label')).toBe('Chat (new messages)');
    act(() => jest.advanceTimersByTime(20));
    await waitFor(() => expect(gateway.callsTo('/api/users/resetChatIconBadge')).toHaveLength(1));
    expect(chatLink().getAttribute('aria-label')).toBe('Chat');
    expect(store.get(signedInUserAtom)?.showChatIconBadge).toBe(false);
  });

  it('shows messages under day separators with times, safe links, image previews and document icons', async () => {
    renderChat();
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    const days = within(log()).getAllByRole('separator').map((separator) => separator.textContent);
    expect(days).toEqual([daySeparatorLabel('2025-03-04T15:06:00.000Z'), daySeparatorLabel('2025-03-05T09:00:00.000Z')]);
    expect(within(log()).getAllByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC[+-]\d{2}:\d{2}$/)).toHaveLength(3);

    const link = within(log()).getByRole('link', { name: 'https://example.com/packet' });
    expect(link.getAttribute('href')).toBe('https://example.com/packet');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(log()).queryAllByRole('link')).toHaveLength(1);
    expect(within(log()).getByText(/javascript:alert\(1\)/).closest('a')).toBeNull();

    expect(within(log()).getByRole('img', { name: 'badge photo.png' })).toBeTruthy();
    const document = within(log()).getByRole('button', { name: 'Download Board minutes.docx' });
    expect(document.getAttribute('data-file-kind')).toBe('word');
    expect(document.textContent).toContain('Board minutes.docx');
  });

  it('switches tabs: Group Chats loads groups and opens the first, DM’s opens the first DM or clears the room', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });
    expect(gateway.callsTo('/api/users/getGroupChats')[0].body).toEqual({ userId: 'u-ann', userName: 'ann' });
    expect(gateway.callsTo('/api/users/getGroupChatRoom')[0].body).toEqual({ chatId: 'g-board', userName: 'ann', userId: 'u-ann' });
    expect(within(room()).getByText('2 members · created by')).toBeTruthy();
    expect(within(list('Group chats')).getByRole('button', { name: 'Billing (1 unread)' })).toBeTruthy();

    data.dms = [];
    await user.click(screen.getByRole('tab', { name: "DM's" }));
    expect(await screen.findByText('Select Chat Room')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Chat room/ })).toBeNull();
  });

  it('sets a chat’s unread count to 0 when it is opened', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(within(list()).getByRole('button', { name: 'Cy Diaz (2 unread)' }));
    await screen.findByRole('region', { name: 'Chat room Cy Diaz' });
    expect(within(list()).getByRole('button', { name: 'Cy Diaz' })).toBeTruthy();
  });

  it('sends typed text with the spec’s fields; Send does nothing while the message is empty', async () => {
    const { user } = renderChat();
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    expect(within(room()).getByText('To:').textContent).toBe('To: Bob Roe');
    await user.click(within(room()).getByRole('button', { name: 'Send' }));
    await user.type(within(room()).getByPlaceholderText('Type message'), '   ');
    await user.click(within(room()).getByRole('button', { name: 'Send' }));
    expect(gateway.callsTo('/api/users/postMessage')).toHaveLength(0);

    await user.click(within(room()).getByPlaceholderText('Type message'));
    await user.paste('Packet received <script>x</script>');
    await user.click(within(room()).getByRole('button', { name: 'Send' }));
    await within(log()).findByText('Packet received <script>x</script>');
    expect(gateway.callsTo('/api/users/postMessage')[0].body).toEqual({
      dmId: 'dm-bob',
      senderId: 'u-ann',
      senderDisplayName: 'Ann Lee',
      senderUserName: 'ann',
      recipientUserName: 'bob',
      recipientId: 'u-bob',
      msg: 'Packet received <script>x</script>',
      isImage: false,
      isDocument: false,
    });
    expect((within(room()).getByPlaceholderText('Type message') as HTMLTextAreaElement).value).toBe('');
    expect(document.querySelector('script')).toBeNull();
  });

  it('filters the list 300 ms after typing in the search box, highlighting matches', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.type(screen.getByRole('textbox', { name: 'Search Users, Groups, and Messages' }), 'audit');
    act(() => jest.advanceTimersByTime(250));
    expect(within(list()).getAllByRole('button')).toHaveLength(2);
    act(() => jest.advanceTimersByTime(60));
    await waitFor(() => expect(within(list()).getAllByRole('button')).toHaveLength(1));
    expect(gateway.callsTo('/api/users/searchChats')[0].path).toBe('/api/users/searchChats?searchTerm=audit');
    const only = within(list()).getByRole('button', { name: /Cy Diaz/ });
    expect(only.querySelector('mark')?.textContent).toBe('audit');
  });
});
