import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CreditCardOutlined,
  FileTextOutlined,
  MedicineBoxOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_GROUPS, type AdminMenuEntry, type AdminSection, adminPath } from '../constants/adminSections';

const useStyles = createStyles(({ css }) => ({
  // antd draws the inline menu's end border with three classes (.ant-menu-light.ant-menu-root.ant-menu-inline): four beat them.
  menu: css`
    &&&& {
      border-inline-end: 0;
      background: transparent;
    }
  `,
}));

const ICONS: Record<AdminMenuEntry['section'], ReactNode> = {
  users: <TeamOutlined />,
  practices: <MedicineBoxOutlined />,
  facilities: <BankOutlined />,
  companies: <ApartmentOutlined />,
  payers: <SafetyCertificateOutlined />,
  credentialing: <AuditOutlined />,
  committee: <SolutionOutlined />,
  exclusions: <StopOutlined />,
  cases: <FileTextOutlined />,
  payments: <CreditCardOutlined />,
};

type AdminMenuProps = {
  active: AdminSection | null;
  collapsed: boolean;
  onNavigate?: () => void;
};

/** The admin side menu: group Profiles and group Revenue Cycle Management. */
export function AdminMenu({ active, collapsed, onNavigate }: AdminMenuProps): ReactElement {
  const { styles } = useStyles();
  const items: MenuProps['items'] = ADMIN_MENU_GROUPS.map((group) => ({
    type: 'group',
    key: group.title,
    label: collapsed ? null : group.title,
    children: group.entries.map((entry) => ({
      key: entry.section,
      icon: ICONS[entry.section],
      title: entry.title,
      label: (
        <Link to={adminPath(entry.section)} onClick={onNavigate}>
          {entry.title}
        </Link>
      ),
    })),
  }));
  return (
    <nav aria-label="Admin">
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={active ? [active] : []}
        items={items}
        className={styles.menu}
      />
    </nav>
  );
}
