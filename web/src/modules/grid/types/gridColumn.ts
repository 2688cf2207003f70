import type { CSSProperties, ReactNode } from 'react';
import type { GridDataType } from '@app/contracts';
import type { FilterType, SortOrder } from './gridQuery';

export type { GridDataType } from '@app/contracts';
export type ColumnPin = 'none' | 'left' | 'right';
export type ColumnAlign = 'left' | 'center' | 'right';

/** Per-column filter state (spec 001 §3); `value` is what the query sends. */
export type ColumnFilterState = {
  value: string;
  selectedItems?: string[];
  selectAllChecked?: boolean;
  selectAllIndeterminate?: boolean;
  isSelectFilterExcludeMode?: boolean;
};

export type CustomFilterProps = {
  state: ColumnFilterState;
  /** Replaces the column's filter state; its value is applied at once. */
  onChange: (state: ColumnFilterState) => void;
};

/** A data grid column definition (spec 001 §3). */
export type GridColumn<Row> = {
  /** The field filtered and sorted on (a dotted path reads nested values: 'mailingAddress.city'). */
  field: string;
  /** The header text. */
  text: string;
  /** Several fields shown together in the cell (joined by a space) when there is no cellRenderer. */
  fields?: string[];
  dataType?: GridDataType;
  /** Shown unless false. */
  visible?: boolean;
  /** Initial pin (the user's choice, saved per grid, wins). */
  pin?: ColumnPin;
  /** Initial text alignment (the user's choice, saved per grid, wins). */
  align?: ColumnAlign;
  /** The header's sort button (default true). */
  sortable?: boolean;
  /** The header's filter (default true). */
  filter?: boolean;
  /** Icon before the header text. */
  icon?: ReactNode;
  /** Styles of the header cell. */
  colStyles?: CSSProperties;
  /** Styles of the column's body cells. */
  colCellsStyles?: CSSProperties;
  cellRenderer?: (row: Row, column: GridColumn<Row>) => ReactNode;
  /** Initial sort order (one column at a time: the first non-zero one wins). */
  sortOrder?: SortOrder;
  /** Initial filter type (default: contains, onDate or equalsTo by dataType). */
  filterType?: FilterType;
  /** Filter types that cannot be picked for this column. */
  disabledFilterTypes?: FilterType[];
  /** The column renders its own filter (renderCustomFilter) instead of the typed input. */
  isCustomFilter?: boolean;
  renderCustomFilter?: (props: CustomFilterProps) => ReactNode;
  /** Placeholder of the filter input. */
  filterHint?: string;
  /** Clicking a body cell raises onCellClick. */
  enableCellClick?: boolean;
  /** Column width in px (on a laptop-wide grid: its share of the grid's width). */
  width?: number;
  /** The least width in px the column keeps on a laptop-wide grid (e.g. a phone number whole). */
  minWidth?: number;
};
