/** Constants of the grid widget (spec 001 §4 and §9). */

/** Typed filters (text, numbers, days) apply after this pause. */
export const GRID_FILTER_DEBOUNCE_MS = 500;
/** Row heights the product's grids use: lists and providers 40, the practice list in a profile 60, creation grids 64. */
export const GRID_ROW_HEIGHTS = { compact: 40, profile: 60, creation: 64 } as const;
/** The grid's header and footer layers (spec 001 §9), inside the grid's own stacking context. */
export const GRID_LAYER_Z_INDEX = 1500;
/** Popup menus of the grid (filter type, column, row): stacking order and width. */
export const GRID_MENU_OVERLAY = { zIndex: 1450, minWidth: 250 } as const;
/** Default column widths by data type (room for the header filter). */
export const DEFAULT_COLUMN_WIDTH = { string: 200, number: 170, date: 190 } as const;
/** The least width of a phone column on a laptop-wide grid: 'xxx-xxx-xxxx' whole, with the cell's padding. */
export const GRID_PHONE_MIN_WIDTH = 130;
