import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { NotAllowed } from '../domain/credentialing.errors';
import { FileAccess } from '../infrastructure/file-access';

/** The practices' chasing cadences: read and set by the practice's credentialing staff or the master admin (403 otherwise). */
@Injectable()
export class ChasingSettings {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
  ) {}

  async assertStaffOf(practiceId: string): Promise<string> {
    const actor = this.access.actor();
    if (actor.isMasterAdmin) return actor.userId;
    const r = await this.pool.query(`SELECT 1 FROM credentialing_memberships WHERE practice_id = $1 AND user_id = $2 AND access_type = ANY($3)`, [
      practiceId,
      actor.userId,
      credentialing.CREDENTIALING_ACCESS_TYPES,
    ]);
    if (!r.rowCount) throw new NotAllowed("Only the practice's credentialing staff (Credentialer, Practice Manager, Practice Owner) and the master admin set its chasing");
    return actor.userId;
  }

  async get(practiceId: string): Promise<credentialing.ChasingSettingsReply> {
    const { rows } = await this.pool.query<{ every_days: number; max_times: number }>(`SELECT every_days, max_times FROM credentialing_chasing WHERE practice_id = $1`, [practiceId]);
    return rows[0]
      ? { practiceId, everyDays: rows[0].every_days, maxTimes: rows[0].max_times, custom: true }
      : { practiceId, ...credentialing.CHASING_DEFAULTS, custom: false };
  }

  async set(practiceId: string, everyDays: number, maxTimes: number, by: string): Promise<credentialing.ChasingSettingsReply> {
    await this.pool.query(
      `INSERT INTO credentialing_chasing (practice_id, every_days, max_times, set_by, set_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (practice_id) DO UPDATE SET every_days = EXCLUDED.every_days, max_times = EXCLUDED.max_times, set_by = EXCLUDED.set_by, set_at = now()`,
      [practiceId, everyDays, maxTimes, by],
    );
    return this.get(practiceId);
  }
}
