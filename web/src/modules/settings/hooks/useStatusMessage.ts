import { useCallback, useEffect, useRef, useState } from 'react';

export type StatusTone = 'info' | 'success' | 'error';
export type StatusMessage = { text: string; tone: StatusTone };

/**
 * A status line for a dialog. With `hideAfterMs`, each message hides itself after that long
 * (the password dialog: 3 s).
 */
export function useStatusMessage(hideAfterMs?: number): [StatusMessage | null, (text: string | null, tone?: StatusTone) => void] {
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (text: string | null, tone: StatusTone = 'info') => {
      clearTimeout(timer.current);
      setStatus(text ? { text, tone } : null);
      if (text && hideAfterMs) timer.current = setTimeout(() => setStatus(null), hideAfterMs);
    },
    [hideAfterMs],
  );
  return [status, show];
}
