/** Chat constants (accounts spec §4 Chat, §5 Chat, §9). */
import { DEBOUNCE_MS, SIDE_DRAWER_WIDTH_PX } from '../../layout/constants/breakpoints';

/** The chat tabs (spec §9). */
export const CHAT_TAB = { DM: 0, Group: 1 } as const;

/** The top-bar chat badge clears this long after the chat screen opens. */
export const CHAT_BADGE_CLEAR_MS = 3000;
/** The message list scrolls to the bottom this long after the chat screen opens. */
export const CHAT_SCROLL_DELAY_MS = 2000;
/** The search box waits this long after the last keystroke. */
export const CHAT_SEARCH_DEBOUNCE_MS = DEBOUNCE_MS;
/** The chat drawer's width (the whole window at 700 px or narrower). */
export const CHAT_DRAWER_WIDTH_PX = SIDE_DRAWER_WIDTH_PX;

/** Image previews: 200 px wide, at most 400 px high. */
export const IMAGE_PREVIEW_WIDTH_PX = 200;
export const IMAGE_PREVIEW_MAX_HEIGHT_PX = 400;

/** What the file picker accepts (spec §5). */
export const CHAT_FILE_ENDINGS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg'] as const;
export const CHAT_FILE_ACCEPT = CHAT_FILE_ENDINGS.map((ending) => `.${ending}`).join(',');

export const CHAT_LABELS = {
  dmTab: "DM's",
  groupTab: 'Group Chats',
  search: 'Search Users, Groups, and Messages',
  selectRoom: 'Select Chat Room',
  newChat: 'New Chat',
  newGroupChat: 'New Group Chat',
  chatCreator: 'Chat Creator',
  createChat: 'Create Chat',
  participantsCreator: 'Chat Participants (creator view)',
  participantsMember: 'Chat Participants (participant view)',
  updateGroupChat: 'Update Group Chat',
  deleteChatRoom: 'Delete Chat Room',
  dropFile: 'Drop file to upload',
  typeMessage: 'Type message',
  send: 'Send',
} as const;
