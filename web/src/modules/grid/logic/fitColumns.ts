/**
 * The px widths of a laptop-wide grid's columns: the grid's width shared in proportion to the
 * declared widths, no column below its floor (the least it needs: a phone number whole, the
 * longest word of its header). The columns held at their floors take their width from the
 * others; when the floors alone are wider than the grid, every column keeps its floor and the
 * grid scrolls sideways.
 */
export function fitColumnWidths(widths: readonly number[], floors: readonly number[], available: number): number[] {
  const floorOf = (index: number) => floors[index] ?? 0;
  const totalFloor = widths.reduce((sum, _width, index) => sum + floorOf(index), 0);
  if (totalFloor >= available) return widths.map((_width, index) => floorOf(index));
  const held = new Set<number>();
  // Water-filling: a column whose share falls below its floor is held there; the rest share what is left.
  for (;;) {
    const free = widths.reduce((sum, width, index) => (held.has(index) ? sum : sum + width), 0);
    const left = available - [...held].reduce((sum, index) => sum + floorOf(index), 0);
    const scale = free > 0 ? left / free : 0;
    const newlyHeld = widths.map((_width, index) => index).filter((index) => !held.has(index) && widths[index]! * scale < floorOf(index));
    if (newlyHeld.length === 0) {
      const shares = widths.map((width, index) => (held.has(index) ? floorOf(index) : Math.floor(width * scale)));
      // The rounding remainder goes to the widest free column, so the columns fill the grid exactly.
      const remainder = available - shares.reduce((sum, width) => sum + width, 0);
      const widest = shares.reduce((best, width, index) => (!held.has(index) && (best < 0 || width > shares[best]!) ? index : best), -1);
      if (widest >= 0) shares[widest]! += remainder;
      return shares;
    }
    for (const index of newlyHeld) held.add(index);
  }
}

let canvas: HTMLCanvasElement | undefined;

/** The width in px of the longest word of a text in a CSS font (0 where the browser cannot measure, e.g. jsdom). */
export function longestWordWidth(text: string, font: string): number {
  if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return 0;
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.font = font;
  return Math.max(0, ...text.split(/\s+/).map((word) => context.measureText(word).width));
}
