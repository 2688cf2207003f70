import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { EMPTY_ADDRESS, EMPTY_DETAILS, type MailingAddress, type ProfileChanges, type ProfileCreated, type ProfileEvent } from '../domain/profile.events';
import { PROFILES_TABLE, mobileDisplay, zipDigits } from './profiles.schema';

/** `"<schema>"."profiles"`: the EntityManager's schema (a rebuild hands one bound to its shadow schema). */
function table(em: EntityManager): string {
  const schema = em.schema ?? (em.config.get('schema') as string | undefined) ?? 'public';
  return `"${schema.replace(/"/g, '""')}"."${PROFILES_TABLE}"`;
}

/** Columns of a details change (a mailing address is always whole). */
function detailColumns(c: ProfileChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map: [keyof ProfileChanges, string][] = [
    ['npi', 'npi'],
    ['firstName', 'first_name'],
    ['middleName', 'middle_name'],
    ['lastName', 'last_name'],
    ['displayName', 'display_name'],
    ['credentials', 'credentials'],
    ['specialty', 'specialty'],
    ['organization', 'organization'],
    ['phone', 'phone'],
    ['fax', 'fax'],
    ['website', 'website'],
    ['profileDescription', 'description'],
    ['bannerImageUrl', 'banner_url'],
    ['avatarImageUrl', 'avatar_url'],
  ];
  for (const [key, column] of map) if (c[key] !== undefined) out[column] = c[key];
  if (c.mailingAddress) Object.assign(out, addressColumns(c.mailingAddress));
  return out;
}

function addressColumns(a: MailingAddress): Record<string, unknown> {
  return { street1: a.streetAddress1, street2: a.streetAddress2, suite: a.suite, city: a.city, state: a.state, zip: a.zip, zip_digits: zipDigits(a.zip) };
}

/**
 * The grid's 'Name' column as NAME_SQL computes it ('Last, First Middle', else what there is), in
 * JavaScript, so a created row is written once (no second UPDATE rewriting every index).
 */
export function nameColumn(first: string | null, middle: string | null, last: string | null, display: string | null, userName: string): string {
  const given = [first, middle].filter((v) => v !== null).join(' '); // concat_ws skips NULLs
  if (last !== null && given !== '') return `${last}, ${given}`;
  return last ?? (given !== '' ? given : null) ?? display ?? userName;
}

/** The row of a ProfileCreated (every column of CREATED_COLUMNS, in that order). */
function createdColumns(d: ProfileCreated['data']): Record<string, unknown> {
  const v = (x: string | null | undefined) => x ?? null;
  return {
    id: d.profileId,
    user_name: d.account.userName,
    user_name_lower: d.account.userName.toLowerCase(),
    email: d.account.email,
    mobile: d.account.mobile,
    mobile_display: mobileDisplay(d.account.mobile),
    ...detailColumns(d.details),
    name: nameColumn(v(d.details.firstName), v(d.details.middleName), v(d.details.lastName), v(d.details.displayName), d.account.userName),
    is_admin: d.roles.isAdmin,
    is_provider: d.roles.isProvider,
    is_master_admin: d.roles.isMasterAdmin,
    created_at: d.createdAt,
    last_update: d.createdAt,
  };
}

const CREATED_COLUMNS = Object.keys(
  createdColumns({
    profileId: '',
    account: { userName: '', email: '', mobile: null },
    roles: { isAdmin: false, isProvider: false, isMasterAdmin: false },
    details: { ...EMPTY_DETAILS, mailingAddress: EMPTY_ADDRESS },
    createdAt: '',
    createdBy: null,
  }),
);

/** The grid's 'Name': 'Last, First Middle', else what there is (as profiles.schema.ts gridName and nameColumn above). */
const NAME_SQL = `CASE WHEN last_name IS NOT NULL AND nullif(concat_ws(' ', first_name, middle_name), '') IS NOT NULL
  THEN last_name || ', ' || concat_ws(' ', first_name, middle_name)
  ELSE coalesce(last_name, nullif(concat_ws(' ', first_name, middle_name), ''), display_name, user_name) END`;

/**
 * Rows of ProfileCreated events in one statement: the rows travel as one JSON parameter, typed
 * by the table's own row type, and are upserted (a replayed event rewrites its row).
 */
function upsertCreatedSql(t: string): string {
  const cols = CREATED_COLUMNS.map((c) => `"${c}"`).join(', ');
  return `INSERT INTO ${t} AS p (${cols})
    SELECT ${cols} FROM jsonb_populate_recordset(NULL::${t}, ?::jsonb)
    ON CONFLICT (id) DO UPDATE SET ${CREATED_COLUMNS.filter((c) => c !== 'id')
      .map((c) => `"${c}" = EXCLUDED."${c}"`)
      .join(', ')}`;
}

/**
 * The profiles read model (`profiles`): one row per active profile, for the users grid, the
 * profile screens and the searches. Rebuilt into a shadow table and swapped in (`tables`).
 */
@Injectable()
export class ProfilesProjection implements Projection {
  readonly name = 'profiles';
  readonly eventTypes = ['ProfileCreated', 'ProfileUpdated', 'ProfileImageChanged', 'ProfileAccountChanged', 'ProfileDeleted'];
  readonly tables = [PROFILES_TABLE];

  /**
   * A batch: runs of ProfileCreated go in as one multi-row upsert each (a bulk seed or a rebuild
   * is almost only those), every other event through `handle`, all in the events' order. A row
   * created twice in one run (a replayed event) ends the run first, so each upsert touches a row once.
   */
  async handleBatch(events: readonly RecordedEvent[], em: EntityManager): Promise<void> {
    let run: ProfileCreated['data'][] = [];
    let ids = new Set<string>();
    const flush = async () => {
      if (run.length) await this.insertCreated(run, em);
      run = [];
      ids = new Set();
    };
    for (const event of events) {
      if (event.type !== 'ProfileCreated') {
        await flush();
        await this.handle(event, em);
        continue;
      }
      const d = event.data as ProfileCreated['data'];
      if (ids.has(d.profileId) || run.length >= 1000) await flush();
      run.push(d);
      ids.add(d.profileId);
    }
    await flush();
  }

  private async insertCreated(created: ProfileCreated['data'][], em: EntityManager): Promise<void> {
    await em.getConnection().execute(upsertCreatedSql(table(em)), [JSON.stringify(created.map(createdColumns))]);
  }

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const e = { type: event.type, data: event.data } as ProfileEvent;
    const t = table(em);
    const conn = em.getConnection();
    const update = async (id: string, cols: Record<string, unknown>, at: string, renamed: boolean) => {
      const entries = Object.entries({ ...cols, last_update: at });
      await conn.execute(`UPDATE ${t} SET ${entries.map(([c]) => `"${c}" = ?`).join(', ')} WHERE id = ?`, [...entries.map(([, v]) => v), id]);
      if (renamed) await conn.execute(`UPDATE ${t} SET name = ${NAME_SQL} WHERE id = ?`, [id]);
    };
    switch (e.type) {
      case 'ProfileCreated':
        await this.insertCreated([e.data], em);
        return;
      case 'ProfileUpdated': {
        const c = e.data.changes;
        await update(e.data.profileId, detailColumns(c), e.data.updatedAt, ['firstName', 'middleName', 'lastName', 'displayName'].some((k) => k in c));
        return;
      }
      case 'ProfileImageChanged':
        await update(e.data.profileId, { [e.data.image === 'banner' ? 'banner_url' : 'avatar_url']: e.data.url }, e.data.changedAt, false);
        return;
      case 'ProfileAccountChanged': {
        const a = e.data.account;
        const cols: Record<string, unknown> = {};
        if (a.userName !== undefined) Object.assign(cols, { user_name: a.userName, user_name_lower: a.userName.toLowerCase() });
        if (a.email !== undefined) cols.email = a.email;
        if (a.mobile !== undefined) Object.assign(cols, { mobile: a.mobile, mobile_display: mobileDisplay(a.mobile) });
        if (e.data.roles) Object.assign(cols, { is_admin: e.data.roles.isAdmin, is_provider: e.data.roles.isProvider, is_master_admin: e.data.roles.isMasterAdmin });
        await update(e.data.profileId, cols, e.data.changedAt, a.userName !== undefined);
        return;
      }
      case 'ProfileDeleted':
        await conn.execute(`DELETE FROM ${t} WHERE id = ?`, [e.data.profileId]);
        return;
      default:
        return;
    }
  }
}
