import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { FileAccess } from '../infrastructure/file-access';
import { NotAllowed } from '../domain/credentialing.errors';

/** Whose files a report covers: every provider's for the master admin (null), the managed providers' for credentialing staff; 403 for anyone else. */
@Injectable()
export class ReportScope {
  constructor(
    private readonly access: FileAccess,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async providers(actor: { userId: string; isMasterAdmin: boolean }): Promise<string[] | null> {
    if (actor.isMasterAdmin) return null;
    const staff = await this.pool.query(`SELECT 1 FROM credentialing_memberships WHERE user_id = $1 AND access_type = ANY($2) LIMIT 1`, [actor.userId, credentialing.CREDENTIALING_ACCESS_TYPES]);
    if (!staff.rowCount) throw new NotAllowed('Only the master admin and credentialing staff may see the credentialing reports');
    return this.access.managedProviders(actor.userId);
  }
}
