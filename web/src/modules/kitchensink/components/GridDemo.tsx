import { EditOutlined, EyeOutlined, IdcardOutlined, StopOutlined } from '@ant-design/icons';
import { Flex, List, Segmented, Select, Tag, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useCallback, useMemo, useState } from 'react';
import { DataGrid, GRID_ROW_HEIGHTS, type GridColumn } from '../../grid';
import { type DemoProvider, demoProviders } from '../logic/gridDemoRows';
import { DemoBlock, DemoSection } from './DemoSection';

/** Status tags: the 'success', 'default' and 'warning' tags take the theme's AA text colours (antd's preset green and gold are 3.4:1 and lower). */
const STATUS_COLOURS: Record<DemoProvider['status'], string> = { Active: 'success', Inactive: 'default', Pending: 'warning' };
const LOG_SIZE = 8;

const useStyles = createStyles(({ token, css }) => ({
  // antd colours a status tag with two classes (.ant-tag.ant-tag-success): three beat them.
  Active: css`
    &&& {
      color: ${token.colorSuccessText};
    }
  `,
  Inactive: css``,
  Pending: css`
    &&& {
      color: ${token.colorWarningText};
    }
  `,
  filter: css`
    && {
      width: 100%;
    }
  `,
  callbacks: css`
    margin-top: ${token.margin}px;
  `,
}));

function StatusTag({ status }: { status: DemoProvider['status'] }): ReactElement {
  const { styles } = useStyles();
  return (
    <Tag color={STATUS_COLOURS[status]} className={styles[status]}>
      {status}
    </Tag>
  );
}

function StatusFilter(props: { value: string | undefined; onChange: (value?: string) => void }): ReactElement {
  const { styles } = useStyles();
  return (
    <Select
      size="small"
      allowClear
      placeholder="Any"
      aria-label="Filter Status"
      className={styles.filter}
      value={props.value}
      options={(['Active', 'Inactive', 'Pending'] as const).map((value) => ({ value, label: value }))}
      onChange={props.onChange}
    />
  );
}

const COLUMNS: GridColumn<DemoProvider>[] = [
  {
    field: 'lastName',
    text: 'Provider',
    fields: ['firstName', 'lastName'],
    icon: <IdcardOutlined />,
    dataType: 'string',
    pin: 'left',
    enableCellClick: true,
    filterHint: 'Last name',
    width: 210,
  },
  { field: 'firstName', text: 'First Name', dataType: 'string', filterType: 'startsWith', visible: false },
  {
    field: 'npi',
    text: 'NPI',
    dataType: 'string',
    filterType: 'startsWith',
    disabledFilterTypes: ['advancedFilters'],
    colCellsStyles: { fontVariantNumeric: 'tabular-nums' },
    width: 180,
  },
  { field: 'specialty', text: 'Specialty', dataType: 'string', filterType: 'advancedFilters', filterHint: 'e.g. care -family' },
  {
    field: 'status',
    text: 'Status',
    dataType: 'string',
    filterType: 'exactMatch',
    isCustomFilter: true,
    width: 150,
    cellRenderer: (row) => <StatusTag status={row.status} />,
    renderCustomFilter: ({ state, onChange }) => <StatusFilter value={state.value || undefined} onChange={(value) => onChange({ ...state, value: value ?? '' })} />,
  },
  { field: 'address.city', text: 'City', dataType: 'string', filterHint: 'Enter city', width: 180 },
  { field: 'address.state', text: 'State', dataType: 'string', filterType: 'exactMatch', width: 150 },
  { field: 'patients', text: 'Patients', dataType: 'number', width: 170 },
  { field: 'rating', text: 'Rating', dataType: 'number', filterType: 'greaterThanOrEqualsTo', disabledFilterTypes: ['equalsTo'], width: 170 },
  { field: 'licensedOn', text: 'Licensed', dataType: 'date', filterType: 'beforeDate' },
  { field: 'lastVisit', text: 'Last Visit', dataType: 'date', filterType: 'daysAgo', sortOrder: 0 },
];

const ROW_MENU = [
  { key: 'view', label: 'View profile', icon: <EyeOutlined /> },
  { key: 'edit', label: 'Edit', icon: <EditOutlined /> },
  { type: 'divider' as const },
  { key: 'deactivate', label: 'Deactivate', icon: <StopOutlined />, danger: true },
];

const HEIGHTS = [
  { value: GRID_ROW_HEIGHTS.compact, label: 'Compact 40' },
  { value: GRID_ROW_HEIGHTS.profile, label: 'Profile 60' },
  { value: GRID_ROW_HEIGHTS.creation, label: 'Creation 64' },
];

/** The data grid with 1,000 local rows: text, number and date columns with every filter type, and its callbacks. */
export function GridDemo(): ReactElement {
  const { styles } = useStyles();
  const rows = useMemo(() => demoProviders(), []);
  const [rowHeight, setRowHeight] = useState<number>(GRID_ROW_HEIGHTS.compact);
  const [events, setEvents] = useState<Array<{ id: number; text: string }>>([]);
  const log = useCallback((text: string) => {
    setEvents((current) => [{ id: (current[0]?.id ?? 0) + 1, text }, ...current].slice(0, LOG_SIZE));
  }, []);

  return (
    <DemoSection
      title="Data Grid"
      description="One grid for every list: filters in each header (pick the filter type from its menu), sort by clicking the arrows (ascending, descending, off), pin and align columns from the ⋮ menu (remembered in this browser), 10 rows per page. 1,000 generated providers, filtered and sorted in the browser."
    >
      <DataGrid<DemoProvider>
        gridId="kitchensink-providers"
        ariaLabel="Providers"
        title="Providers"
        columns={COLUMNS}
        rows={rows}
        rowHeight={rowHeight}
        rowMenuItems={ROW_MENU}
        toolbar={
          <Segmented
            key="height"
            size="small"
            aria-label="Row height"
            value={rowHeight}
            options={HEIGHTS}
            onChange={(value) => setRowHeight(Number(value))}
          />
        }
        onPageLoad={(page, result) => log(`Page ${page} loaded: ${result.rows.length} of ${result.count} rows`)}
        onSort={(field, order) => log(`Sort ${field}: ${order === 1 ? 'ascending' : order === -1 ? 'descending' : 'off'}`)}
        onApplyFilter={(filters) => log(`Filters: ${JSON.stringify(filters)}`)}
        onFilterTypeChange={(field, filterType) => log(`Filter type of ${field}: ${filterType}`)}
        onFilterToggle={(visible) => log(visible ? 'Filters shown' : 'Filters hidden')}
        onPinChange={(field, pin) => log(`Pin ${field}: ${pin}`)}
        onAlignChange={(field, align) => log(`Align ${field}: ${align}`)}
        onCellClick={({ row, field }) => log(`Cell ${field} of ${row.firstName} ${row.lastName} clicked`)}
        onRowMenuClick={(key, row) => log(`${key} on ${row.firstName} ${row.lastName} (${row.id})`)}
      />
      <div className={styles.callbacks}>
        <DemoBlock title="Callbacks">
          <List
            size="small"
            aria-label="Grid events"
            dataSource={events}
            locale={{ emptyText: 'Sort, filter, page or click a provider to see the grid’s callbacks.' }}
            renderItem={(event) => (
              <List.Item>
                <Flex gap="small">
                  <Typography.Text type="secondary">#{event.id}</Typography.Text>
                  <Typography.Text code>{event.text}</Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </DemoBlock>
      </div>
    </DemoSection>
  );
}
