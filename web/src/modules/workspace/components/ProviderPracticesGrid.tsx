import { MedicineBoxOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Flex, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, type GridColumn } from '../../grid';
import { profilesApi, type ProviderPractice } from '../../profiles/api/profilesApi';
import { formatPhone, mapsLink } from '../../profiles/logic/profileRules';
import { formatZip } from '../../format';
import { ADDRESS_FILTER_HINT } from '../../users/logic/usersGrid';
import { PRACTICE_PATH, PRACTICE_STORAGE_KEY } from '../constants/workspaceSections';

export const PRACTICE_ROW_HEIGHT = 60;
const PRACTICE_OWNER = 'Practice Owner';
const NO_PRACTICES: ProviderPractice[] = [];

const useStyles = createStyles(({ token, css }) => ({
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

/** The Practice Name cell: avatar, name and NPI. */
function PracticeNameCell({ row }: { row: ProviderPractice }): ReactElement {
  const { styles } = useStyles();
  return (
    <Flex component="span" align="center" gap="small">
      <Avatar size={36} src={row.avatarImageUrl || undefined} icon={<MedicineBoxOutlined />} alt="" />
      <span>
        <Typography.Text strong className={styles.name}>
          {row.practiceName}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.npi}>
          {row.npi ? `NPI ${row.npi}` : 'NPI n/a'}
        </Typography.Text>
      </span>
    </Flex>
  );
}

function columns(): GridColumn<ProviderPractice>[] {
  const plain = { sortable: false, filter: false } as const;
  return [
    {
      ...plain,
      field: 'practiceName',
      text: 'Practice Name',
      width: 260,
      enableCellClick: true,
      cellRenderer: (row) => <PracticeNameCell row={row} />,
    },
    {
      ...plain,
      field: 'mailingAddress.city',
      text: 'Primary Practice Address',
      width: 280,
      filterHint: ADDRESS_FILTER_HINT,
      cellRenderer: (row) => {
        const a = row.mailingAddress ?? {};
        const line = [a.streetAddress1, a.city, [a.state, formatZip(a.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
        return line ? (
          <a href={mapsLink([a.streetAddress1, a.city, a.state, a.zip])} target="_blank" rel="noreferrer">
            {line}
          </a>
        ) : (
          ''
        );
      },
    },
    { ...plain, field: 'phone', text: 'Phone', width: 150, cellRenderer: (row) => (row.phone ? <a href={`tel:${row.phone}`}>{formatPhone(row.phone)}</a> : '') },
    {
      ...plain,
      field: 'users',
      text: 'Owner(s)',
      width: 220,
      enableCellClick: true,
      cellRenderer: (row) => (row.users ?? []).filter((u) => u.accessType === PRACTICE_OWNER).map((u) => u.fullName).join(', '),
    },
  ];
}

type ProviderPracticesGridProps = { providerId: string };

/**
 * A user's practices (getProviderPractices): 10 rows a page, row height 60, no filtering or
 * sorting; clicking a row keeps it as `practice` in local storage and opens /practice.
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
  const rows = practices.data ?? NO_PRACTICES;

  return (
    <DataGrid<ProviderPractice>
      gridId="providerPractices"
      ariaLabel="Practices"
      columns={gridColumns}
      rows={rows}
      rowKey="_id"
      rowHeight={PRACTICE_ROW_HEIGHT}
      onCellClick={({ row }) => {
        localStorage.setItem(PRACTICE_STORAGE_KEY, JSON.stringify(row));
        void navigate(PRACTICE_PATH);
      }}
      onPageLoad={() => undefined}
      onPinChange={() => undefined}
      onAlignChange={() => undefined}
      onFilterToggle={() => undefined}
    />
  );
}
