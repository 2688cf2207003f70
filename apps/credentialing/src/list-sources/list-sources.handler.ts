import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { FileAccess } from '../infrastructure/file-access';
import { listStatus } from '../sources/list/list-importer';
import { ListSourcesQuery } from './list-sources.query';

/** Each list of SANCTION_SOURCES with its rows and its last completed import (file, when, sample); never imported: no file, 0 rows. */
@QueryHandler(ListSourcesQuery)
export class ListSourcesHandler implements IQueryHandler<ListSourcesQuery, credentialing.SourceListsReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async execute(): Promise<credentialing.SourceListsReply> {
    await this.access.assertStaff();
    const status = new Map((await listStatus(this.pool)).map((s) => [s.source, s]));
    return {
      sources: credentialing.SANCTION_SOURCES.map((s) => {
        const st = status.get(s.id);
        return { source: s.id, name: s.name, file: st?.file ?? null, importedAt: st?.finishedAt?.toISOString() ?? null, rows: st?.rows ?? 0, sample: st?.sample ?? false };
      }),
    };
  }
}
