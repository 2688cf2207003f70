import { MOBILE_BREAKPOINT_PX } from '../constants/breakpoints';
import { useMediaQuery } from './useMediaQuery';

/** True on screens of 700 px or narrower (the mobile layout). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
}
