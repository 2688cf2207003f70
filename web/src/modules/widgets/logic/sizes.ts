import { DRAWER_FULL_WIDTH_BREAKPOINT_PX, DRAWER_WIDTHS, type DrawerSize } from '../constants/widgetConstants';

/** A drawer's width: its size's width, or the whole window at 700 px or narrower. */
export function drawerWidth(windowWidth: number, size: DrawerSize | number = 'default'): number {
  if (windowWidth <= DRAWER_FULL_WIDTH_BREAKPOINT_PX) return windowWidth;
  const width = typeof size === 'number' ? size : DRAWER_WIDTHS[size];
  return Math.min(width, windowWidth);
}

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };

/** Moves a box of `size` at `position` back inside a window of `viewport` (top-left wins when it is larger). */
export function clampInside(position: Point, size: Size, viewport: Size): Point {
  const x = Math.min(Math.max(position.x, 0), Math.max(viewport.width - size.width, 0));
  const y = Math.min(Math.max(position.y, 0), Math.max(viewport.height - size.height, 0));
  return { x, y };
}

/** Where a box of `size` sits centred in `viewport`. */
export function centreIn(size: Size, viewport: Size): Point {
  return clampInside({ x: Math.round((viewport.width - size.width) / 2), y: Math.round((viewport.height - size.height) / 2) }, size, viewport);
}
