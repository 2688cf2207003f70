import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { realtimeConnection } from '../../realtime/api/realtimeClient';
import type { SocketHandlers } from '../../realtime/logic/realtimeConnection';
import type { RealtimeEvents } from '../../realtime/types/realtimeEvents';
import { signedInFlagAtom } from '../../session/state/signedInFlagAtom';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { tokenAtom } from '../../session/state/tokenAtom';
import { TopBar } from '../../shell/components/TopBar';
import { type FakeGateway, renderWithApp, restoreFetch } from '../../../testing/renderWithApp';
import { useChatRealtime } from '../hooks/useChatRealtime';
import { daySeparatorLabel } from '../logic/messageDays';
import { chatScrollRequestAtom } from '../state/chatScrollRequestAtom';
import { ann, type ChatData, chatGateway, dm, group, message, sampleData, users } from '../testing/chatFixtures';
import { ChatScreen } from './ChatScreen';
import { queryClientFor } from '../../api/queryClient';
import { chatKeys } from '../logic/chatCache';
import type { DmChat } from '../types/chat';

/** The app's realtime connection on a fake socket, so the spec can push events as the gateway does. */
const sockets: SocketHandlers[] = [];
jest.mock('../../realtime/api/realtimeClient', () => {
  const { createRealtimeConnection } = jest.requireActual('../../realtime/logic/realtimeConnection');
  return {
    realtimeConnection: createRealtimeConnection({
      createSocket: (_token: string, handlers: SocketHandlers) => {
        sockets.push(handlers);
        return { reconnect: () => undefined, close: () => undefined };
      },
    }),
  };
});

function push<E extends keyof RealtimeEvents>(name: E, payload: RealtimeEvents[E]): void {
  act(() => sockets[sockets.length - 1].onEvent(name, payload));
}

function Host(): ReactElement {
  useChatRealtime();
  return (
    <>
      <TopBar />
      <ChatScreen />
    </>
  );
}

let data: ChatData;
let gateway: FakeGateway;

function renderChat(options: { data?: ChatData; extra?: Parameters<typeof chatGateway>[1] } = {}) {
  data = options.data ?? sampleData();
  gateway = chatGateway(data, options.extra);
  const store = createStore();
  store.set(tokenAtom, 'session-token');
  store.set(signedInUserAtom, { ...ann });
  store.set(signedInFlagAtom, true);
  const started = Date.now();
  const rendered = renderWithApp(<Host />, { store, path: '/chat', userEvent: { advanceTimers: jest.advanceTimersByTime } });
  return { ...rendered, elapsed: () => Date.now() - started };
}

const list = (name = 'Direct messages') => screen.getByRole('list', { name });
const room = () => screen.getByRole('region', { name: /^Chat room/ });
const log = () => screen.getByRole('log', { name: 'Messages' });
const chatLink = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Chat/ });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-03-06T12:00:00.000Z') });
  realtimeConnection.setToken('session-token');
  act(() => sockets[sockets.length - 1].onConnect());
});

afterEach(() => {
  realtimeConnection.setToken(null);
  jest.useRealTimers();
  restoreFetch();
});

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

  it('shows “Drop file to upload” while a file is dragged onto the room', async () => {
    renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    const dataTransfer = { types: ['Files'], files: [], dropEffect: 'none' };
    fireEvent.dragEnter(room(), { dataTransfer });
    expect(screen.getByText('Drop file to upload')).toBeTruthy();
    fireEvent.dragLeave(room(), { dataTransfer });
    expect(screen.queryByText('Drop file to upload')).toBeNull();
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

  it('starts a DM from New Chat: oneself just closes it, an existing partner opens the existing DM, someone new starts one', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    const openNewChat = async () => {
      await user.click(screen.getByRole('button', { name: 'New Chat' }));
      return screen.findByRole('dialog', { name: 'New Chat' });
    };
    const pick = async (drawer: HTMLElement, term: string, name: string) => {
      await user.click(within(drawer).getByRole('textbox', { name: 'Search Users' }));
      await user.paste(term);
      act(() => jest.advanceTimersByTime(300));
      await user.click(await within(drawer).findByRole('button', { name }));
    };

    await pick(await openNewChat(), 'ann', 'Ann Lee @ann');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Chat' })).toBeNull());
    expect(gateway.callsTo('/api/users/initiateChat')).toHaveLength(0);

    await pick(await openNewChat(), 'cy', 'Cy Diaz @cy');
    await screen.findByRole('region', { name: 'Chat room Cy Diaz' });
    expect(gateway.callsTo('/api/users/initiateChat')).toHaveLength(0);

    await pick(await openNewChat(), 'dee', 'Dee Fox @dee');
    await screen.findByRole('region', { name: 'Chat room Dee Fox' });
    expect(gateway.callsTo('/api/users/initiateChat')[0].body).toEqual({ senderId: 'u-ann', recipientId: 'u-dee', recipientUserName: 'dee' });
    expect(within(list()).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Dee Fox', 'Bob Roe', 'Cy Diaz']);
  }, 300_000);

  it('creates a group in New Group Chat: name, members found by search (removable), the creator as Chat Creator', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });
    await user.click(screen.getByRole('button', { name: 'New Group Chat' }));
    const drawer = await screen.findByRole('dialog', { name: 'New Group Chat' });
    const create = within(drawer).getByRole('button', { name: 'Create Chat' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(within(drawer).getByText('Chat Creator').closest('li')?.textContent).toContain('Ann Lee');

    await user.click(within(drawer).getByRole('textbox', { name: 'Group Name' }));
    await user.paste('Credentialing');
    for (const [term, name] of [
      ['cy', 'Cy Diaz @cy'],
      ['dee', 'Dee Fox @dee'],
    ]) {
      const search = within(drawer).getByRole('textbox', { name: 'Search Members' });
      await user.clear(search);
      await user.click(search);
      await user.paste(term);
      act(() => jest.advanceTimersByTime(300));
      await user.click(await within(drawer).findByRole('button', { name }));
    }
    await user.click(within(drawer).getByRole('button', { name: 'Remove Cy Diaz' }));
    await user.click(create);
    await screen.findByRole('region', { name: 'Chat room Credentialing' });
    expect(gateway.callsTo('/api/users/initiateGroupChat')[0].body).toEqual({ title: 'Credentialing', creatorId: 'u-ann', members: ['u-dee'] });
  }, 300_000);

  it('lets only the creator edit a group in the participants drawer and press Update Group Chat', async () => {
    const { user } = renderChat();
    await screen.findByRole('region', { name: 'Chat room Bob Roe' });
    await user.click(screen.getByRole('tab', { name: 'Group Chats' }));
    await screen.findByRole('region', { name: 'Chat room Board' });

    await user.click(within(room()).getByRole('button', { name: 'Ann Lee: chat participants' }));
    const drawer = await screen.findByRole('dialog', { name: 'Chat Participants (creator view)' });
    const title = within(drawer).getByRole('textbox', { name: 'Group Name' });
    await user.clear(title);
    await user.paste('Board 2025');
    await user.click(within(drawer).getByRole('button', { name: 'Remove Bob Roe' }));
    const search = within(drawer).getByRole('textbox', { name: 'Search Members' });
    await user.type(search, 'cy');
    act(() => jest.advanceTimersByTime(300));
    await user.click(await within(drawer).findByRole('button', { name: 'Cy Diaz @cy' }));
    await user.click(within(drawer).getByRole('button', { name: 'Update Group Chat' }));
    await waitFor(() => expect(within(room()).getByRole('heading', { name: 'Board 2025' })).toBeTruthy());
    expect(gateway.callsTo('/api/users/updateGroupChat')[0].body).toEqual({ title: 'Board 2025', chatId: 'g-board', members: ['u-cy'] });

    await user.click(within(list('Group chats')).getByRole('button', { name: /Billing/ }));
    await screen.findByRole('region', { name: 'Chat room Billing' });
    await user.click(within(room()).getByRole('button', { name: 'Bob Roe: chat participants' }));
    const viewer = await screen.findByRole('dialog', { name: 'Chat Participants (participant view)' });
    expect(within(viewer).queryByRole('textbox')).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Update Group Chat' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(viewer).getByText('Chat Creator').closest('li')?.textContent).toContain('Bob Roe');
  });

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
