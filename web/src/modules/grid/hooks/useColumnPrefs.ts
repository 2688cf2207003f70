import { useCallback, useRef, useState } from 'react';
import { type ColumnPref, type ColumnPrefs, loadColumnPrefs, saveColumnPrefs } from '../logic/columnPrefs';

/**
 * A grid's pin and alignment choices, read from and saved to local storage under its grid id.
 * A choice is saved at once (in the event, not at the next render), so a reload right after it keeps it.
 */
export function useColumnPrefs(gridId: string | undefined): [ColumnPrefs, (field: string, change: ColumnPref) => void] {
  const [prefs, setPrefs] = useState<ColumnPrefs>(() => loadColumnPrefs(gridId));
  const current = useRef(prefs);
  const update = useCallback(
    (field: string, change: ColumnPref) => {
      const next = { ...current.current, [field]: { ...current.current[field], ...change } };
      current.current = next;
      saveColumnPrefs(gridId, next);
      setPrefs(next);
    },
    [gridId],
  );
  return [prefs, update];
}
