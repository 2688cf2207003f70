import { UserOutlined } from '@ant-design/icons';
import { Avatar, Typography } from 'antd';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, type GridColumn } from '../../grid';
import { type PracticeProvider, practicesApi } from '../api/practicesApi';
import { ADDRESS_FILTER_HINT, PROVIDER_PATH, PROVIDER_STORAGE_KEY, PROVIDERS_GRID_ROW_HEIGHT } from '../logic/practiceForm';
import { PhoneLink, PracticeAddressLink } from './PracticesScreen';

function columns(): GridColumn<PracticeProvider>[] {
  return [
    {
      field: 'fullName',
      text: 'Provider',
      width: 260,
      pin: 'left',
      enableCellClick: true,
      cellRenderer: (row) => (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Avatar size={28} src={row.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
          <span style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis style={{ display: 'block' }}>
              {row.fullName}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.npi ? `NPI: ${row.npi}` : 'NPI n/a'}
            </Typography.Text>
          </span>
        </span>
      ),
    },
    {
      field: 'mailingAddress.city',
      text: 'Primary Practice Address',
      width: 280,
      filterHint: ADDRESS_FILTER_HINT,
      enableCellClick: true,
      cellRenderer: (row) => <PracticeAddressLink address={row.mailingAddress} />,
    },
    { field: 'phone', text: 'Phone', width: 150, enableCellClick: true, cellRenderer: (row) => <PhoneLink phone={row.phone} /> },
    { field: 'accessType', text: 'Access Type', width: 180, enableCellClick: true },
  ];
}

/** The providers of a practice (getPracticeProviders): Provider (name plus NPI), address, phone, access type; a cell click opens /provider. */
export function PracticeProvidersGrid({ practiceId }: { practiceId: string }): ReactElement {
  const navigate = useNavigate();
  const [rows, setRows] = useState<PracticeProvider[]>([]);
  const gridColumns = useMemo(columns, []);

  useEffect(() => {
    let cancelled = false;
    practicesApi
      .getPracticeProviders(practiceId)
      .then((providers) => {
        if (!cancelled) setRows(providers);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [practiceId]);

  return (
    <DataGrid<PracticeProvider>
      gridId="practiceProviders"
      ariaLabel="Practice providers"
      columns={gridColumns}
      rows={rows}
      rowKey="_id"
      rowHeight={PROVIDERS_GRID_ROW_HEIGHT}
      onCellClick={({ row }) => {
        localStorage.setItem(PROVIDER_STORAGE_KEY, JSON.stringify(row));
        void navigate(PROVIDER_PATH);
      }}
      onPageLoad={() => undefined}
      onPinChange={() => undefined}
      onAlignChange={() => undefined}
      onFilterToggle={() => undefined}
    />
  );
}
