/**
 * Chat attachments: stored by the gateway per room and served only to that room's participants
 * (a signed-in request checked against the room). A file message's `msg` is this URL.
 */
export const CHAT_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg', 'jpeg'] as const;
export const CHAT_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** Largest chat attachment (also bounded by UPLOAD_MAX_BYTES). */
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The stored name: 32 random hex digits and the extension the content was recognised as. */
export const CHAT_FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|pdf|doc|docx|xls|xlsx|ppt|pptx)$/;
const CHAT_FILE_URL = new RegExp(`^/api/users/chatFiles/(${UUID})/([a-f0-9]{32}\\.(png|jpg|pdf|doc|docx|xls|xlsx|ppt|pptx))$`);

export function chatFileUrl(chatId: string, name: string): string {
  return `/api/users/chatFiles/${chatId}/${name}`;
}

/** The chat id, stored name and extension of a chat file URL, or null when `url` is not one. */
export function parseChatFileUrl(url: string): { chatId: string; name: string; ext: string } | null {
  const m = CHAT_FILE_URL.exec(url);
  return m ? { chatId: m[1], name: m[2], ext: m[3] } : null;
}
