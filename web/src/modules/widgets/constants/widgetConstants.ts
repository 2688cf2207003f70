/**
 * The constants of the reusable widgets (widgets spec §9; accounts spec §9 for breakpoints and
 * drawer widths). Shared layout values stay in ../../layout/constants/breakpoints.
 */
import { DEBOUNCE_MS, DIALOG_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX, TOAST_WIDTH_PX, TOAST_Z_INDEX } from '../../layout/constants/breakpoints';

/** Responsive breakpoints of the widget kit (px). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
/** The small-screen media threshold (px). */
export const SMALL_SCREEN_MEDIA_PX = 574;

/** Date picker: what the label says until a date is picked. */
export const DATE_PICKER_PLACEHOLDER = 'mm/dd/yy';
/** Date picker: the format of a picked date in the label. */
export const DATE_PICKER_LABEL_FORMAT = 'MM/DD/YY';
/** Date picker: years per page of the year view, and how far its arrows move. */
export const DATE_PICKER_YEARS_PER_PAGE = 25;
/** Date picker: the calendar shows at least this many weeks (5 or 6). */
export const DATE_PICKER_MIN_WEEKS = 5;
/** Date picker: weekday column headers, Sunday first. */
export const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Drawer widths (px): the generic drawer, profile and chat drawers, the practice drawer, the facility drawer. */
export const DRAWER_WIDTHS = { default: 256, profile: 320, practice: 358, facility: 500 } as const;
export type DrawerSize = keyof typeof DRAWER_WIDTHS;
/** At this window width or narrower a drawer takes the whole width. */
export const DRAWER_FULL_WIDTH_BREAKPOINT_PX = MOBILE_BREAKPOINT_PX;
/** Opacity of the drawer's mask. */
export const DRAWER_MASK_OPACITY = 0.8;

/** Draggable dialog: default size (px). */
export const DRAGGABLE_DIALOG_WIDTH_PX = 800;
export const DRAGGABLE_DIALOG_HEIGHT_PX = 400;
/** Draggable dialog stacking: the dialog above its backdrop. */
export const DIALOG_Z_INDEX = 1525;
export const DIALOG_BACKDROP_Z_INDEX = 1500;
/** The backdrop: dark blue at opacity 0.8. */
export const DIALOG_BACKDROP_COLOR = '#0b2545';
export const DIALOG_BACKDROP_OPACITY = 0.8;
/** Header font: bold, 20 px by default. */
export const DIALOG_HEADER_FONT_SIZE_PX = 20;
export const DIALOG_HEADER_FONT_WEIGHT = 700;
/** At this window width or narrower dialogs use a smaller font. */
export const DIALOG_SMALL_FONT_BREAKPOINT_PX = DIALOG_BREAKPOINT_PX;
export const DIALOG_SMALL_HEADER_FONT_SIZE_PX = 16;
export const DIALOG_SMALL_BODY_FONT_SIZE_PX = 12;

/** File drop: the default prompt and the picker's label. */
export const FILE_DROP_DEFAULT_PROMPT = 'Drag a profile photo here';
export const FILE_DROP_SELECT_LABEL = 'Select a File';
/** Logged (never shown) when the file picker closes without a file (spec §8). */
export const NO_FILE_SELECTED_MESSAGE = 'No file is selected!';

/** Tab strip: below this width it becomes a dropdown. */
export const TAB_STRIP_MIN_WIDTH_PX = 500;
/** Tab strip: re-checks its width this long after the window stops resizing. */
export const TAB_STRIP_RESIZE_DEBOUNCE_MS = DEBOUNCE_MS;
/** Height of a tab item. */
export const TAB_ITEM_HEIGHT_PX = 40;

/** Toast width and stacking. */
export { TOAST_WIDTH_PX, TOAST_Z_INDEX };

/** Loader icon types. */
export const LOADER_TYPES = ['spinner', 'spinnerWithPulse', 'circle', 'refresh', 'cog'] as const;
export type LoaderType = (typeof LOADER_TYPES)[number];

/** Text input default width (a short value: a tab's name), and the title input's (a chat's or a page's title). */
export const TEXT_INPUT_WIDTH_PX = 120;
export const TITLE_INPUT_WIDTH_PX = 300;
