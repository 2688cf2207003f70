import { parseDaysAgo, parseGridNumber } from '@app/contracts';
import { DownOutlined } from '@ant-design/icons';
import { Button, DatePicker, Dropdown, Input, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactElement } from 'react';
import { FILTER_TYPE_LABELS, FILTER_TYPE_SYMBOLS, FILTER_TYPES_BY_DATA_TYPE, isRangeFilterType, splitRange } from '../logic/filterTypes';
import { GRID_MENU_WIDTH_PX, GRID_MENU_Z_INDEX } from '../logic/gridConstants';
import type { ColumnFilterState, GridColumn, GridDataType } from '../types/gridColumn';
import type { FilterType } from '../types/gridQuery';

const DATE_FORMAT = 'MM/DD/YY';
const ISO_FORMAT = 'YYYY-MM-DD';

/** How a filter input changed: typed text waits for the pause, picked values apply at once. */
export type FilterChange = { value: string; typed: boolean };

type ColumnFilterProps<Row> = {
  column: GridColumn<Row>;
  dataType: GridDataType;
  filterType: FilterType;
  state: ColumnFilterState;
  onChange: (change: FilterChange) => void;
  onStateChange: (state: ColumnFilterState) => void;
  onFilterTypeChange: (filterType: FilterType) => void;
};

/** A typed value is usable: a number for number filters, a whole number of days for daysAgo. */
export function isUsableFilterText(filterType: FilterType, dataType: GridDataType, text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (filterType === 'daysAgo') return parseDaysAgo(trimmed) !== undefined;
  if (dataType === 'number') return parseGridNumber(trimmed) !== undefined;
  return true;
}

function toDayjs(iso: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const parsed = dayjs(iso, ISO_FORMAT);
  return parsed.isValid() ? parsed : null;
}

/** The filter of one column header: the filter-type menu and the value input(s). */
export function ColumnFilter<Row>({
  column,
  dataType,
  filterType,
  state,
  onChange,
  onStateChange,
  onFilterTypeChange,
}: ColumnFilterProps<Row>): ReactElement {
  const disabled = column.disabledFilterTypes ?? [];
  const label = `Filter ${column.text}`;
  if (column.isCustomFilter && column.renderCustomFilter) {
    return <div className="data-grid-filter">{column.renderCustomFilter({ state, onChange: onStateChange })}</div>;
  }
  const typeMenu = (
    <Dropdown
      trigger={['click']}
      overlayStyle={{ zIndex: GRID_MENU_Z_INDEX, minWidth: GRID_MENU_WIDTH_PX }}
      menu={{
        selectable: true,
        selectedKeys: [filterType],
        items: FILTER_TYPES_BY_DATA_TYPE[dataType].map((type) => ({
          key: type,
          disabled: disabled.includes(type),
          label: FILTER_TYPE_LABELS[type],
          extra: FILTER_TYPE_SYMBOLS[type],
        })),
        onClick: ({ key }) => {
          if (!disabled.includes(key as FilterType)) onFilterTypeChange(key as FilterType);
        },
      }}
    >
      <Tooltip title={FILTER_TYPE_LABELS[filterType]} mouseEnterDelay={0.6}>
        <Button
          size="small"
          className="data-grid-filter-type"
          aria-label={`Filter type of ${column.text}: ${FILTER_TYPE_LABELS[filterType]}`}
        >
          {/* The symbol is drawn by CSS (not text), so the button's name is its aria-label alone (WCAG 2.5.3). */}
          <span className="data-grid-filter-symbol" data-symbol={FILTER_TYPE_SYMBOLS[filterType]} aria-hidden />
          <DownOutlined className="data-grid-filter-caret" aria-hidden />
        </Button>
      </Tooltip>
    </Dropdown>
  );

  let input: ReactElement;
  const placeholder = column.filterHint;
  if (dataType === 'date' && filterType !== 'daysAgo') {
    if (filterType === 'dateRange') {
      const [from, to] = splitRange(state.value);
      input = (
        <DatePicker.RangePicker
          size="small"
          format={DATE_FORMAT}
          placeholder={['mm/dd/yy', 'mm/dd/yy']}
          aria-label={label}
          value={[toDayjs(from), toDayjs(to)]}
          allowEmpty={[true, true]}
          onChange={(dates) => {
            const [a, b] = dates ?? [null, null];
            onChange({ value: a && b ? `${a.format(ISO_FORMAT)}:${b.format(ISO_FORMAT)}` : '', typed: false });
          }}
        />
      );
    } else {
      input = (
        <DatePicker
          size="small"
          format={DATE_FORMAT}
          placeholder={placeholder ?? 'mm/dd/yy'}
          aria-label={label}
          value={toDayjs(state.value)}
          onChange={(date) => onChange({ value: date ? date.format(ISO_FORMAT) : '', typed: false })}
        />
      );
    }
  } else if (isRangeFilterType(filterType)) {
    const [from, to] = splitRange(state.value);
    const invalid = (text: string) => !isUsableFilterText(filterType, dataType, text);
    input = (
      <Space.Compact size="small" block>
        <Input
          size="small"
          inputMode="decimal"
          placeholder="From"
          aria-label={`${label} from`}
          value={from}
          status={invalid(from) ? 'error' : undefined}
          onChange={(event) => onChange({ value: `${event.target.value}:${to}`, typed: true })}
        />
        <Input
          size="small"
          inputMode="decimal"
          placeholder="To"
          aria-label={`${label} to`}
          value={to}
          status={invalid(to) ? 'error' : undefined}
          onChange={(event) => onChange({ value: `${from}:${event.target.value}`, typed: true })}
        />
      </Space.Compact>
    );
  } else {
    const numeric = dataType !== 'string';
    input = (
      <Input
        size="small"
        allowClear
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={placeholder ?? (filterType === 'daysAgo' ? 'Days' : numeric ? 'Value' : 'Filter')}
        aria-label={label}
        value={state.value}
        status={isUsableFilterText(filterType, dataType, state.value) ? undefined : 'error'}
        onChange={(event) => onChange({ value: event.target.value, typed: event.type === 'change' })}
      />
    );
  }
  return (
    <div className="data-grid-filter">
      {typeMenu}
      <div className="data-grid-filter-input">{input}</div>
    </div>
  );
}
