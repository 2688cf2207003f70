import { demoProviders } from './gridDemoRows';

describe('kitchen sink grid rows', () => {
  it('are 1,000 rows with unique ids, the same on every call', () => {
    const rows = demoProviders('2026-11-23');
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((row) => row.id)).size).toBe(1000);
    expect(demoProviders('2026-11-23')).toEqual(rows);
  });

  it('date visits within 400 days up to today', () => {
    const visits = demoProviders('2026-11-23').map((row) => row.lastVisit);
    expect(visits.every((day) => day <= '2026-11-23' && day >= '2025-10-19')).toBe(true);
    expect(visits).toContain('2026-11-23');
  });
});
