import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '@app/nest-kit';
import { NotAllowed } from '../domain/credentialing.errors';
import { FileAccess } from './file-access';

export type CommitteeActor = { userId: string; committeeMember: boolean; medicalDirector: boolean; masterAdmin: boolean };

/**
 * Who the signed actor is for the committee, from the roles credentialing learned from identity's
 * events (`credentialing_committee_roles`, never identity's tables): a Committee member, the
 * Medical Director (who also sits on the committee), the master admin (signed role), or nobody.
 */
@Injectable()
export class CommitteeAccess {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly files: FileAccess,
  ) {}

  async actor(): Promise<CommitteeActor> {
    const { userId, isMasterAdmin } = this.files.actor();
    const r = await this.pool.query<{ committee_member: boolean; medical_director: boolean }>(
      `SELECT committee_member, medical_director FROM credentialing_committee_roles WHERE user_id = $1`,
      [userId],
    );
    return { userId, committeeMember: r.rows[0]?.committee_member ?? false, medicalDirector: r.rows[0]?.medical_director ?? false, masterAdmin: isMasterAdmin };
  }

  /** The Medical Director (403 otherwise). */
  async medicalDirector(): Promise<CommitteeActor> {
    const a = await this.actor();
    if (!a.medicalDirector) throw new NotAllowed('Only the Medical Director approves clean files');
    return a;
  }

  /** A Committee member or the Medical Director: they decide (403 otherwise). */
  async member(): Promise<CommitteeActor> {
    const a = await this.actor();
    if (!a.committeeMember && !a.medicalDirector) throw new NotAllowed('Only Committee members and the Medical Director decide for the committee');
    return a;
  }

  /** A member or the master admin: they see the queue and the meetings, schedule them and download the minutes (403 otherwise). */
  async memberOrMasterAdmin(): Promise<CommitteeActor> {
    const a = await this.actor();
    if (!a.committeeMember && !a.medicalDirector && !a.masterAdmin) throw new NotAllowed('Only Committee members, the Medical Director and the master admin see the committee');
    return a;
  }

  /** Providers as a batch refusal names them: `Last, First (NPI n)`. */
  async providerNames(ids: readonly string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const id of ids) {
      const p = await this.files.provider(id);
      out[id] = p ? `${p.name ?? 'Provider'}${p.npi ? ` (NPI ${p.npi})` : ''}` : `Unknown provider ${id}`;
    }
    return out;
  }

  /** The designated users (Committee members and Medical Directors), named as the directory last said. */
  async members(): Promise<{ userId: string; name: string; committeeMember: boolean; medicalDirector: boolean }[]> {
    const r = await this.pool.query<{ user_id: string; committee_member: boolean; medical_director: boolean }>(
      `SELECT r.user_id, r.committee_member, r.medical_director FROM credentialing_committee_roles r
         LEFT JOIN credentialing_profiles p ON p.id = r.user_id
        WHERE (r.committee_member OR r.medical_director) AND NOT COALESCE(p.deleted, false)`,
    );
    const names = await this.files.names(r.rows.map((x) => x.user_id));
    return r.rows
      .map((x) => ({ userId: x.user_id, name: names[x.user_id], committeeMember: x.committee_member, medicalDirector: x.medical_director }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}
