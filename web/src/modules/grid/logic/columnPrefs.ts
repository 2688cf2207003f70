import type { ColumnAlign, ColumnPin } from '../types/gridColumn';

/** A user's choices for one column of one grid. */
export type ColumnPref = { pin?: ColumnPin; align?: ColumnAlign };
export type ColumnPrefs = Record<string, ColumnPref>;

/** The local storage key of a grid's column choices. */
export function columnPrefsKey(gridId: string): string {
  return `grid:${gridId}:columns`;
}

/** The saved column choices of a grid (unknown or malformed entries are dropped). */
export function loadColumnPrefs(gridId: string | undefined, storage: Storage | undefined = globalThis.localStorage): ColumnPrefs {
  if (!gridId || !storage) return {};
  const prefs: ColumnPrefs = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(columnPrefsKey(gridId)) ?? '{}');
    for (const [field, raw] of Object.entries(parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {})) {
      if (!raw || typeof raw !== 'object') continue;
      const { pin, align } = raw as Record<string, unknown>;
      prefs[field] = {
        ...(['none', 'left', 'right'].includes(pin as string) ? { pin: pin as ColumnPin } : {}),
        ...(['left', 'center', 'right'].includes(align as string) ? { align: align as ColumnAlign } : {}),
      };
    }
  } catch {
    return {};
  }
  return prefs;
}

/** Saves a grid's column choices (nothing without a grid id; a full or blocked storage is ignored: the choice holds until the page is left). */
export function saveColumnPrefs(gridId: string | undefined, prefs: ColumnPrefs, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (gridId && storage) storage.setItem(columnPrefsKey(gridId), JSON.stringify(prefs));
  } catch {
    // Storage full or disabled.
  }
}
