import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { qualifiedTable } from '@app/nest-kit';

const FILE_NAME = /\/api\/files\/([a-f0-9]{32}\.[a-z]{2,4})/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored files (`/api/files/<name>`) an event of a provider's file names: documents, evidence, letters, whatever event carries them. */
export function documentsOf(event: Pick<RecordedEvent, 'streamId' | 'data'>): { providerId: string; names: string[] } | null {
  if (!event.streamId.startsWith('credentialing-') || event.streamId.startsWith('credentialing-alerts-')) return null;
  const providerId = (event.data as { providerId?: unknown } | null)?.providerId;
  if (typeof providerId !== 'string' || !UUID.test(providerId)) return null;
  const names = [...new Set([...JSON.stringify(event.data).matchAll(FILE_NAME)].map((m) => m[1]))];
  return names.length ? { providerId, names } : null;
}

/**
 * Which provider's file holds which uploaded document (`credentialing_documents`), from the
 * file's own events: every `/api/files/...` URL any of them carries (a credential's documents, a
 * verification's or a resolution's evidence, ...). A document stays claimed once named, even if
 * later removed from a credential: the file's history still shows it.
 */
@Injectable()
export class DocumentsProjection implements Projection {
  readonly name = 'credentialing-documents';

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const found = documentsOf(event);
    if (!found) return;
    await em.execute(
      `INSERT INTO ${qualifiedTable(em, 'credentialing_documents')} (name, provider_id) VALUES ${found.names.map(() => '(?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
      found.names.flatMap((n) => [n, found.providerId]),
    );
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualifiedTable(em, 'credentialing_documents')}`);
  }
}
