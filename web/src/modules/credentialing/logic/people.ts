import type { FileView } from '../api/credentialingApi';

/** A person the file mentions, by name (the service names everyone it mentions; never a raw id). */
export function personName(file: FileView, userId: string): string {
  return file.people?.[userId] ?? 'Unknown user';
}
