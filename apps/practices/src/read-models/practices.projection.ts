import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import type { PracticeAddress, PracticeChanges, PracticeDetails, PracticeEvent } from '../domain/practice.events';
import { PRACTICES_TABLE, PRACTICE_USERS_TABLE, phoneDisplay, zipDigits } from './practices.schema';

/** `"<schema>"."<table>"`: the EntityManager's schema (a rebuild hands one bound to its shadow schema). */
function table(em: EntityManager, name: string): string {
  const schema = em.schema ?? (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${name}"`;
}

function addressColumns(a: PracticeAddress): Record<string, unknown> {
  return { street1: a.streetAddress1, suite: a.suite, city: a.city, state: a.state, zip: a.zip, zip_digits: zipDigits(a.zip) };
}

function detailColumns(c: Partial<PracticeDetails> | PracticeChanges): Record<string, unknown> {
  const d = c as Partial<PracticeDetails>;
  const out: Record<string, unknown> = {};
  const map: [keyof PracticeDetails, string][] = [
    ['npi', 'npi'],
    ['practiceName', 'practice_name'],
    ['displayName', 'display_name'],
    ['userName', 'user_name'],
    ['email', 'email'],
    ['fax', 'fax'],
    ['website', 'website'],
    ['profileDescription', 'description'],
    ['bannerImageUrl', 'banner_url'],
    ['avatarImageUrl', 'avatar_url'],
  ];
  for (const [key, column] of map) if (d[key] !== undefined) out[column] = d[key];
  if (d.phone !== undefined) Object.assign(out, { phone: d.phone, phone_display: phoneDisplay(d.phone) });
  if (d.mailingAddress) Object.assign(out, addressColumns(d.mailingAddress));
  return out;
}

/**
 * The practices read models (`practices`, `practice_users`): the grid, the profile, each user's
 * practices. Rebuilt into shadow tables and swapped in (`tables`).
 */
@Injectable()
export class PracticesProjection implements Projection {
  readonly name = 'practices';
  readonly eventTypes = [
    'PracticeCreated',
    'PracticeProfileUpdated',
    'PracticeImageChanged',
    'PracticeUserAdded',
    'PracticeUserAccessTypeChanged',
    'PracticeUserRemoved',
    'PracticeDeleted',
  ];
  readonly tables = [PRACTICES_TABLE, PRACTICE_USERS_TABLE];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const e = { type: event.type, data: event.data } as PracticeEvent;
    const t = table(em, PRACTICES_TABLE);
    const u = table(em, PRACTICE_USERS_TABLE);
    const conn = em.getConnection();
    const touch = (id: string, at: string) => conn.execute(`UPDATE ${t} SET last_update = ? WHERE id = ?`, [at, id]);
    const update = async (id: string, cols: Record<string, unknown>, at: string) => {
      const entries = Object.entries({ ...cols, last_update: at });
      await conn.execute(`UPDATE ${t} SET ${entries.map(([c]) => `"${c}" = ?`).join(', ')} WHERE id = ?`, [...entries.map(([, v]) => v), id]);
    };
    switch (e.type) {
      case 'PracticeCreated': {
        const d = e.data;
        const cols: Record<string, unknown> = { id: d.practiceId, ...detailColumns(d.details), created_at: d.createdAt, last_update: d.createdAt };
        const names = Object.keys(cols);
        await conn.execute(
          `INSERT INTO ${t} (${names.map((c) => `"${c}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})
           ON CONFLICT (id) DO UPDATE SET ${names.filter((c) => c !== 'id').map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}`,
          Object.values(cols),
        );
        return;
      }
      case 'PracticeProfileUpdated':
        await update(e.data.practiceId, detailColumns(e.data.changes), e.data.updatedAt);
        return;
      case 'PracticeImageChanged':
        await update(e.data.practiceId, { [e.data.image === 'banner' ? 'banner_url' : 'avatar_url']: e.data.url }, e.data.changedAt);
        return;
      case 'PracticeUserAdded': {
        const d = e.data;
        await conn.execute(
          `INSERT INTO ${u} (practice_id, user_id, access_type, full_name, npi, avatar_url, position, added_at)
           VALUES (?, ?, ?, ?, ?, ?, (SELECT count(*) FROM ${u} WHERE practice_id = ?), ?)
           ON CONFLICT (practice_id, user_id) DO UPDATE SET access_type = EXCLUDED.access_type`,
          [d.practiceId, d.userId, d.accessType, d.fullName, d.npi, d.avatarImageUrl, d.practiceId, d.addedAt],
        );
        await touch(d.practiceId, d.addedAt);
        return;
      }
      case 'PracticeUserAccessTypeChanged':
        await conn.execute(`UPDATE ${u} SET access_type = ? WHERE practice_id = ? AND user_id = ?`, [e.data.to, e.data.practiceId, e.data.userId]);
        await touch(e.data.practiceId, e.data.changedAt);
        return;
      case 'PracticeUserRemoved':
        await conn.execute(`DELETE FROM ${u} WHERE practice_id = ? AND user_id = ?`, [e.data.practiceId, e.data.userId]);
        await touch(e.data.practiceId, e.data.removedAt);
        return;
      case 'PracticeDeleted':
        await conn.execute(`DELETE FROM ${u} WHERE practice_id = ?`, [e.data.practiceId]);
        await conn.execute(`DELETE FROM ${t} WHERE id = ?`, [e.data.practiceId]);
        return;
      default:
        return;
    }
  }
}
