import { BankOutlined, CheckOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Modal, Space, Tooltip, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, type ReactNode, useCallback, useMemo, useState, useRef } from 'react';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/apiError';
import { ExportCsvButton } from '../../grid/components/ExportCsvButton';
import { DataGrid, GRID_PHONE_MIN_WIDTH, type GridColumn, type GridPage, type GridQuery } from '../../grid';
import { formatPhone, mapsLink } from '../../profiles/logic/profileRules';
import { type PracticeListItem, practicesApi } from '../api/practicesApi';
import { ADDRESS_FILTER_HINT, addressLine, PRACTICE_GRID_ROW_HEIGHT, PRACTICE_OWNER, PRACTICE_PATH, storePractice } from '../logic/practiceForm';
import { PracticeDrawer } from './PracticeDrawer';

/** A grid cell's name with the NPI under it (the practices and the practice providers grids). */
export const useCellStyles = createStyles(({ token, css }) => ({
  shrink: css`
    min-width: 0;
  `,
  name: css`
    && {
      display: block;
    }
  `,
  small: css`
    && {
      font-size: ${token.fontSizeSM}px;
    }
  `,
}));

/** The avatar, the name and the NPI line of a grid row. */
export function NameCell({ avatar, name, npiLine }: { avatar: ReactNode; name: string; npiLine: string }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useCellStyles();
  return (
    <Flex component="span" align="center" gap={token.marginXS}>
      {avatar}
      <span className={styles.shrink}>
        <Typography.Text strong ellipsis className={styles.name}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.small}>
          {npiLine}
        </Typography.Text>
      </span>
    </Flex>
  );
}

export function PracticeAddressLink({ address }: { address: PracticeListItem['mailingAddress'] }): ReactElement | null {
  const line = addressLine(address);
  if (!line) return null;
  return (
    <a href={mapsLink([address.streetAddress1, address.city, address.zip])} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
      {line}
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string | null | undefined }): ReactElement | null {
  const shown = formatPhone(phone);
  if (!shown) return null;
  return (
    <a href={`tel:+1${shown.replace(/\D/g, '')}`} onClick={(e) => e.stopPropagation()}>
      {shown}
    </a>
  );
}

function columns(): GridColumn<PracticeListItem>[] {
  return [
    {
      field: 'practiceName',
      text: 'Practice Name',
      width: 280,
      pin: 'left',
      enableCellClick: true,
      cellRenderer: (row) => (
        <NameCell avatar={<Avatar size={32} src={row.avatarImageUrl || undefined} icon={<BankOutlined />} alt="" />} name={row.practiceName} npiLine={`NPI: ${row.npi}`} />
      ),
    },
    {
      field: 'primaryPracticeAddress',
      text: 'Primary Practice Address',
      width: 300,
      filterHint: ADDRESS_FILTER_HINT,
      cellRenderer: (row) => <PracticeAddressLink address={row.mailingAddress} />,
    },
    { field: 'phone', text: 'Phone', width: 150, minWidth: GRID_PHONE_MIN_WIDTH, cellRenderer: (row) => <PhoneLink phone={row.phone} /> },
    {
      field: 'owners',
      text: 'Practice Owners',
      width: 240,
      sortable: false,
      filter: false,
      enableCellClick: true,
      cellRenderer: (row) => (
        <Flex component="span" vertical>
          {row.users
            .filter((u) => u.accessType === PRACTICE_OWNER)
            .map((u) => (
              <span key={u.id}>{u.fullName}</span>
            ))}
        </Flex>
      ),
    },
  ];
}

const MENU_ITEMS = [
  { key: 'details', label: 'Show Details' },
  { key: 'delete', label: 'Delete Record', danger: true },
];

/**
 * /admin/practices: the practices grid (10 rows a page; filters and sorting on the server):
 * Practice Name (pinned left, name plus 'NPI: x'), Primary Practice Address, Phone, Practice
 * Owners (owners only, one per line). The plus icon opens 'Create Practice Profile'; the row menu
 * offers Show Details (keeps `practice`, opens /practice) and Delete Record (after confirming).
 */
export function PracticesScreen(): ReactElement {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [deleting, setDeleting] = useState<PracticeListItem | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const gridColumns = useMemo(columns, []);

  const lastQuery = useRef<GridQuery | null>(null);
  const load = useCallback(async (query: GridQuery): Promise<GridPage<PracticeListItem>> => {
    lastQuery.current = query;
    const reply = await practicesApi.allPractices(query);
    return { rows: reply.practices, count: reply.count };
  }, []);

  const open = (row: PracticeListItem) => {
    storePractice(row);
    void navigate(PRACTICE_PATH);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await practicesApi.deletePractice(deleting._id);
      setDeleting(null);
      setReloadKey((n) => n + 1);
    } catch (error) {
      setDeleteError(serverMessage(error) ?? 'The practice could not be deleted');
    }
  };

  return (
    <>
      <DataGrid<PracticeListItem>
        gridId="practices"
        ariaLabel="Practice profiles"
        columns={gridColumns}
        rowKey="_id"
        rowHeight={PRACTICE_GRID_ROW_HEIGHT}
        onLoad={load}
        reloadKey={reloadKey}
        rowMenuItems={MENU_ITEMS}
        onRowMenuClick={(key, row) => {
          if (key === 'details') open(row);
          if (key === 'delete') {
            setDeleteError(null);
            setDeleting(row);
          }
        }}
        onCellClick={({ row }) => open(row)}
        onSort={() => undefined}
        onApplyFilter={() => undefined}
        onFilterTypeChange={() => undefined}
        onFilterToggle={() => undefined}
        onPinChange={() => undefined}
        onAlignChange={() => undefined}
        onPageLoad={() => undefined}
        toolbar={
          <Space>
            <ExportCsvButton path="/api/v1/users/allPractices/export" query={() => lastQuery.current} fileName="practices.csv" />
            <Tooltip title="Create Practice Profile">
              <Button type="primary" shape="circle" icon={<PlusOutlined />} aria-label="Create Practice Profile" onClick={() => setCreating(true)} />
            </Tooltip>
            <Button type="text" shape="circle" icon={<DownloadOutlined />} aria-label="Download" />
            <Button type="text" shape="circle" icon={<DeleteOutlined />} aria-label="Delete selected" />
            <Button type="text" shape="circle" icon={<CheckOutlined />} aria-label="Select" />
          </Space>
        }
      />
      <PracticeDrawer open={creating} onClose={() => setCreating(false)} onSaved={() => setReloadKey((n) => n + 1)} />
      <Modal
        open={deleting !== null}
        title="Delete Record"
        okText="Delete"
        okButtonProps={{ danger: true }}
        onOk={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <Typography.Paragraph>Delete the practice {deleting?.practiceName}? This cannot be undone.</Typography.Paragraph>
        {deleteError ? <Typography.Text type="danger">{deleteError}</Typography.Text> : null}
      </Modal>
    </>
  );
}
