import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { buildGridQuery, runGridQuery } from '@app/grid';
import { PG_POOL } from '@app/nest-kit';
import { FileAccess } from '../infrastructure/file-access';
import { FILES_GRID } from './files.grid';
import { ListFilesQuery } from './list-files.query';

type Row = {
  provider_id: string;
  provider: string | null;
  npi: string | null;
  status: credentialing.FileStatus;
  open_items: number;
  next_expiry: string | null;
  recredentialing_due_on: string | null;
  last_change: Date;
  exclusion: credentialing.FileExclusion;
  monitoring: credentialing.FileMonitoringStatus;
  approval_in_force: boolean;
  attestation_due_on: string | null;
  attestation: 'Lapsed' | null;
};

/** node-postgres reads a `date` as local midnight: its local calendar day is the column's. */
const pad = (n: number) => String(n).padStart(2, '0');
export const day = (v: unknown) => (v instanceof Date ? `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}` : v ? String(v).slice(0, 10) : null);

/** Scoped on the server: the master admin sees every file, staff the files of their practices' providers, a provider their own. */
@QueryHandler(ListFilesQuery)
export class ListFilesHandler implements IQueryHandler<ListFilesQuery, credentialing.ListFilesReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: ListFilesQuery): Promise<credentialing.ListFilesReply> {
    const actor = this.access.actor();
    const scope = actor.isMasterAdmin ? undefined : { provider_id: [actor.userId, ...(await this.access.managedProviders(actor.userId))] };
    const sql = buildGridQuery(FILES_GRID, input, {
      select: ['provider_id', 'provider', 'npi', 'status', 'open_items', 'next_expiry', 'recredentialing_due_on', 'last_change', 'exclusion', 'monitoring', 'approval_in_force', 'attestation_due_on', 'attestation'],
      ...(scope ? { scope } : {}),
    });
    const { rows, count } = await runGridQuery<Row>(this.pool, sql);
    return {
      count,
      files: rows.map((r) => ({
        providerId: r.provider_id,
        provider: r.provider,
        npi: r.npi,
        status: r.status,
        openItems: r.open_items,
        nextExpiry: day(r.next_expiry),
        recredentialingDueOn: day(r.recredentialing_due_on),
        lastChange: new Date(r.last_change).toISOString(),
        exclusion: r.exclusion,
        monitoring: r.monitoring,
        approvalInForce: r.approval_in_force,
        attestationDueOn: day(r.attestation_due_on),
        attestation: r.attestation,
      })),
    };
  }
}
