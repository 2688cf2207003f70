import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from '@app/event-store';
import { EMPTY_ADDRESS, EMPTY_DETAILS, type ProfileCreated } from '../domain/profile.events';
import { ProfilesProjection, nameColumn } from './profiles.projection';

/** A fake EntityManager that records each statement (first words and parameter count). */
function fakeEm() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const em = {
    schema: 'directory',
    config: { get: () => 'directory' },
    getConnection: () => ({
      execute: async (sql: string, params: unknown[] = []) => {
        statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
        return [];
      },
    }),
  } as unknown as EntityManager;
  return { em, statements };
}

let position = 0;
function recorded(type: string, data: unknown): RecordedEvent {
  position++;
  return { id: `e${position}`, type, data, globalPosition: String(position), streamId: 's', streamVersion: 1, transactionId: '1', metadata: {}, recordedAt: new Date() } as unknown as RecordedEvent;
}

const created = (id: string, lastName: string): RecordedEvent =>
  recorded('ProfileCreated', {
    profileId: id,
    account: { userName: `u${id}`, email: `${id}@x.test`, mobile: '+12025550123' },
    roles: { isAdmin: false, isProvider: true, isMasterAdmin: false },
    details: { ...EMPTY_DETAILS, lastName, firstName: 'Ann', mailingAddress: { ...EMPTY_ADDRESS, zip: '78701-1234' } },
    createdAt: '2026-11-23T10:00:00.000Z',
    createdBy: null,
  } satisfies ProfileCreated['data']);

describe('ProfilesProjection.handleBatch', () => {
  it('writes runs of ProfileCreated as one upsert each, other events in order between them', async () => {
    const { em, statements } = fakeEm();
    await new ProfilesProjection().handleBatch(
      [
        created('a', 'Alpha'),
        created('b', 'Beta'),
        recorded('ProfileUpdated', { profileId: 'a', changes: { specialty: 'Cardiology' }, updatedAt: '2026-11-23T11:00:00.000Z', updatedBy: null }),
        created('c', 'Gamma'),
        created('c', 'Gamma again'), // the same row twice in a run: the run ends before it
      ],
      em,
    );
    const kinds = statements.map((s) => s.sql.split(' ').slice(0, 3).join(' '));
    expect(kinds).toEqual([
      'INSERT INTO "directory"."profiles"',
      'UPDATE "directory"."profiles" SET',
      'INSERT INTO "directory"."profiles"',
      'INSERT INTO "directory"."profiles"',
    ]);
    // Each upsert is one statement whose rows are one JSON parameter, typed by the table's row type.
    const first = statements[0];
    expect(first.sql).toMatch(/SELECT .* FROM jsonb_populate_recordset\(NULL::"directory"."profiles", \?::jsonb\) ON CONFLICT \(id\) DO UPDATE SET .*"name" = EXCLUDED."name"/);
    expect(first.params).toHaveLength(1);
    const rows = (s: { params: unknown[] }) => JSON.parse(s.params[0] as string) as Record<string, unknown>[];
    // a and b with every column: the name as the grid shows it, the ZIP and its digits, the mobile as shown.
    expect(rows(first)).toEqual([
      expect.objectContaining({ id: 'a', last_name: 'Alpha', name: 'Alpha, Ann', zip: '78701-1234', zip_digits: '787011234', mobile_display: '202-555-0123', created_at: '2026-11-23T10:00:00.000Z' }),
      expect.objectContaining({ id: 'b', last_name: 'Beta', name: 'Beta, Ann' }),
    ]);
    expect(statements[1].params).toEqual(expect.arrayContaining(['Cardiology', 'a']));
    expect(rows(statements[2])).toEqual([expect.objectContaining({ id: 'c', name: 'Gamma, Ann' })]);
    expect(rows(statements[3])).toEqual([expect.objectContaining({ id: 'c', name: 'Gamma again, Ann' })]);
  });

  it('a batch without creates goes through handle event by event', async () => {
    const { em, statements } = fakeEm();
    await new ProfilesProjection().handleBatch([recorded('ProfileDeleted', { profileId: 'a', deletedAt: '2026-11-23T11:00:00.000Z', deletedBy: null })], em);
    expect(statements).toEqual([{ sql: 'DELETE FROM "directory"."profiles" WHERE id = ?', params: ['a'] }]);
  });
});

describe('nameColumn (the SQL of a rename, in JavaScript)', () => {
  it("is 'Last, First Middle', else the last name, the given names, the display name, the user name", () => {
    expect(nameColumn('Ann', 'B', 'Lee', 'Dr Lee', 'alee')).toBe('Lee, Ann B');
    expect(nameColumn('Ann', null, 'Lee', null, 'alee')).toBe('Lee, Ann');
    expect(nameColumn(null, 'B', 'Lee', null, 'alee')).toBe('Lee, B');
    expect(nameColumn(null, null, 'Lee', 'Dr Lee', 'alee')).toBe('Lee');
    expect(nameColumn('', null, 'Lee', null, 'alee')).toBe('Lee');
    expect(nameColumn('Ann', null, null, 'Dr Lee', 'alee')).toBe('Ann');
    expect(nameColumn(null, null, null, 'Dr Lee', 'alee')).toBe('Dr Lee');
    expect(nameColumn(null, null, null, null, 'alee')).toBe('alee');
  });
});
