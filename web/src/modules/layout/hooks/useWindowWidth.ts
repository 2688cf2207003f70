import { useSyncExternalStore } from 'react';
import { DEBOUNCE_MS } from '../constants/breakpoints';

function subscribe(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = (): void => {
    clearTimeout(timer);
    timer = setTimeout(onChange, DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

function getWidth(): number {
  return window.innerWidth;
}

/** The window's inner width, updated 300 ms after resizing stops. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, getWidth, () => 1280);
}
