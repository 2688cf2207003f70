import type { QueryClient } from '@tanstack/react-query';
import type { createStore } from 'jotai';
import type { RealtimeEvents } from '@app/contracts';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { browserScheduler, type Scheduler } from '../../timing/scheduler';
import type { ChatApi } from '../api/chatApi';
import { CHAT_BADGE_CLEAR_MS, CHAT_SCROLL_DELAY_MS } from '../constants/chatConstants';
import { chatDrawerAtom } from '../state/chatDrawerAtom';
import { chatScrollRequestAtom } from '../state/chatScrollRequestAtom';
import { chatSearchHitsAtom } from '../state/chatSearchHitsAtom';
import { chatSearchTermAtom } from '../state/chatSearchTermAtom';
import { chatTabAtom } from '../state/chatTabAtom';
import { chatTabBadgesAtom } from '../state/chatTabBadgesAtom';
import { openRoomAtom } from '../state/openRoomAtom';
import type { ChatMe, ChatMessage, ChatTab, ChatType, ChatUser, OpenRoom } from '../types/chat';
import { chatCache, type ChatList, joinRoom } from './chatCache';
import { isImageName } from './chatFiles';
import { bumpUnread, removeChat, setUnread, upsertChat, withLastMessage } from './chatLists';
import { queryClientFor } from '../../api/queryClient';
import { appendMessage, dmCounterpart, mergeMessages, toChatMessage, toChatMessages, toDmChat, toDmChats, toGroupChat, toGroupChats } from './chatRecords';

export type JotaiStore = ReturnType<typeof createStore>;

/** The calls the controller makes (chatApi in the app, a faked fetch in the component specs). */
export type ChatCalls = Omit<ChatApi, 'fetchFile'>;

export type ChatController = {
  /** The chat screen opened: DMs load and the first opens; the badge clears after 3 s, the list scrolls down after 2 s. */
  enter: () => Promise<void>;
  /** The chat screen closed: pending timers are dropped. */
  leave: () => void;
  /** Whether the chat screen is showing. */
  isOnScreen: () => boolean;
  switchTab: (tab: ChatTab) => Promise<void>;
  openChat: (chatType: ChatType, chatId: string) => Promise<void>;
  /** Loads the page of messages before the oldest one shown. */
  loadEarlier: () => Promise<void>;
  /** Clears the room ('Select Chat Room'). */
  closeRoom: () => void;
  /** Picking a user in New Chat: nothing for oneself, the existing DM for a partner, else a new DM. */
  startDm: (user: ChatUser) => Promise<void>;
  deleteDm: (chatId: string) => Promise<void>;
  createGroup: (title: string, memberIds: string[]) => Promise<boolean>;
  updateGroup: (chatId: string, title: string, memberIds: string[]) => Promise<boolean>;
  /** Sends text to the open room; an empty message does nothing (false). */
  send: (text: string) => Promise<boolean>;
  /** Uploads a file and sends it to the open room as an image or a document. */
  sendFile: (file: File) => Promise<boolean>;
  search: (term: string) => Promise<void>;
  receiveMessage: (event: RealtimeEvents['new-message-event']) => void;
  receiveNewChat: (event: RealtimeEvents['new-chat-event']) => void;
  receiveDeleteChat: (event: RealtimeEvents['delete-chat-event']) => void;
  receiveUndeleteChat: (event: RealtimeEvents['undelete-chat-event']) => void;
  receiveTitleUpdate: (event: RealtimeEvents['gc-title-update-event']) => void;
  /** The socket (re)connected: unread counts and the open room are fetched again. */
  reconnected: () => Promise<void>;
  /** The top-bar badge: cleared here and on the server. */
  clearIconBadge: () => void;
  /** A message arrived while away from the chat screen: the top-bar badge lights. */
  lightIconBadge: () => void;
  /** Asks the server whether the top-bar badge is lit (sign-in, app load, reconnect). */
  refreshIconBadge: () => Promise<void>;
  /** Forgets everything (sign-out, another user). */
  reset: () => void;
};

function ignore(): undefined {
  return undefined;
}

/**
 * The chat screen's transitions (accounts spec §4 Chat). The lists and rooms are server state
 * in the query cache (logic/chatCache: fetched with fetchQuery, updated in place by sends and
 * realtime events); the jotai store holds only client state (tab, open room, drawer, search,
 * badges). Answers that arrive after the user moved on are dropped: only the newest room
 * request applies, and messages that arrived live while a room was loading are kept.
 */
export function createChatController(store: JotaiStore, api: ChatCalls, scheduler: Scheduler = browserScheduler, queryClient: QueryClient = queryClientFor(store)): ChatController {
  let onScreen = false;
  let timers: unknown[] = [];
  let roomVersion = 0;
  let listVersion = 0;
  let searchVersion = 0;

  const me = (): ChatMe | null => {
    const user = store.get(signedInUserAtom);
    return user ? { _id: user._id, userName: user.userName, displayName: user.displayName } : null;
  };
  const scroll = (): void => store.set(chatScrollRequestAtom, (n) => n + 1);
  const later = (ms: number, run: () => void): void => {
    timers.push(scheduler.setTimeout(run, ms));
  };

  const setIconBadge = (on: boolean): void => {
    const user = store.get(signedInUserAtom);
    if (user && Boolean(user.showChatIconBadge) !== on) store.set(signedInUserAtom, { ...user, showChatIconBadge: on });
  };

  const showRoom = (room: OpenRoom | null): void => {
    roomVersion += 1;
    if (room) putRoom(room);
    else store.set(openRoomAtom, null);
  };

  const cache = chatCache(queryClient, () => store.get(signedInUserAtom)?._id ?? null);

  /** The open room: which one (client state) joined with its cached chat. */
  const getRoom = (): OpenRoom | null => {
    const ref = store.get(openRoomAtom);
    return ref ? joinRoom(ref, cache.getRoom(ref.chatType, ref.chatId)) : null;
  };
  const putRoom = (room: OpenRoom): void => {
    cache.setRoom(room.chatType, room.chat);
    store.set(openRoomAtom, { chatType: room.chatType, chatId: room.chat._id, loading: room.loading, loadingEarlier: room.loadingEarlier });
  };

  /** Fetches a tab's list into the cache (concurrent requests for it share one call). */
  const loadList = async <T extends ChatType>(chatType: T): Promise<ChatList<T> | null> => {
    const user = me();
    if (!user) return null;
    const version = ++listVersion;
    try {
      const chats = await queryClient.fetchQuery({
        queryKey: cache.listKey(chatType),
        queryFn: async () =>
          (chatType === 0 ? toDmChats((await api.getChats(user._id))?.chats) : toGroupChats((await api.getGroupChats(user._id, user.userName))?.groupChats)) as ChatList<T>,
        staleTime: 0,
      });
      return version === listVersion ? chats : null;
    } catch {
      return null;
    }
  };
  const loadDms = () => loadList(0);
  const loadGroups = () => loadList(1);

  /** Fetches a room; messages that arrived live meanwhile are merged in. */
  const fetchRoom = async (chatType: ChatType, chatId: string, version: number): Promise<void> => {
    const user = me();
    if (!user) return;
    try {
      if (chatType === 0) {
        const reply = await api.getChatRoom(chatId, user.userName);
        const chat = toDmChat(reply?.chat);
        const current = getRoom();
        if (!chat || version !== roomVersion || current?.chat._id !== chatId) return;
        putRoom({ chatType: 0, chat: { ...chat, unread: 0, messages: mergeMessages(current.chat.messages, chat.messages) }, loading: false });
      } else {
        const reply = await api.getGroupChatRoom(chatId, user.userName, user._id);
        const chat = toGroupChat(reply?.chat);
        const current = getRoom();
        if (!chat || version !== roomVersion || current?.chat._id !== chatId) return;
        putRoom({ chatType: 1, chat: { ...chat, unread: 0, messages: mergeMessages(current.chat.messages, chat.messages) }, loading: false });
      }
      scroll();
    } catch {
      const current = getRoom();
      if (version === roomVersion && current?.chat._id === chatId) putRoom({ ...current, loading: false } as OpenRoom);
    }
  };

  const openChat = async (chatType: ChatType, chatId: string): Promise<void> => {
    if (chatType === 0) {
      const chat = cache.getList(0).find((c) => c._id === chatId);
      if (!chat) return;
      cache.setList(0, (list) => setUnread(list, chatId, 0));
      showRoom({ chatType: 0, chat: { ...chat, unread: 0, messages: [] }, loading: true });
    } else {
      const chat = cache.getList(1).find((c) => c._id === chatId);
      if (!chat) return;
      cache.setList(1, (list) => setUnread(list, chatId, 0));
      showRoom({ chatType: 1, chat: { ...chat, unread: 0, messages: [] }, loading: true });
    }
    await fetchRoom(chatType, chatId, roomVersion);
  };

  /** Opens the first chat of the tab's list, or clears the room when it is empty. */
  const openFirst = async (chatType: ChatType): Promise<void> => {
    const first = chatType === 0 ? cache.getList(0)[0] : cache.getList(1)[0];
    if (first) await openChat(chatType, first._id);
    else showRoom(null);
  };

  const clearIconBadge = (): void => {
    setIconBadge(false);
    api.resetChatIconBadge().catch(ignore);
  };

  const switchTab = async (tab: ChatTab): Promise<void> => {
    store.set(chatTabAtom, tab);
    store.set(chatTabBadgesAtom, (badges) => (tab === 0 ? { ...badges, dm: false } : { ...badges, group: false }));
    if (tab === 0) await loadDms();
    else await loadGroups();
    if (store.get(chatTabAtom) === tab) await openFirst(tab);
  };

  const postToRoom = async (fields: { msg: string; isImage: boolean; isDocument: boolean; originalFileName?: string }): Promise<boolean> => {
    const room = getRoom();
    const user = me();
    if (!room || !user) return false;
    const sender = { senderId: user._id, senderDisplayName: user.displayName, senderUserName: user.userName };
    let raw: unknown;
    try {
      if (room.chatType === 0) {
        const counterpart = dmCounterpart(room.chat, user);
        const reply = await api.postMessage({ dmId: room.chat._id, ...sender, recipientUserName: counterpart.userName, recipientId: counterpart._id, ...fields });
        raw = reply?.msg;
      } else {
        const reply = await api.postGroupChatMessage({ chatId: room.chat._id, ...sender, ...fields });
        raw = reply?.msg;
      }
    } catch {
      return false;
    }
    const message = toChatMessage(raw);
    if (message) addToRoomOrList(room.chatType, room.chat._id, message, true);
    return true;
  };

  /** A message for a chat: appended to the open room (once), else counted unread in its list. */
  const addToRoomOrList = (chatType: ChatType, chatId: string, message: ChatMessage, mine: boolean): 'appended' | 'duplicate' | 'listed' => {
    const room = getRoom();
    if (room && room.chatType === chatType && room.chat._id === chatId) {
      if (room.chat.messages.some((m) => m._id === message._id)) return 'duplicate';
      putRoom({ ...room, chat: { ...room.chat, messages: appendMessage(room.chat.messages, message) } } as OpenRoom);
      if (chatType === 0) cache.setList(0, (list) => withLastMessage(list, chatId, message));
      else cache.setList(1, (list) => withLastMessage(list, chatId, message));
      scroll();
      return 'appended';
    }
    if (mine) {
      if (chatType === 0) cache.setList(0, (list) => withLastMessage(list, chatId, message));
      else cache.setList(1, (list) => withLastMessage(list, chatId, message));
    } else if (chatType === 0) cache.setList(0, (list) => bumpUnread(list, chatId, message));
    else cache.setList(1, (list) => bumpUnread(list, chatId, message));
    return 'listed';
  };

  const controller: ChatController = {
    enter: async () => {
      onScreen = true;
      for (const timer of timers) scheduler.clearTimeout(timer);
      timers = [];
      later(CHAT_BADGE_CLEAR_MS, clearIconBadge);
      later(CHAT_SCROLL_DELAY_MS, scroll);
      store.set(chatTabAtom, 0);
      store.set(chatTabBadgesAtom, (badges) => ({ ...badges, dm: false }));
      const chats = await loadDms();
      if (chats && onScreen && store.get(chatTabAtom) === 0 && !getRoom()) await openFirst(0);
    },
    leave: () => {
      onScreen = false;
      for (const timer of timers) scheduler.clearTimeout(timer);
      timers = [];
      showRoom(null);
      store.set(chatDrawerAtom, null);
    },
    isOnScreen: () => onScreen,
    switchTab,
    openChat,
    loadEarlier: async () => {
      const room = getRoom();
      const oldest = room?.chat.messages[0];
      if (!room || !oldest || !room.chat.hasMore || room.loadingEarlier) return;
      const version = roomVersion;
      putRoom({ ...room, loadingEarlier: true } as OpenRoom);
      let page: { messages: ChatMessage[]; hasMore: boolean } | null = null;
      try {
        const reply = await api.getChatMessages(room.chat._id, oldest._id);
        page = { messages: toChatMessages(reply?.messages), hasMore: reply?.hasMore === true };
      } catch {
        page = null;
      }
      const current = getRoom();
      if (!current || version !== roomVersion || current.chat._id !== room.chat._id) return;
      putRoom({
        ...current,
        loadingEarlier: false,
        chat: { ...current.chat, messages: page ? mergeMessages(page.messages, current.chat.messages) : current.chat.messages, hasMore: page ? page.hasMore : current.chat.hasMore },
      } as OpenRoom);
    },
    closeRoom: () => showRoom(null),
    startDm: async (picked) => {
      const user = me();
      store.set(chatDrawerAtom, null);
      if (!user || picked._id === user._id) return;
      if (store.get(chatTabAtom) !== 0) {
        store.set(chatTabAtom, 0);
        await loadDms();
      }
      const existing = cache.getList(0).find((chat) => dmCounterpart(chat, user)._id === picked._id);
      if (existing) {
        await openChat(0, existing._id);
        return;
      }
      try {
        const reply = await api.initiateChat(user._id, picked._id, picked.userName);
        const chat = toDmChat(reply?.newDm);
        if (!chat) return;
        cache.setList(0, (list) => upsertChat(list, { ...chat, unread: 0 }));
        await openChat(0, chat._id);
      } catch {
        // Unsuccessful answers are ignored without a message (spec §7).
      }
    },
    deleteDm: async (chatId) => {
      const user = me();
      if (!user) return;
      try {
        await api.deleteChat(user._id, chatId);
      } catch {
        return;
      }
      cache.setList(0, (list) => removeChat(list, chatId));
      if (getRoom()?.chat._id === chatId || !getRoom()) await openFirst(0);
    },
    createGroup: async (title, memberIds) => {
      const user = me();
      if (!user || !title.trim()) return false;
      try {
        const reply = await api.initiateGroupChat(title.trim(), user._id, memberIds);
        const chat = toGroupChat(reply?.newGroupChat);
        store.set(chatDrawerAtom, null);
        if (!chat) return true;
        store.set(chatTabAtom, 1);
        cache.setList(1, (list) => upsertChat(list, { ...chat, unread: 0 }));
        await openChat(1, chat._id);
        return true;
      } catch {
        return false;
      }
    },
    updateGroup: async (chatId, title, memberIds) => {
      if (!title.trim()) return false;
      try {
        const reply = await api.updateGroupChat(title.trim(), chatId, memberIds);
        const chat = toGroupChat(reply?.chat);
        store.set(chatDrawerAtom, null);
        if (!chat) return true;
        cache.setList(1, (list) => list.map((c) => (c._id === chatId ? { ...c, ...chat, unread: c.unread, messages: chat.messages.length ? chat.messages : c.messages } : c)));
        const room = getRoom();
        if (room?.chatType === 1 && room.chat._id === chatId) {
          putRoom({ ...room, chat: { ...room.chat, ...chat, unread: 0, messages: mergeMessages(room.chat.messages, chat.messages) } });
        }
        return true;
      } catch {
        return false;
      }
    },
    send: async (text) => {
      const msg = text.trim();
      if (!msg) return false;
      return postToRoom({ msg, isImage: false, isDocument: false });
    },
    sendFile: async (file) => {
      const room = getRoom();
      if (!room) return false;
      try {
        const upload = await api.uploadFile(file, room.chat._id);
        if (!upload?.fileUrl) return false;
        const originalFileName = upload.originalFileName || file.name;
        const isImage = isImageName(originalFileName) || isImageName(upload.fileUrl);
        return await postToRoom({ msg: upload.fileUrl, isImage, isDocument: !isImage, originalFileName });
      } catch {
        return false;
      }
    },
    search: async (term) => {
      const version = ++searchVersion;
      store.set(chatSearchTermAtom, term);
      const trimmed = term.trim();
      if (!trimmed) {
        store.set(chatSearchHitsAtom, null);
        return;
      }
      try {
        const reply = await api.searchChats(trimmed);
        if (version !== searchVersion) return;
        const ids = (value: unknown): string[] =>
          Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : typeof v === 'object' && v && '_id' in v ? String((v as { _id: unknown })._id) : '')).filter(Boolean) : [];
        store.set(chatSearchHitsAtom, { term: trimmed, dmIds: ids(reply?.chats), groupIds: ids(reply?.groupChats) });
      } catch {
        if (version === searchVersion) store.set(chatSearchHitsAtom, null);
      }
    },
    receiveMessage: ({ id, msg, chatType }) => {
      const message = toChatMessage(msg);
      if (!message) return;
      const user = me();
      const mine = Boolean(user && (message.senderId === user._id || (!message.senderId && message.senderUserName === user.userName)));
      if (!onScreen) {
        if (!mine) setIconBadge(true);
        return;
      }
      const outcome = addToRoomOrList(chatType, id, message, mine);
      if (outcome === 'duplicate') return;
      if (outcome === 'appended' && chatType === 0 && store.get(chatTabAtom) === 0 && !mine) api.markMessageAsRead(id, message._id).catch(ignore);
      if (chatType !== store.get(chatTabAtom) && !mine) store.set(chatTabBadgesAtom, (badges) => (chatType === 0 ? { ...badges, dm: true } : { ...badges, group: true }));
    },
    receiveNewChat: ({ chatType, chat }) => {
      if (!onScreen) return;
      if (chatType === 0) {
        const dm = toDmChat(chat);
        if (!dm) return;
        cache.setList(0, (list) => upsertChat(list, dm));
      } else {
        const group = toGroupChat(chat);
        if (!group) return;
        cache.setList(1, (list) => upsertChat(list, group));
      }
      const list = chatType === 0 ? cache.getList(0) : cache.getList(1);
      if (store.get(chatTabAtom) === chatType && list.length === 1) void openChat(chatType, list[0]._id);
    },
    receiveDeleteChat: ({ chatId, chatType }) => {
      if (!onScreen) return;
      if (chatType === 0) cache.setList(0, (list) => removeChat(list, chatId));
      else cache.setList(1, (list) => removeChat(list, chatId));
      const room = getRoom();
      if (room?.chat._id === chatId) void openFirst(store.get(chatTabAtom));
    },
    receiveUndeleteChat: ({ chatId, chat }) => {
      if (!onScreen) return;
      const dm = toDmChat(chat ?? { _id: chatId });
      if (!dm) return;
      cache.setList(0, (list) => upsertChat(list, { ...dm, unread: 1 }));
      if (store.get(chatTabAtom) !== 0) store.set(chatTabBadgesAtom, (badges) => ({ ...badges, dm: true }));
      else if (!getRoom()) void openChat(0, dm._id);
    },
    receiveTitleUpdate: ({ title, chatId }) => {
      cache.setList(1, (list) => list.map((c) => (c._id === chatId ? { ...c, title } : c)));
      const room = getRoom();
      if (room?.chatType === 1 && room.chat._id === chatId) putRoom({ ...room, chat: { ...room.chat, title } });
    },
    reconnected: async () => {
      if (!onScreen) return;
      const tab = store.get(chatTabAtom);
      const room = getRoom();
      const version = roomVersion;
      if (tab === 0) await loadDms();
      else await loadGroups();
      if (room && version === roomVersion && getRoom()?.chat._id === room.chat._id) {
        if (room.chatType === 0) cache.setList(0, (list) => setUnread(list, room.chat._id, 0));
        else cache.setList(1, (list) => setUnread(list, room.chat._id, 0));
        await fetchRoom(room.chatType, room.chat._id, version);
      } else if (!room) await openFirst(tab);
    },
    clearIconBadge,
    lightIconBadge: () => setIconBadge(true),
    refreshIconBadge: async () => {
      try {
        const reply = await api.chatIconBadge();
        // On the chat screen the badge is being cleared (3 s after entry); elsewhere it shows the server's flag.
        if (typeof reply?.showChatIconBadge === 'boolean' && !onScreen) setIconBadge(reply.showChatIconBadge);
      } catch {
        // Failures are only logged (spec §8).
      }
    },
    reset: () => {
      onScreen = false;
      for (const timer of timers) scheduler.clearTimeout(timer);
      timers = [];
      listVersion += 1;
      searchVersion += 1;
      showRoom(null);
      cache.clear();
      store.set(chatTabAtom, 0);
      store.set(chatTabBadgesAtom, { dm: false, group: false });
      store.set(chatDrawerAtom, null);
      store.set(chatSearchTermAtom, '');
      store.set(chatSearchHitsAtom, null);
    },
  };
  return controller;
}
