import {
  DIALOG_BREAKPOINT_PX,
  DIALOG_SMALL_SCREEN_GUTTER_PX,
  DIALOG_WIDTH_PX,
  MOBILE_BREAKPOINT_PX,
} from './breakpoints';

/** True when a window of this width uses the mobile layout. */
export function isMobileWidth(windowWidth: number): boolean {
  return windowWidth <= MOBILE_BREAKPOINT_PX;
}

/** Dialog width: 350 px, or the window width minus 16 on screens of 576 px or less. */
export function dialogWidth(windowWidth: number): number {
  if (windowWidth <= DIALOG_BREAKPOINT_PX) {
    return Math.max(windowWidth - DIALOG_SMALL_SCREEN_GUTTER_PX, 0);
  }
  return DIALOG_WIDTH_PX;
}

/** Side drawers take the given width, or the whole window on mobile-layout screens. */
export function sideDrawerWidth(windowWidth: number, desktopWidth: number): number {
  return isMobileWidth(windowWidth) ? windowWidth : Math.min(desktopWidth, windowWidth);
}
