import { parseDaysAgo, parseGridNumber } from '@app/contracts';
import { DownOutlined } from '@ant-design/icons';
import { Button, DatePicker, Dropdown, Input, Space, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { FILTER_TYPE_NAMES, FILTER_TYPES_BY_DATA_TYPE, isRangeFilterType, splitRange } from '../logic/filterTypes';
import { GRID_MENU_OVERLAY } from '../logic/gridConstants';
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
function isUsable(filterType: FilterType, dataType: GridDataType, text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (filterType === 'daysAgo') return parseDaysAgo(trimmed) !== undefined;
  return dataType !== 'number' || parseGridNumber(trimmed) !== undefined;
}

const toDayjs = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) && dayjs(iso, ISO_FORMAT).isValid() ? dayjs(iso, ISO_FORMAT) : null);

/** The filter of one column header: the filter-type menu and the value input(s). */
export function ColumnFilter<Row>({ column, dataType, filterType, state, onChange, onStateChange, onFilterTypeChange }: ColumnFilterProps<Row>): ReactElement {
  const disabled = column.disabledFilterTypes ?? [];
  const label = `Filter ${column.text}`;
  if (column.isCustomFilter && column.renderCustomFilter) {
    return <div className="data-grid-filter">{column.renderCustomFilter({ state, onChange: onStateChange })}</div>;
  }
  const [typeLabel, symbol] = FILTER_TYPE_NAMES[filterType];
  const [from, to] = splitRange(state.value);
  let input: ReactElement;
  if (dataType === 'date' && filterType === 'dateRange') {
    input = (
      <DatePicker.RangePicker
        size="small"
        format={DATE_FORMAT}
        placeholder={['mm/dd/yy', 'mm/dd/yy']}
        aria-label={label}
        value={[toDayjs(from), toDayjs(to)]}
        allowEmpty={[true, true]}
        onChange={(dates) => onChange({ value: dates?.[0] && dates[1] ? `${dates[0].format(ISO_FORMAT)}:${dates[1].format(ISO_FORMAT)}` : '', typed: false })}
      />
    );
  } else if (dataType === 'date' && filterType !== 'daysAgo') {
    input = (
      <DatePicker
        size="small"
        format={DATE_FORMAT}
        placeholder={column.filterHint ?? 'mm/dd/yy'}
        aria-label={label}
        value={toDayjs(state.value)}
        onChange={(date) => onChange({ value: date ? date.format(ISO_FORMAT) : '', typed: false })}
      />
    );
  } else if (isRangeFilterType(filterType)) {
    input = (
      <Space.Compact size="small" block>
        {(['From', 'To'] as const).map((end) => (
          <Input
            key={end}
            size="small"
            inputMode="decimal"
            placeholder={end}
            aria-label={`${label} ${end.toLowerCase()}`}
            value={end === 'From' ? from : to}
            status={isUsable(filterType, dataType, end === 'From' ? from : to) ? undefined : 'error'}
            onChange={(event) => onChange({ value: end === 'From' ? `${event.target.value}:${to}` : `${from}:${event.target.value}`, typed: true })}
          />
        ))}
      </Space.Compact>
    );
  } else {
    const numeric = dataType !== 'string';
    // The hint shows whole on hover where the input is narrower than it.
    const hint = column.filterHint ?? (filterType === 'daysAgo' ? 'Days' : numeric ? 'Value' : 'Filter');
    input = (
      <Input
        size="small"
        allowClear
        inputMode={numeric ? 'decimal' : undefined}
        placeholder={hint}
        title={hint}
        aria-label={label}
        value={state.value}
        status={isUsable(filterType, dataType, state.value) ? undefined : 'error'}
        onChange={(event) => onChange({ value: event.target.value, typed: event.type === 'change' })}
      />
    );
  }
  return (
    <div className="data-grid-filter">
      <Dropdown
        trigger={['click']}
        overlayStyle={GRID_MENU_OVERLAY}
        menu={{
          selectable: true,
          selectedKeys: [filterType],
          items: FILTER_TYPES_BY_DATA_TYPE[dataType].map((type) => ({
            key: type,
            disabled: disabled.includes(type),
            label: FILTER_TYPE_NAMES[type][0],
            extra: FILTER_TYPE_NAMES[type][1],
          })),
          onClick: ({ key }) => {
            if (!disabled.includes(key as FilterType)) onFilterTypeChange(key as FilterType);
          },
        }}
      >
        <Tooltip title={typeLabel} mouseEnterDelay={0.6}>
          <Button size="small" className="data-grid-filter-type" aria-label={`Filter type of ${column.text}: ${typeLabel}`}>
            {/* The symbol is drawn by CSS (not text), so the button's name is its aria-label alone (WCAG 2.5.3). */}
            <span className="data-grid-filter-symbol" data-symbol={symbol} aria-hidden />
            <DownOutlined className="data-grid-filter-caret" aria-hidden />
          </Button>
        </Tooltip>
      </Dropdown>
      <div className="data-grid-filter-input">{input}</div>
    </div>
  );
}
