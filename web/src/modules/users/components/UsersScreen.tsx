import { PlusOutlined, SafetyCertificateOutlined, SolutionOutlined, StopOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, type MenuProps, Space, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { useAtomValue } from 'jotai';
import { type ReactElement, useCallback, useMemo, useState, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { ExportCsvButton } from '../../grid/components/ExportCsvButton';
import { DataGrid, GRID_PHONE_MIN_WIDTH, type GridColumn, type GridPage, type GridQuery } from '../../grid';
import { type ProfileView, profilesApi } from '../../profiles/api/profilesApi';
import { formatPhone, mapsLink } from '../../profiles/logic/profileRules';
import type { CreateVariant } from '../logic/createUserForm';
import {
  ADDRESS_FILTER_HINT,
  ADMIN_ROLE_MENU,
  COMMITTEE_ROLE_MENU,
  type CommitteeRoleMenuKey,
  type CommitteeRolesHeld,
  committeeRoleChange,
  committeeRoleMenuKeys,
  addressLine,
  adminRoleMenuKey,
  type AdminRoleMenuKey,
  nameLines,
  NOT_AVAILABLE,
  PROVIDER_WORKSPACE_PATH,
  storeProvider,
} from '../logic/usersGrid';
import { CreateUserDrawer } from './CreateUserDrawer';
import { committeeApi } from '../../committee/api/committeeApi';
import { useCommitteeRoles } from '../../committee/hooks/useCommitteeRoles';

const useStyles = createStyles(({ token, css }) => ({
  names: css`
    min-width: 0;
  `,
  name: css`
    &.ant-typography {
      display: block;
    }
  `,
  id: css`
    &.ant-typography {
      font-size: ${token.fontSizeSM}px;
    }
  `,
}));

/** The Name cell: avatar, name and the user's id line. */
function NameCell({ row }: { row: ProfileView }): ReactElement {
  const { styles } = useStyles();
  const { name, id } = nameLines(row);
  return (
    <Flex component="span" align="center" gap="small">
      <Avatar size={32} src={row.avatarImageUrl || undefined} icon={<UserOutlined />} alt="" />
      <span className={styles.names}>
        <Typography.Text strong className={styles.name} ellipsis>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.id}>
          {id}
        </Typography.Text>
      </span>
    </Flex>
  );
}

function columns(): GridColumn<ProfileView>[] {
  return [
    {
      field: 'name',
      text: 'Name',
      width: 260,
      enableCellClick: true,
      cellRenderer: (row) => <NameCell row={row} />,
    },
    { field: 'credentials', text: 'Credentials', width: 130, enableCellClick: true, cellRenderer: (row) => row.credentials || NOT_AVAILABLE },
    { field: 'specialty', text: 'Specialty', width: 200, enableCellClick: true, cellRenderer: (row) => row.specialty || NOT_AVAILABLE },
    {
      field: 'primaryPracticeAddress',
      text: 'Primary Practice Address',
      width: 280,
      filterHint: ADDRESS_FILTER_HINT,
      cellRenderer: (row) => {
        const line = addressLine(row.mailingAddress);
        const a = row.mailingAddress;
        return line ? (
          <a href={mapsLink([a.streetAddress1, a.suite, a.city, a.state, a.zip])} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
            {line}
          </a>
        ) : (
          ''
        );
      },
    },
    { field: 'mobile', text: 'Mobile', width: 140, minWidth: GRID_PHONE_MIN_WIDTH, enableCellClick: true, cellRenderer: (row) => formatPhone(row.mobile) },
    { field: 'lastUpdate', text: 'Last Updated', width: 140, dataType: 'date', enableCellClick: true },
  ];
}

/** The master admin's row menu: grant or revoke the admin identity and the committee roles. */
function adminRoleItems(row: ProfileView, held: CommitteeRolesHeld | undefined): MenuProps['items'] {
  const key = adminRoleMenuKey(row);
  if (!key) return [{ key: 'masterAdmin', label: 'The master admin is always an administrator', disabled: true }];
  return [
    { key, label: ADMIN_ROLE_MENU[key], icon: key === 'grantAdmin' ? <SafetyCertificateOutlined /> : <StopOutlined /> },
    ...committeeRoleMenuKeys(row, held).map((k) => ({ key: k, label: COMMITTEE_ROLE_MENU[k], icon: k.startsWith('grant') ? <SolutionOutlined /> : <StopOutlined /> })),
  ];
}

/**
 * /admin/users: the users grid (10 rows a page; filters and sorting on the server). Clicking a
 * row keeps it as `provider` in local storage and opens the provider workspace. The toolbar
 * opens the 'Create User Profile' and 'Create New Provider Profile' drawers. The master admin's
 * row menu grants or revokes a user's admin identity (the server checks it is the master admin).
 */
export function UsersScreen(): ReactElement {
  const navigate = useNavigate();
  const [creating, setCreating] = useState<CreateVariant | null>(null);
  const [variant, setVariant] = useState<CreateVariant>('addUser2');
  const [reloadKey, setReloadKey] = useState(0);
  const gridColumns = useMemo(columns, []);
  const isMasterAdmin = useAtomValue(signedInUserAtom)?.isMasterAdmin === true;
  const { message } = App.useApp();
  const committeeRoles = useCommitteeRoles(isMasterAdmin);
  // Changes made here, shown at once (credentialing learns them from identity's events a moment later).
  const [changedRoles, setChangedRoles] = useState<Record<string, CommitteeRolesHeld>>({});
  const held = (userId: string): CommitteeRolesHeld | undefined => {
    if (changedRoles[userId]) return changedRoles[userId];
    const m = committeeRoles.data?.members.find((x) => x.userId === userId);
    return m ? { committeeMember: m.committeeMember, medicalDirector: m.medicalDirector } : undefined;
  };

  const changeCommitteeRole = async (key: CommitteeRoleMenuKey, row: ProfileView) => {
    const name = nameLines(row).name;
    const { role, granted } = committeeRoleChange(key);
    const label = role === 'committeeMember' ? 'a Committee Member' : 'the Medical Director';
    try {
      await committeeApi.grantRole(row._id, role, granted);
      const before = held(row._id) ?? { committeeMember: false, medicalDirector: false };
      setChangedRoles((all) => ({ ...all, [row._id]: { ...before, [role]: granted } }));
      message.success(granted ? `${name} is now ${label}` : `${name} is no longer ${label}`);
    } catch (error) {
      message.error(isApiError(error) ? error.message : 'The committee role could not be changed');
    }
  };

  const changeAdminRole = async (key: AdminRoleMenuKey, row: ProfileView) => {
    const name = nameLines(row).name;
    try {
      await profilesApi.grantAdmin(row._id, key === 'grantAdmin');
      message.success(key === 'grantAdmin' ? `${name} is now an administrator` : `${name} is no longer an administrator`);
      setReloadKey((n) => n + 1);
    } catch (error) {
      message.error(isApiError(error) ? error.message : 'The admin identity could not be changed');
    }
  };

  const lastQuery = useRef<GridQuery | null>(null);
  const load = useCallback(async (query: GridQuery): Promise<GridPage<ProfileView>> => {
    lastQuery.current = query;
    const reply = await profilesApi.getUsers(query);
    return { rows: reply.users, count: reply.count };
  }, []);

  const open = (next: CreateVariant) => {
    setVariant(next);
    setCreating(next);
  };

  return (
    <>
      <DataGrid<ProfileView>
        gridId="users"
        ariaLabel="User profiles"
        columns={gridColumns}
        rowKey="_id"
        onLoad={load}
        reloadKey={reloadKey}
        {...(isMasterAdmin
          ? {
              rowMenuItems: (row: ProfileView) => adminRoleItems(row, held(row._id)),
              onRowMenuClick: (key: string, row: ProfileView) =>
                void (key in COMMITTEE_ROLE_MENU ? changeCommitteeRole(key as CommitteeRoleMenuKey, row) : changeAdminRole(key as AdminRoleMenuKey, row)),
            }
          : {})}
        onCellClick={({ row }) => {
          storeProvider(row);
          void navigate(PROVIDER_WORKSPACE_PATH);
        }}
        onSort={() => undefined}
        onApplyFilter={() => undefined}
        onFilterTypeChange={() => undefined}
        onFilterToggle={() => undefined}
        onPinChange={() => undefined}
        onAlignChange={() => undefined}
        onPageLoad={() => undefined}
        toolbar={
          <Space wrap>
            <ExportCsvButton path="/api/v1/users/getUsers/export" query={() => lastQuery.current} fileName="users.csv" />
            <Button icon={<PlusOutlined />} onClick={() => open('addUser2')}>
              Create User Profile
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => open('addUser')}>
              Create New Provider Profile
            </Button>
          </Space>
        }
      />
      <CreateUserDrawer key={variant} open={creating !== null} variant={variant} onClose={() => setCreating(null)} onCreated={() => setReloadKey((n) => n + 1)} />
    </>
  );
}
