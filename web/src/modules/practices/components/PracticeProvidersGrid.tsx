import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from 'antd';
import { type ReactElement, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, GRID_PHONE_MIN_WIDTH, type GridColumn } from '../../grid';
import { type PracticeProvider, practicesApi } from '../api/practicesApi';
import { ADDRESS_FILTER_HINT, PROVIDER_PATH, PROVIDER_STORAGE_KEY, PROVIDERS_GRID_ROW_HEIGHT } from '../logic/practiceForm';
import { practiceKeys } from '../logic/practiceKeys';
import { NameCell, PhoneLink, PracticeAddressLink } from './PracticesScreen';

const NO_PROVIDERS: PracticeProvider[] = [];

function columns(): GridColumn<PracticeProvider>[] {
  return [
    {
      field: 'fullName',
      text: 'Provider',
      width: 260,
      pin: 'left',
      enableCellClick: true,
      cellRenderer: (row) => (
        <NameCell
          avatar={<Avatar size={28} src={row.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />}
          name={row.fullName}
          npiLine={row.npi ? `NPI: ${row.npi}` : 'NPI n/a'}
        />
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
    { field: 'phone', text: 'Phone', width: 150, minWidth: GRID_PHONE_MIN_WIDTH, enableCellClick: true, cellRenderer: (row) => <PhoneLink phone={row.phone} /> },
    { field: 'accessType', text: 'Access Type', width: 180, enableCellClick: true },
  ];
}

/** The providers of a practice (getPracticeProviders): Provider (name plus NPI), address, phone, access type; a cell click opens /provider. */
export function PracticeProvidersGrid({ practiceId }: { practiceId: string }): ReactElement {
  const navigate = useNavigate();
  const gridColumns = useMemo(columns, []);
  // Read afresh whenever the section opens; a failed read leaves the grid empty.
  const providers = useQuery({ queryKey: practiceKeys.providers(practiceId), queryFn: () => practicesApi.getPracticeProviders(practiceId), staleTime: 0 });
  const rows = providers.data ?? NO_PROVIDERS;

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
