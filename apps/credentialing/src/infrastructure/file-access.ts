import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { PG_POOL, Unauthorized, currentContext } from '@app/nest-kit';
import type { FileActor } from '../domain/credentialing-file.decider';
import { NotAllowed } from '../domain/credentialing.errors';

export type ProviderProfile = { id: string; name: string | null; npi: string | null; email: string | null; firstName: string | null; lastName: string | null };

/** Waits a little for an event that may still be on its way (the profile of a just-created user). */
async function eventually<T>(read: () => Promise<T | undefined>, tries = 10, delayMs = 200): Promise<T | undefined> {
  for (let i = 0; ; i++) {
    const value = await read();
    if (value !== undefined || i >= tries) return value;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/**
 * Who the signed actor is for a provider's file, from what credentialing learned of the
 * directory's profiles and the practices' memberships (never their tables): the master admin
 * (signed role), the provider themself, credentialing staff (Credentialer, Practice Manager or
 * Practice Owner of a practice the provider belongs to), or nobody.
 */
@Injectable()
export class FileAccess {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  actor(): { userId: string; isMasterAdmin: boolean } {
    const actor = currentContext()?.actor;
    if (!actor?.userId) throw new Unauthorized('Not signed in or session expired');
    return { userId: actor.userId, isMasterAdmin: (actor.roles ?? []).includes('masterAdmin') };
  }

  async fileActor(providerId: string): Promise<FileActor> {
    const { userId, isMasterAdmin } = this.actor();
    if (isMasterAdmin) return { userId, role: 'masterAdmin' };
    if (userId === providerId) return { userId, role: 'provider' };
    const staff = await this.pool.query(
      `SELECT 1 FROM credentialing_memberships s JOIN credentialing_memberships p ON p.practice_id = s.practice_id
        WHERE s.user_id = $1 AND s.access_type = ANY($2) AND p.user_id = $3 LIMIT 1`,
      [userId, credentialing.CREDENTIALING_ACCESS_TYPES, providerId],
    );
    if (staff.rowCount) return { userId, role: 'staff' };
    // Committee members and the Medical Director see the files they decide (roles learned from identity's events).
    const committee = await this.pool.query(`SELECT 1 FROM credentialing_committee_roles WHERE user_id = $1 AND (committee_member OR medical_director)`, [userId]);
    return { userId, role: committee.rowCount ? 'committee' : 'none' };
  }

  /**
   * The practices on whose behalf the actor asks this provider (an invitation names them): the
   * actor's credentialing practices the provider belongs to, or, for the master admin, all of the provider's.
   */
  async askingPractices(actor: FileActor, providerId: string): Promise<string[]> {
    const rows =
      actor.role === 'masterAdmin'
        ? await this.pool.query<{ practice_id: string }>(`SELECT practice_id FROM credentialing_memberships WHERE user_id = $1 ORDER BY practice_id`, [providerId])
        : await this.pool.query<{ practice_id: string }>(
            `SELECT DISTINCT s.practice_id FROM credentialing_memberships s JOIN credentialing_memberships p ON p.practice_id = s.practice_id
              WHERE s.user_id = $1 AND s.access_type = ANY($2) AND p.user_id = $3 ORDER BY s.practice_id`,
            [actor.userId, credentialing.CREDENTIALING_ACCESS_TYPES, providerId],
          );
    return rows.rows.map((r) => r.practice_id);
  }

  /** The master admin, or a Credentialer / Practice Manager / Practice Owner of some practice (403 otherwise). */
  async assertStaff(): Promise<{ userId: string; isMasterAdmin: boolean }> {
    const actor = this.actor();
    if (!(await this.isStaff(actor))) throw new NotAllowed('Only the master admin and credentialing staff (Credentialer, Practice Manager, Practice Owner) search the exclusion list');
    return actor;
  }

  /** Whether the signed actor is the master admin or a Credentialer / Practice Manager / Practice Owner of some practice. */
  async isStaff(actor = this.actor()): Promise<boolean> {
    if (actor.isMasterAdmin) return true;
    const r = await this.pool.query(`SELECT 1 FROM credentialing_memberships WHERE user_id = $1 AND access_type = ANY($2) LIMIT 1`, [
      actor.userId,
      credentialing.CREDENTIALING_ACCESS_TYPES,
    ]);
    return !!r.rowCount;
  }

  /** The providers whose files the actor manages as staff (for the grid's scope). */
  async managedProviders(userId: string): Promise<string[]> {
    const rows = await this.pool.query<{ user_id: string }>(
      `SELECT DISTINCT p.user_id FROM credentialing_memberships s JOIN credentialing_memberships p ON p.practice_id = s.practice_id
        WHERE s.user_id = $1 AND s.access_type = ANY($2) AND p.user_id <> $1`,
      [userId, credentialing.CREDENTIALING_ACCESS_TYPES],
    );
    return rows.rows.map((r) => r.user_id);
  }

  /**
   * The names of users as the directory last said (`First Last`, else the display or user name),
   * by id; the monitoring's own runs are `Automatic monitoring`, a user the directory never
   * announced (or deleted) `Former user`. Never a raw id.
   */
  async names(ids: readonly string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    if (uuids.length) {
      const r = await this.pool.query<{ id: string; name: string | null }>(
        `SELECT id, COALESCE(NULLIF(trim(concat_ws(' ', first_name, last_name)), ''), NULLIF(trim(display_name), ''), user_name) AS name
           FROM credentialing_profiles WHERE id = ANY($1::uuid[])`,
        [uuids],
      );
      for (const row of r.rows) if (row.name) out[row.id] = row.name;
    }
    for (const id of ids) out[id] ??= id === 'system' ? 'Automatic monitoring' : 'Former user';
    return out;
  }

  /** A provider profile as the directory last said (waiting briefly for one just created). */
  async provider(providerId: string, wait = false): Promise<ProviderProfile | undefined> {
    const read = async () => {
      const r = await this.pool.query<{ id: string; first_name: string | null; last_name: string | null; display_name: string | null; npi: string | null; email: string | null }>(
        `SELECT id, first_name, last_name, display_name, npi, email FROM credentialing_profiles WHERE id = $1 AND is_provider AND NOT deleted`,
        [providerId],
      );
      const p = r.rows[0];
      if (!p) return undefined;
      const name = [p.last_name, p.first_name].filter(Boolean).join(', ') || p.display_name;
      return { id: p.id, name, npi: p.npi, email: p.email, firstName: p.first_name, lastName: p.last_name };
    };
    return wait ? eventually(read) : read();
  }
}
