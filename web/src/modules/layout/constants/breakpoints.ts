/** Layout constants from the product specification (§9 of both specification documents). */

/** At this width or narrower the app uses its mobile layout (drawers go full width, chat collapses). */
export const MOBILE_BREAKPOINT_PX = 700;
/** The own-user workspace drawer auto-collapses at this width or narrower. */
export const WORKSPACE_DRAWER_BREAKPOINT_PX = 768;
/** Dialogs switch to their small-screen size at this width or narrower. */
export const DIALOG_BREAKPOINT_PX = 576;
/** Dialog width on larger screens. */
export const DIALOG_WIDTH_PX = 350;
/** Gap kept around a dialog on small screens (window width minus this). */
export const DIALOG_SMALL_SCREEN_GUTTER_PX = 16;
/** Laptop and wider (spec 001 §9 'lg'): grids fit the screen; narrower, they scroll sideways. */
export const LAPTOP_BREAKPOINT_PX = 1280;
/** Debounce for searches and resize handling. */
export const DEBOUNCE_MS = 300;
/** Height of the global top bar (the navbar widget is 2.5rem). */
export const TOP_BAR_HEIGHT = '2.5rem';
/** Width of a toast. */
export const TOAST_WIDTH_PX = 304;
/** Stacking order of toasts: above drawers, dialogs and grid layers. */
export const TOAST_Z_INDEX = 5000;
/** Default width of a side drawer on screens wider than the mobile breakpoint. */
export const SIDE_DRAWER_WIDTH_PX = 320;
