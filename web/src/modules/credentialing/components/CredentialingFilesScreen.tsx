import { credentialing } from '@app/contracts';
import { Checkbox, Input, Select, type SelectProps, Tag, Tooltip, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useFormStyles } from './FormControls';
import { type ReactElement, useCallback, useMemo, useRef } from 'react';
import { ExportCsvButton } from '../../grid/components/ExportCsvButton';
import { useNavigate } from 'react-router';
import { DataGrid, type GridColumn, type GridPage, type GridQuery } from '../../grid';
import { credentialingApi, type FileRow } from '../api/credentialingApi';
import { addDays, expiryBadge, todayWire, toShownDate } from '../logic/dates';
import { STATUS_COLOURS } from '../logic/fileStatus';
import { adminFilePath } from '../logic/paths';

const EXCLUSION_FOUND = 'Exclusion found';

/**
 * The grid's nine columns fit a 1280 px window beside the admin menu (about 1,000 px): each width
 * holds its header's longest word with the sort and menu buttons (a title wraps between words),
 * its widest value (a whole NPI, the longest status tag) and 8 px padding on each side instead of 12.
 */
const TIGHT: GridColumn<FileRow>['colStyles'] = { paddingInline: 8 };
const tight = { colStyles: TIGHT, colCellsStyles: TIGHT };
const MONITORING_STATUSES = ['Expired', 'Lapsed'] as const;

const useStyles = createStyles(({ css }) => ({
  // `Approved · recredentialing` wraps in a narrow column rather than being clipped.
  wrapping: css`
    && {
      white-space: normal;
      margin-inline-end: 0;
    }
  `,
}));

/** The file's status; while recredentialing runs, the earlier approval in force (until the new decision). */
function StatusTag({ row }: { row: FileRow }): ReactElement {
  const { styles } = useStyles();
  if (row.approvalInForce && row.status !== 'Approved' && row.status !== 'Denied')
    return (
      <Tag color={STATUS_COLOURS.Approved} title={`Recredentialing: ${row.status}`} className={styles.wrapping}>
        Approved · recredentialing
      </Tag>
    );
  return <Tag color={STATUS_COLOURS[row.status]}>{row.status}</Tag>;
}

/** A column's filter of fixed values, the column's width. */
function FilterSelect(props: SelectProps<string>): ReactElement {
  const { styles } = useFormStyles();
  return <Select size="small" allowClear placeholder="Any" className={styles.fill} {...props} />;
}

function columns(today: string): GridColumn<FileRow>[] {
  return [
    {
      field: 'provider',
      text: 'Provider',
      width: 100,
      ...tight,
      enableCellClick: true,
      filterHint: 'Last, First',
      // A long name ends in an ellipsis, whole in its tooltip.
      cellRenderer: (row) => (
        <Typography.Text strong ellipsis={{ tooltip: row.provider ?? 'Unknown provider' }}>
          {row.provider ?? 'Unknown provider'}
        </Typography.Text>
      ),
    },
    { field: 'npi', text: 'NPI', width: 112, filterType: 'startsWith', enableCellClick: true, colStyles: TIGHT, colCellsStyles: { ...TIGHT, fontVariantNumeric: 'tabular-nums' } },
    {
      // The cell shows the cycle's status (or `Approved · recredentialing`); the column filters and
      // sorts on the provider's standing, so `Approved` finds every file whose approval is in force.
      field: 'standing',
      text: 'Status',
      width: 128,
      ...tight,
      filterType: 'exactMatch',
      isCustomFilter: true,
      enableCellClick: true,
      cellRenderer: (row) => <StatusTag row={row} />,
      renderCustomFilter: ({ state, onChange }) => (
        <FilterSelect
          aria-label="Filter Status"
          value={state.value || undefined}
          options={credentialing.FILE_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(value?: string) => onChange({ ...state, value: value ?? '' })}
        />
      ),
    },
    { field: 'openItems', text: 'Open Items', dataType: 'number', width: 80, ...tight, filterType: 'greaterThanOrEqualsTo', enableCellClick: true },
    {
      field: 'nextExpiry',
      text: 'Next Expiry',
      dataType: 'date',
      width: 100,
      ...tight,
      filterType: 'onOrBeforeDate',
      enableCellClick: true,
      // An expiry within 90 days (or past) is the date in a coloured tag, what it means in its tooltip and accessible name.
      cellRenderer: (row) => {
        const badge = expiryBadge(row.nextExpiry, today);
        if (!row.nextExpiry) return '';
        if (!badge || badge.level === 'current') return toShownDate(row.nextExpiry);
        const meaning = badge.level === 'expired' ? 'Expired' : badge.level === 'under30' ? '< 30 days' : '< 90 days';
        return (
          <Tooltip title={badge.label}>
            <Tag color={badge.color} aria-label={`${toShownDate(row.nextExpiry)}, ${meaning}`} data-expiry={meaning}>
              {toShownDate(row.nextExpiry)}
            </Tag>
          </Tooltip>
        );
      },
    },
    {
      field: 'recredentialingDueOn',
      text: 'Recredentialing Due',
      dataType: 'date',
      width: 140,
      ...tight,
      filterType: 'onOrBeforeDate',
      isCustomFilter: true,
      enableCellClick: true,
      // Due within N days: every file due on or before today + N (overdue ones too).
      renderCustomFilter: ({ state, onChange }) => (
        <Input
          size="small"
          allowClear
          inputMode="numeric"
          aria-label="Due within days"
          placeholder="Due within N days"
          value={state.selectedItems?.[0] ?? ''}
          onChange={(e) => {
            const text = e.target.value.replace(/\D/g, '').slice(0, 5);
            onChange({ ...state, selectedItems: [text], value: text ? addDays(today, Number(text)) : '' });
          }}
        />
      ),
    },
    {
      // Monitoring: the cell shows the exclusion finding standing (Excluded, Possible
      // match, Confirmed); the column filters and sorts on exclusionFound ('Exclusion found').
      field: 'exclusionFound',
      text: 'Exclusion',
      width: 114,
      ...tight,
      filterType: 'exactMatch',
      isCustomFilter: true,
      enableCellClick: true,
      cellRenderer: (row) => (row.exclusion ? <Tag color={row.exclusion === 'Possible match' ? 'orange' : 'red'}>{row.exclusion}</Tag> : ''),
      renderCustomFilter: ({ state, onChange }) => (
        <Checkbox
          aria-label="Exclusion found"
          checked={state.value === EXCLUSION_FOUND}
          onChange={(e) => onChange({ ...state, value: e.target.checked ? EXCLUSION_FOUND : '' })}
        >
          Exclusion found
        </Checkbox>
      ),
    },
    {
      field: 'monitoring',
      text: 'Monitoring',
      width: 108,
      ...tight,
      filterType: 'exactMatch',
      isCustomFilter: true,
      enableCellClick: true,
      cellRenderer: (row) => (row.monitoring ? <Tag color="red">{row.monitoring}</Tag> : ''),
      renderCustomFilter: ({ state, onChange }) => (
        <FilterSelect
          aria-label="Filter Monitoring"
          value={state.value || undefined}
          options={MONITORING_STATUSES.map((value) => ({ value, label: value }))}
          onChange={(value?: string) => onChange({ ...state, value: value ?? '' })}
        />
      ),
    },
    {
      // Re-attestation every 120 days: the due date, red once lapsed; the filter finds the lapsed ones.
      field: 'attestation',
      text: 'Attestation',
      width: 110,
      ...tight,
      filterType: 'exactMatch',
      isCustomFilter: true,
      enableCellClick: true,
      cellRenderer: (row) =>
        row.attestation === 'Lapsed' ? <Tag color="red">Lapsed {row.attestationDueOn ? toShownDate(row.attestationDueOn) : ''}</Tag> : row.attestationDueOn ? toShownDate(row.attestationDueOn) : '',
      renderCustomFilter: ({ state, onChange }) => (
        <Checkbox aria-label="Attestation lapsed" checked={state.value === 'Lapsed'} onChange={(e) => onChange({ ...state, value: e.target.checked ? 'Lapsed' : '' })}>
          Attestation lapsed
        </Checkbox>
      ),
    },
    { field: 'lastChange', text: 'Last Change', dataType: 'date', width: 100, ...tight, sortOrder: -1, enableCellClick: true },
  ];
}

type CredentialingFilesScreenProps = {
  /** Where a row goes (default: the admin shell's file). */
  openPath?: (providerId: string) => string;
  /** How many files match and the page's rows, after each load. */
  onPageLoad?: (count: number, rows: readonly FileRow[]) => void;
};

/**
 * /admin/credentialing: the credentialing files (the one DataGrid; filters, sorting and paging on
 * the server): provider, NPI, status, open items, next expiry, recredentialing due, exclusion
 * (filter 'Exclusion found'), monitoring (Expired / Lapsed), the attestation's due date (filter
 * 'Attestation lapsed'), last change.
 * A row opens the provider's file.
 */
export function CredentialingFilesScreen({ openPath = adminFilePath, onPageLoad }: CredentialingFilesScreenProps = {}): ReactElement {
  const navigate = useNavigate();
  const today = todayWire();
  const gridColumns = useMemo(() => columns(today), [today]);
  const lastQuery = useRef<GridQuery | null>(null);
  const load = useCallback(async (query: GridQuery): Promise<GridPage<FileRow>> => {
    lastQuery.current = query;
    const reply = await credentialingApi.getFiles(query);
    return { rows: reply.files, count: reply.count };
  }, []);
  return (
    <DataGrid<FileRow>
      gridId="credentialingFiles"
      ariaLabel="Credentialing files"
      columns={gridColumns}
      rowKey="providerId"
      onLoad={load}
      toolbar={<ExportCsvButton path="/api/v1/credentialing/files/export" query={() => lastQuery.current} fileName="credentialing-files.csv" />}
      onCellClick={({ row }) => void navigate(openPath(row.providerId))}
      onSort={() => undefined}
      onApplyFilter={() => undefined}
      onFilterTypeChange={() => undefined}
      onFilterToggle={() => undefined}
      onPinChange={() => undefined}
      onAlignChange={() => undefined}
      onPageLoad={(_, page) => onPageLoad?.(page.count, page.rows)}
    />
  );
}
