/** Texts and limits of the facilities screen (spec §2, §9). */
export const FACILITIES_TITLE = 'Facilities';
export const ADD_FACILITY_PLACEHOLDER = 'Add Facility';
export const SEARCH_POPUP_HINT = 'Search Using Name(Last, First)';
export const NO_RESULTS_TEXT = 'No Results...';
export const CREATE_PROFILE_TEXT = 'Click HERE to create profile';
export const CREATE_DRAWER_TITLE = 'Create New Facility Profile';
export const EDIT_DRAWER_TITLE = 'Edit Facility Profile';
export const ADD_BUTTON_TEXT = 'Add Facility';
export const SAVE_BUTTON_TEXT = 'Save Facility';
export const DETAILS_DRAWER_TITLE = 'Facility Details';
/** Search debounce (spec §9). */
export const FACILITY_SEARCH_DEBOUNCE_MS = 300;
/** Row menu keys and labels (spec §2). */
export const ROW_MENU = {
  edit: 'Edit Record',
  details: 'Show Details',
  addToList: 'Add to List',
  delete: 'Delete Record',
} as const;
export type RowMenuKey = keyof typeof ROW_MENU;
export const ADD_TO_LIST_NOTICE = 'Lists are not available yet: Add to List will arrive with the lists feature.';
export const NPI_TYPE_OPTIONS = [
  { value: 1, label: 'Individual (1)' },
  { value: 2, label: 'Organization (2)' },
] as const;
