// timestamptzIso against node-pg, on its own: a million texts, most of verify-rows.spec's time.
import fc from 'fast-check';
import { types } from 'pg';
import { timestamptzIso } from './verify-rows';

describe('timestamptzIso', () => {
  const parse = types.getTypeParser(1184, 'text') as (text: string) => Date;
  const nodePg = (text: string) => parse(text).toISOString();

  it("gives node-pg's millisecond for every fraction of a second Postgres can print", () => {
    // Postgres prints 0 to 6 fraction digits without trailing zeros.
    const fractions = [''];
    for (let len = 1; len <= 6; len++) {
      for (let i = 0; i < 10 ** len; i++) {
        const f = String(i).padStart(len, '0');
        if (!f.endsWith('0')) fractions.push(`.${f}`);
      }
    }
    let mismatches = 0;
    for (const [i, f] of fractions.entries()) {
      const text = `${['2026-01-01 00:00:00', '1999-12-31 23:59:59', '1970-01-01 00:00:01', '1066-10-14 09:30:07', '9999-12-31 23:59:59'][i % 5]}${f}+00`;
      if (timestamptzIso(text) !== nodePg(text)) mismatches++;
    }
    expect(fractions).toHaveLength(1 + 9 + 90 + 900 + 9000 + 90000 + 900000);
    expect(mismatches).toBe(0);
  });

  it('agrees with node-pg on any instant, and on texts outside the fast path', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const iso = new Date(ms).toISOString();
        const text = `${iso.slice(0, 10)} ${iso.slice(11, 23)}${String(micros).padStart(3, '0')}`.replace(/\.?0+$/, '') + '+00';
        expect(timestamptzIso(text)).toBe(nodePg(text));
        expect(timestamptzIso(text)).toBe(iso);
      }),
      { numRuns: 5000 },
    );
    for (const text of ['2026-01-01 05:30:00.123456+05:30', '2026-06-30 20:00:00-04', '0999-01-01 00:00:00+00', '1883-11-18 12:00:00+00:09:21', '2026-01-01 00:00:00.5-03:30']) {
      expect(timestamptzIso(text)).toBe(nodePg(text));
    }
  });
});
