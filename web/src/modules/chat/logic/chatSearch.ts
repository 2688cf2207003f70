import type { ChatMe, ChatSearchHits, DmChat, GroupChat } from '../types/chat';
import { dmCounterpart } from './chatRecords';
import { matchesTerm } from './highlight';

function messagesMatch(chat: { messages: DmChat['messages'] }, term: string): boolean {
  return chat.messages.some((m) => (m.isImage || m.isDocument ? matchesTerm(m.originalFileName, term) : matchesTerm(m.msg, term)));
}

/** The DMs shown for the search text: by the counterpart's names, loaded messages, or the server's hits. */
export function filterDms(chats: readonly DmChat[], term: string, hits: ChatSearchHits | null, me: ChatMe | null): DmChat[] {
  if (!term.trim()) return [...chats];
  return chats.filter((chat) => {
    const other = dmCounterpart(chat, me);
    return matchesTerm(other.displayName, term) || matchesTerm(other.userName, term) || messagesMatch(chat, term) || Boolean(hits?.dmIds.includes(chat._id));
  });
}

/** The groups shown for the search text: by title, creator, loaded messages, or the server's hits. */
export function filterGroups(chats: readonly GroupChat[], term: string, hits: ChatSearchHits | null): GroupChat[] {
  if (!term.trim()) return [...chats];
  return chats.filter(
    (chat) =>
      matchesTerm(chat.title, term) ||
      matchesTerm(chat.chatCreatorDisplayName, term) ||
      chat.memberUsers.some((u) => matchesTerm(u.displayName, term) || matchesTerm(u.userName, term)) ||
      messagesMatch(chat, term) ||
      Boolean(hits?.groupIds.includes(chat._id)),
  );
}

/** The preview line of a chat in the list: its last message, a file's name, or nothing yet. */
export function previewOf(chat: { messages: DmChat['messages'] }): string {
  const last = chat.messages.at(-1);
  if (!last) return 'No messages yet';
  const who = last.senderDisplayName ? `${last.senderDisplayName}: ` : '';
  if (last.isImage) return `${who}📷 ${last.originalFileName ?? 'Image'}`;
  if (last.isDocument) return `${who}📄 ${last.originalFileName ?? 'Document'}`;
  return `${who}${last.msg}`;
}
