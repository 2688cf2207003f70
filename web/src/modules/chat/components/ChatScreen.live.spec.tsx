import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClientFor } from '../../api/queryClient';
import { chatKeys } from '../logic/chatCache';
import { dm, group, message, users } from '../testing/chatFixtures';
import { chatScreenTimersAndSocket, data, gateway, list, log, push, renderChat, room } from '../testing/chatScreenHarness';
import type { DmChat } from '../types/chat';

// ChatScreen.spec.tsx's live events (messages, the query cache, new, deleted and renamed chats) and
// the file drop, in a file of its own so that each file stays short.

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
jest.mock('../../realtime/api/realtimeClient', () => jest.requireActual('../testing/fakeRealtimeClient').fakeRealtimeClient);

chatScreenTimersAndSocket();

describe('the chat screen', () => {
  it('appends a live message to the open DM and marks it read; another chat’s message raises its unread count; the other tab lights', async () => {
    renderChat();
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);

    push('new-message-event', { id: 'dm-bob', chatType: 0, msg: message('live1', users.bob, 'Are you there?', '2025-03-06T11:59:00.000Z') });
    expect(within(log()).getByText('Are you there?')).toBeTruthy();
    await waitFor(() => expect(gateway.callsTo('/api/users/markMessageAsRead')[0]?.body).toEqual({ dmId: 'dm-bob', msgId: 'live1' }));

    push('new-message-event', { id: 'dm-bob', chatType: 0, msg: message('live1', users.bob, 'Are you there?', '2025-03-06T11:59:00.000Z') });
    expect(within(log()).getAllByText('Are you there?')).toHaveLength(1);

    push('new-message-event', { id: 'dm-cy', chatType: 0, msg: message('live2', users.cy, 'Ping', '2025-03-06T11:59:30.000Z') });
    expect(within(list()).getByRole('button', { name: 'Cy Diaz (3 unread)' })).toBeTruthy();
    expect(within(log()).queryByText('Ping')).toBeNull();

    const groupTab = screen.getByRole('tab', { name: 'Group Chats' });
    expect(groupTab.querySelector('.ant-badge-dot')).toBeNull();
    push('new-message-event', { id: 'g-board', chatType: 1, msg: message('live3', users.bob, 'Board news', '2025-03-06T11:59:40.000Z') });
    expect(groupTab.querySelector('.ant-badge-dot')).not.toBeNull();
    expect(gateway.callsTo('/api/users/markMessageAsRead')).toHaveLength(1);
  });


  it('takes a live message into the query cache: the open room and the list show it from there, without fetching again', async () => {
    const { store } = renderChat();
    await within(await screen.findByRole('region', { name: 'Chat room Bob Roe' })).findByText(/Your packet/);
    const cache = queryClientFor(store);
    const fetches = gateway.calls.length;

    push('new-message-event', { id: 'dm-bob', chatType: 0, msg: message('live9', users.bob, 'Cached hello', '2025-03-06T11:59:00.000Z') });
    const cachedRoom = cache.getQueryData<DmChat>(chatKeys.room('u-ann', 0, 'dm-bob'));
    expect(cachedRoom?.messages.at(-1)?.msg).toBe('Cached hello');
    expect(cache.getQueryData<DmChat[]>(chatKeys.list('u-ann', 0))?.find((chat) => chat._id === 'dm-bob')?.messages.at(-1)?.msg).toBe('Cached hello');
    expect(within(log()).getByText('Cached hello')).toBeTruthy();
    expect(within(within(list()).getByRole('button', { name: 'Bob Roe' })).getByText(/Cached hello/)).toBeTruthy();

    push('new-message-event', { id: 'dm-cy', chatType: 0, msg: message('live10', users.cy, 'Cached ping', '2025-03-06T11:59:30.000Z') });
    expect(cache.getQueryData<DmChat[]>(chatKeys.list('u-ann', 0))?.find((chat) => chat._id === 'dm-cy')?.unread).toBe(3);
    expect(within(list()).getByRole('button', { name: 'Cy Diaz (3 unread)' })).toBeTruthy();
    expect(gateway.calls.slice(fetches).filter((call) => call.path !== '/api/users/markMessageAsRead')).toEqual([]);
  });


  it('adds a new chat (opening it when it is the only one), re-adds an undeleted DM with unread 1, and follows group deletes and renames', async () => {
    const { user } = renderChat({ data: { dms: [], groups: [group('g-board', 'Board', users.ann, [users.bob]), group('g-billing', 'Billing', users.bob, [users.ann])] } });
    expect(await screen.findByText('Select Chat Room')).toBeTruthy();

    const newDm = dm('dm-dee', users.dee, []);
    data.dms.push(newDm);
    push('new-chat-event', { chatType: 0, chat: newDm });
    await screen.findByRole('region', { name: 'Chat room Dee Fox' });

    push('undelete-chat-event', { chatId: 'dm-bob', chat: dm('dm-bob', users.bob, [message('u1', users.bob, 'Back again', '2025-03-06T11:00:00.000Z')]) });
    expect(within(list()).getByRole('button', { name: 'Bob Roe (1 unread)' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });
    push('gc-title-update-event', { chatId: 'g-board', title: 'Board of Directors' });
    expect(within(room()).getByRole('heading', { name: 'Board of Directors' })).toBeTruthy();
    expect(within(list('Group chats')).getByRole('button', { name: 'Board of Directors' })).toBeTruthy();

    push('delete-chat-event', { chatId: 'g-board', chatType: 1 });
    await screen.findByRole('region', { name: 'Chat room Billing' });
    expect(within(list('Group chats')).queryByRole('button', { name: /Board/ })).toBeNull();
    push('delete-chat-event', { chatId: 'g-billing', chatType: 1 });
    expect(await screen.findByText('Select Chat Room')).toBeTruthy();
  });


  it('shows “Drop file to upload” while a file is dragged onto the room', async () => {
    renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    const dataTransfer = { types: ['Files'], files: [], dropEffect: 'none' };
    fireEvent.dragEnter(room(), { dataTransfer });
    expect(screen.getByText('Drop file to upload')).toBeTruthy();
    fireEvent.dragLeave(room(), { dataTransfer });
    expect(screen.queryByText('Drop file to upload')).toBeNull();
  });
});
