import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { TAB_STRIP_RESIZE_DEBOUNCE_MS } from '../constants/widgetConstants';

/**
 * Whether the content measured by `content` fits in `container` and the container is at
 * least `minWidth` wide. Checked when `deps` change and 300 ms after the window stops resizing.
 */
export function useFitsWidth(
  container: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  minWidth: number,
  deps: readonly unknown[],
): boolean {
  const [fits, setFits] = useState(true);
  const check = useCallback(() => {
    const available = container.current?.clientWidth ?? 0;
    const needed = content.current?.scrollWidth ?? 0;
    setFits(available >= minWidth && needed <= available);
  }, [container, content, minWidth]);

  useLayoutEffect(check, [check, ...deps]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = (): void => {
      clearTimeout(timer);
      timer = setTimeout(check, TAB_STRIP_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [check]);

  return fits;
}
