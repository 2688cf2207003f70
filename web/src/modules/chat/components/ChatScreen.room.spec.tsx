import { act, screen, within } from '@testing-library/react';
import { message, sampleData, users } from '../testing/chatFixtures';
import { chatScreenTimersAndSocket, data, gateway, list, log, renderChat, room } from '../testing/chatScreenHarness';
import { sockets } from '../testing/fakeRealtimeClient';

// ChatScreen.spec.tsx's room actions (deleting a DM, paging, reconnects) and the narrow window, in a
// file of its own so that each file stays short.

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
jest.mock('../../realtime/api/realtimeClient', () => jest.requireActual('../testing/fakeRealtimeClient').fakeRealtimeClient);

chatScreenTimersAndSocket();

describe('the chat screen', () => {
  it('deletes a DM from its menu after asking, and opens the first remaining one', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(within(room()).getByRole('button', { name: 'Chat room menu' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete Chat Room/ }));
    // It asks first: nothing is deleted until the user confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Delete Chat Room?' });
    expect(gateway.callsTo('/api/users/deleteChat')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('region', { name: 'Chat room Cy Diaz' });
    expect(gateway.callsTo('/api/users/deleteChat')[0].body).toEqual({ userId: 'u-ann', chatId: 'dm-bob' });
    expect(within(list()).queryByRole('button', { name: /Bob Roe/ })).toBeNull();
  });

  it('pages back through a long room with Load earlier messages', async () => {
    const sample = sampleData();
    const long = { ...sample.dms[0], hasMore: true };
    const older = [message('old1', users.bob, 'From last year', '2024-12-30T10:00:00.000Z'), message('old2', users.ann, 'Happy new year', '2025-01-01T10:00:00.000Z')];
    const { user } = renderChat({
      data: { ...sample, dms: [long, sample.dms[1]] },
      extra: { 'POST /api/users/getChatMessages': () => ({ body: { messages: older, hasMore: false } }) },
    });
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    await user.click(within(log()).getByRole('button', { name: 'Load earlier messages' }));
    await within(log()).findByText('From last year');
    expect(gateway.callsTo('/api/users/getChatMessages')[0].body).toEqual({ chatId: 'dm-bob', before: 'm1' });
    expect(within(log()).getAllByRole('listitem').map((item) => item.getAttribute('data-message-id'))).toEqual(['old1', 'old2', 'm1', 'm2', 'm3']);
    expect(within(log()).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('catches up after a reconnect: unread counts and the open room are fetched again', async () => {
    renderChat();
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    act(() => sockets[sockets.length - 1].onDisconnect('transport close'));
    data.dms[0].messages.push(message('offline1', users.bob, 'Sent while you were away', '2025-03-06T11:00:00.000Z'));
    data.dms[1].unread = 5;
    act(() => sockets[sockets.length - 1].onConnect());
    await within(log()).findByText('Sent while you were away');
    expect(within(list()).getByRole('button', { name: 'Cy Diaz (5 unread)' })).toBeTruthy();
    expect(gateway.callsTo('/api/users/getChats')).toHaveLength(2);
  });
});

describe('the chat screen on a narrow window', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 375 });
  });
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  });

  it('collapses the chat list and offers close, compose and scroll-to-bottom on a floating bar', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    expect(screen.queryByRole('complementary', { name: 'Chats' })).toBeNull();
    const bar = screen.getByRole('toolbar', { name: 'Chat actions' });
    expect(within(bar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Close chat room', 'Compose message', 'Scroll to bottom']);
    expect(within(room()).queryByPlaceholderText('Type message')).toBeNull();

    await user.click(within(bar).getByRole('button', { name: 'Compose message' }));
    const compose = await screen.findByRole('dialog', { name: 'Compose' });
    expect(within(compose).getByText('To:').textContent).toBe('To: Bob Roe');
    await user.click(within(compose).getByPlaceholderText('Type message'));
    await user.paste('From my phone');
    await user.click(within(compose).getByRole('button', { name: 'Send' }));
    await within(log()).findByText('From my phone');

    await user.click(within(bar).getByRole('button', { name: 'Close chat room' }));
    expect(await screen.findByRole('complementary', { name: 'Chats' })).toBeTruthy();
    await user.click(within(list()).getByRole('button', { name: /Cy Diaz/ }));
    await screen.findByRole('region', { name: 'Chat room Cy Diaz' });
    expect(screen.queryByRole('complementary', { name: 'Chats' })).toBeNull();
  });
});
