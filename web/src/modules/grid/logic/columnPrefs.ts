import type { ColumnAlign, ColumnPin } from '../types/gridColumn';

/** A user's choices for one column of one grid. */
export type ColumnPref = { pin?: ColumnPin; align?: ColumnAlign };
export type ColumnPrefs = Record<string, ColumnPref>;

const PINS: readonly string[] = ['none', 'left', 'right'];
const ALIGNS: readonly string[] = ['left', 'center', 'right'];

/** The local storage key of a grid's column choices. */
export function columnPrefsKey(gridId: string): string {
  return `grid:${gridId}:columns`;
}

/** The saved column choices of a grid (unknown or malformed entries are dropped). */
export function loadColumnPrefs(gridId: string | undefined, storage: Storage | undefined = globalThis.localStorage): ColumnPrefs {
  if (!gridId || !storage) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(columnPrefsKey(gridId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const prefs: ColumnPrefs = {};
    for (const [field, raw] of Object.entries(parsed as Record<string, unknown>)) {
      if (!raw || typeof raw !== 'object') continue;
      const { pin, align } = raw as Record<string, unknown>;
      const pref: ColumnPref = {};
      if (typeof pin === 'string' && PINS.includes(pin)) pref.pin = pin as ColumnPin;
      if (typeof align === 'string' && ALIGNS.includes(align)) pref.align = align as ColumnAlign;
      prefs[field] = pref;
    }
    return prefs;
  } catch {
    return {};
  }
}

/** Saves a grid's column choices (nothing without a grid id; a full or blocked storage is ignored). */
export function saveColumnPrefs(gridId: string | undefined, prefs: ColumnPrefs, storage: Storage | undefined = globalThis.localStorage): void {
  if (!gridId || !storage) return;
  try {
    storage.setItem(columnPrefsKey(gridId), JSON.stringify(prefs));
  } catch {
    // Storage full or disabled: the choice holds until the page is left.
  }
}
