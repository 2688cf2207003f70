import { MedicineBoxOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Flex, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, GRID_PHONE_MIN_WIDTH, type GridColumn } from '../../grid';
import { profilesApi, type ProviderPractice } from '../../profiles/api/profilesApi';
import { formatPhone, mapsLink } from '../../profiles/logic/profileRules';
import { formatZip } from '../../format';
import { ADDRESS_FILTER_HINT } from '../../users/logic/usersGrid';
import { PRACTICE_PATH, PRACTICE_STORAGE_KEY } from '../constants/workspaceSections';

export const PRACTICE_ROW_HEIGHT = 60;
const PRACTICE_OWNER = 'Practice Owner';
const NO_PRACTICES: PracticeRow[] = [];

const useStyles = createStyles(({ token, css }) => ({
  names: css`
    min-width: 0;
  `,
  name: css`
    &.ant-typography {
      display: block;
    }
  `,
  npi: css`
    &.ant-typography {
      font-size: ${token.fontSizeSM}px;
    }
  `,
}));

/** A practice row with its address line and owners' names as fields, so the grid filters and sorts them. */
type PracticeRow = ProviderPractice & { addressLine: string; ownerNames: string };

function practiceRow(practice: ProviderPractice): PracticeRow {
  const a = practice.mailingAddress ?? {};
  return {
    ...practice,
    addressLine: [a.streetAddress1, a.city, [a.state, formatZip(a.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    ownerNames: (practice.users ?? []).filter((u) => u.accessType === PRACTICE_OWNER).map((u) => u.fullName).join(', '),
  };
}

/** The Practice Name cell: avatar, name and NPI. */
function PracticeNameCell({ row }: { row: ProviderPractice }): ReactElement {
  const { styles } = useStyles();
  return (
    <Flex component="span" align="center" gap="small">
      <Avatar size={36} src={row.avatarImageUrl || undefined} icon={<MedicineBoxOutlined />} alt="" />
      <span className={styles.names}>
        <Typography.Text strong className={styles.name} ellipsis>
          {row.practiceName}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.npi}>
          {row.npi ? `NPI ${row.npi}` : 'NPI n/a'}
        </Typography.Text>
      </span>
    </Flex>
  );
}

/** Filtered and sorted in the browser (the user's practices are all loaded at once). */
function columns(): GridColumn<PracticeRow>[] {
  return [
    {
      field: 'practiceName',
      text: 'Practice Name',
      width: 260,
      enableCellClick: true,
      filterHint: 'Practice name',
      cellRenderer: (row) => <PracticeNameCell row={row} />,
    },
    {
      field: 'addressLine',
      text: 'Primary Practice Address',
      width: 280,
      filterHint: ADDRESS_FILTER_HINT,
      disabledFilterTypes: ['endsWith', 'exactMatch'],
      cellRenderer: (row) => {
        const a = row.mailingAddress ?? {};
        return row.addressLine ? (
          <a href={mapsLink([a.streetAddress1, a.city, a.state, a.zip])} target="_blank" rel="noreferrer">
            {row.addressLine}
          </a>
        ) : (
          ''
        );
      },
    },
    { field: 'phone', text: 'Phone', width: 150, minWidth: GRID_PHONE_MIN_WIDTH, filterHint: 'Phone', cellRenderer: (row) => (row.phone ? <a href={`tel:${row.phone}`}>{formatPhone(row.phone)}</a> : '') },
    { field: 'ownerNames', text: 'Owner(s)', width: 220, enableCellClick: true, filterHint: 'Owner' },
  ];
}

type ProviderPracticesGridProps = { providerId: string };

/**
 * A user's practices (getProviderPractices): 10 rows a page, row height 60, filtered and sorted
 * in the browser; clicking a row keeps it as `practice` in local storage and opens /practice.
 */
export function ProviderPracticesGrid({ providerId }: ProviderPracticesGridProps): ReactElement {
  const navigate = useNavigate();
  const gridColumns = useMemo(columns, []);
  const practices = useQuery({
    queryKey: ['providerPractices', providerId],
    queryFn: () => profilesApi.getProviderPractices(providerId),
    // Another provider's rows stay until theirs arrive.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => practices.data?.map(practiceRow) ?? NO_PRACTICES, [practices.data]);

  return (
    <DataGrid<PracticeRow>
      gridId="providerPractices"
      ariaLabel="Practices"
      columns={gridColumns}
      rows={rows}
      rowKey="_id"
      rowHeight={PRACTICE_ROW_HEIGHT}
      onCellClick={({ row: { addressLine: _line, ownerNames: _owners, ...practice } }) => {
        localStorage.setItem(PRACTICE_STORAGE_KEY, JSON.stringify(practice));
        void navigate(PRACTICE_PATH);
      }}
      onPageLoad={() => undefined}
      onPinChange={() => undefined}
      onAlignChange={() => undefined}
      onFilterToggle={() => undefined}
      onSort={() => undefined}
      onApplyFilter={() => undefined}
      onFilterTypeChange={() => undefined}
    />
  );
}
