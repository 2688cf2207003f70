import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Typography, theme } from 'antd';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import { useIsMobile } from '../../layout/hooks/useIsMobile';
import { adminSectionOf, adminSectionTitle } from '../constants/adminSections';
import { AdminMenu } from './AdminMenu';
import { MiniUserCard } from './MiniUserCard';

const DRAWER_WIDTH_PX = 240;
const COLLAPSED_WIDTH_PX = 64;

type AdminShellProps = { children: ReactNode };

/**
 * The admin shell: a collapsible side drawer (mini user card and the admin menu; collapsed on
 * screens of 700 px or less) and a header with the current section's title above the section.
 */
export function AdminShell({ children }: AdminShellProps): ReactElement {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(mobile);
  useEffect(() => setCollapsed(mobile), [mobile]);
  const section = adminSectionOf(pathname);
  const title = adminSectionTitle(section);
  useDocumentTitle(title ? `${title} · Admin` : 'Admin');

  return (
    <div style={{ flex: 1, display: 'flex', minWidth: 0, position: 'relative' }}>
      <aside
        aria-label="Admin drawer"
        data-collapsed={collapsed}
        style={{
          width: collapsed ? COLLAPSED_WIDTH_PX : DRAWER_WIDTH_PX,
          flexShrink: 0,
          background: token.colorBgContainer,
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          transition: 'width 0.2s',
          overflow: 'hidden',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <MiniUserCard collapsed={collapsed} />
        <AdminMenu active={section} collapsed={collapsed} onNavigate={mobile ? () => setCollapsed(true) : undefined} />
      </aside>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: token.marginSM,
            padding: `${token.paddingSM}px ${token.padding}px`,
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? 'Expand admin menu' : 'Collapse admin menu'}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {title}
          </Typography.Title>
        </header>
        <main style={{ flex: 1, minWidth: 0, padding: mobile ? token.paddingSM : token.padding, boxSizing: 'border-box' }}>{children}</main>
      </div>
    </div>
  );
}
