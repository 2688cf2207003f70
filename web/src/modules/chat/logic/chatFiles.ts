import { CHAT_FILE_ENDINGS } from '../constants/chatConstants';

/** The icon a document shows, chosen by its ending (spec §5). */
export type DocumentIconKind = 'word' | 'excel' | 'powerpoint' | 'pdf' | 'text' | 'file';

const ICON_BY_ENDING: Record<string, DocumentIconKind> = {
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  csv: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  pdf: 'pdf',
  txt: 'text',
  rtf: 'text',
  md: 'text',
};

/** The ending of a file name or URL (lower case, without the dot; query and fragment ignored). */
export function fileEnding(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0] ?? '';
  const name = path.split('/').at(-1) ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 || (dot === 0 && name.length > 1) ? name.slice(dot + 1).toLowerCase() : '';
}

/** A message is an image when its file ends in .png, .jpg or jpeg (spec §5). */
export function isImageName(nameOrUrl: string): boolean {
  const ending = fileEnding(nameOrUrl);
  return ending === 'png' || ending === 'jpg' || ending === 'jpeg';
}

/** The document icon for a file name or URL: word, excel, powerpoint, pdf, text, or a generic file. */
export function documentIconKind(nameOrUrl: string): DocumentIconKind {
  return ICON_BY_ENDING[fileEnding(nameOrUrl)] ?? 'file';
}

/** Whether the picker accepts this file (by its name; the server decides by content). */
export function isAcceptedChatFile(name: string): boolean {
  return (CHAT_FILE_ENDINGS as readonly string[]).includes(fileEnding(name));
}

/** The name a file message shows: its original file name, else the last part of its URL. */
export function fileDisplayName(msg: string, originalFileName?: string): string {
  if (originalFileName) return originalFileName;
  const last = msg.split(/[?#]/)[0]?.split('/').at(-1) ?? '';
  try {
    return decodeURIComponent(last) || msg;
  } catch {
    return last || msg;
  }
}

/** Why a file cannot be sent (its type is not one the chat accepts), or null when it can. */
export function refusedChatFileMessage(name: string): string | null {
  if (isAcceptedChatFile(name)) return null;
  const ending = fileEnding(name);
  return `${ending ? `.${ending} files` : 'Files without an ending'} cannot be sent. Send ${CHAT_FILE_ENDINGS.map((e) => e.toUpperCase()).join(', ')} files.`;
}
