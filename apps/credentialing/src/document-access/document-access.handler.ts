import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL, currentContext } from '@app/nest-kit';
import { mayDo } from '../domain/credentialing-file.decider';
import { FileAccess } from '../infrastructure/file-access';
import { DocumentAccessQuery } from './document-access.query';

/**
 * May the signed actor see this uploaded document? `claimed` when a credentialing file holds it;
 * `allowed` when the signed actor may see one of those files (the provider, the file's
 * credentialing staff, the master admin). The gateway asks before serving an upload that is not
 * public (without an actor: whether it is claimed, never allowed).
 */
@QueryHandler(DocumentAccessQuery)
export class DocumentAccessHandler implements IQueryHandler<DocumentAccessQuery, credentialing.DocumentAccessReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: DocumentAccessQuery): Promise<credentialing.DocumentAccessReply> {
    const { rows } = await this.pool.query<{ provider_id: string }>(`SELECT provider_id FROM credentialing_documents WHERE name = $1`, [input.name]);
    if (!rows.length) return { claimed: false, allowed: false };
    if (!currentContext()?.actor?.userId) return { claimed: true, allowed: false };
    for (const r of rows) if (mayDo((await this.access.fileActor(r.provider_id)).role, 'ViewFile')) return { claimed: true, allowed: true };
    return { claimed: true, allowed: false };
  }
}
