import { prepared } from './prepared';

describe('prepared statements', () => {
  it('names a statement after its text: the same text the same name, another text another name', () => {
    const a = prepared('SELECT * FROM "messaging".events WHERE global_position = $1');
    const again = prepared('SELECT * FROM "messaging".events WHERE global_position = $1');
    const other = prepared('SELECT * FROM "identity".events WHERE global_position = $1');
    expect(a([1]).name).toBe(again([2]).name);
    expect(a([1]).name).not.toBe(other([1]).name);
    // Postgres keeps identifiers to 63 bytes.
    expect(a().name!.length).toBeLessThanOrEqual(63);
  });

  it('carries the text and this call’s values', () => {
    const q = prepared('SELECT $1::int + $2::int AS n');
    expect(q([1, 2])).toEqual({ name: expect.stringMatching(/^es_[0-9a-f]{24}$/), text: 'SELECT $1::int + $2::int AS n', values: [1, 2] });
    expect(q().values).toEqual([]);
  });
});
