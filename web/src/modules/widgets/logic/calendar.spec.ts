import dayjs from 'dayjs';
import { calendarWeeks, yearPage, yearPageStart } from './calendar';
import { centreIn, clampInside, drawerWidth } from './sizes';

describe('calendar weeks', () => {
  it('starts on the Sunday of the week of the 1st and shows 5 weeks when the month fits in them', () => {
    const weeks = calendarWeeks(dayjs('2026-11-15'));
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0].format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(weeks.every((week) => week.length === 7 && week[0].day() === 0 && week[6].day() === 6)).toBe(true);
  });

  it('shows 6 weeks when the month spans them', () => {
    const weeks = calendarWeeks(dayjs('2026-08-10'));
    expect(weeks).toHaveLength(6);
    expect(weeks[0][0].format('YYYY-MM-DD')).toBe('2026-07-26');
    expect(weeks[5][6].format('YYYY-MM-DD')).toBe('2026-09-05');
  });

  it('never shows fewer than 5 weeks (a February of exactly four weeks)', () => {
    expect(calendarWeeks(dayjs('2026-02-01'))).toHaveLength(5);
  });

  it('pages years 25 at a time', () => {
    expect(yearPageStart(2026)).toBe(2025);
    expect(yearPageStart(2024)).toBe(2000);
    expect(yearPage(2025)).toHaveLength(25);
    expect(yearPage(2025)[24]).toBe(2049);
  });
});

describe('widget sizes', () => {
  it('gives drawers their width, or the whole window at 700 px or narrower', () => {
    expect(drawerWidth(1280)).toBe(256);
    expect(drawerWidth(1280, 'profile')).toBe(320);
    expect(drawerWidth(1280, 'practice')).toBe(358);
    expect(drawerWidth(1280, 'facility')).toBe(500);
    expect(drawerWidth(701, 'facility')).toBe(500);
    expect(drawerWidth(700, 'default')).toBe(700);
    expect(drawerWidth(375, 'facility')).toBe(375);
  });

  it('keeps a box inside the window', () => {
    const size = { width: 800, height: 400 };
    const view = { width: 1280, height: 800 };
    expect(centreIn(size, view)).toEqual({ x: 240, y: 200 });
    expect(clampInside({ x: -50, y: -10 }, size, view)).toEqual({ x: 0, y: 0 });
    expect(clampInside({ x: 900, y: 700 }, size, view)).toEqual({ x: 480, y: 400 });
    expect(clampInside({ x: 100, y: 100 }, { width: 2000, height: 2000 }, view)).toEqual({ x: 0, y: 0 });
  });
});
