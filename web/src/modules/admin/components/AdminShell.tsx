import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { createStyles } from 'antd-style';
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

const useStyles = createStyles(({ token, css }) => ({
  shell: css`
    flex: 1;
    min-width: 0;
    position: relative;
  `,
  drawer: css`
    width: ${DRAWER_WIDTH_PX}px;
    flex-shrink: 0;
    background: ${token.colorBgContainer};
    border-inline-end: 1px solid ${token.colorBorderSecondary};
    transition: width 0.2s;
    overflow: hidden;
    display: flex;
    flex-direction: column;
  `,
  collapsed: css`
    width: ${COLLAPSED_WIDTH_PX}px;
  `,
  body: css`
    flex: 1;
    min-width: 0;
  `,
  header: css`
    display: flex;
    align-items: center;
    gap: ${token.marginSM}px;
    padding: ${token.paddingSM}px ${token.padding}px;
    background: ${token.colorBgContainer};
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  title: css`
    && {
      margin: 0;
      font-size: ${token.fontSizeHeading4}px;
    }
  `,
  main: css`
    flex: 1;
    min-width: 0;
    padding: ${token.padding}px;
    box-sizing: border-box;
  `,
  mainMobile: css`
    padding: ${token.paddingSM}px;
  `,
}));

/**
 * The admin shell: a collapsible side drawer (mini user card and the admin menu; collapsed on
 * screens of 700 px or less) and a header with the current section's title above the section.
 */
export function AdminShell({ children }: AdminShellProps): ReactElement {
  const { styles, cx } = useStyles();
  const { pathname } = useLocation();
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(mobile);
  useEffect(() => setCollapsed(mobile), [mobile]);
  const section = adminSectionOf(pathname);
  const title = adminSectionTitle(section);
  useDocumentTitle(title ? `${title} · Admin` : 'Admin');

  return (
    <Flex className={styles.shell}>
      <aside aria-label="Admin drawer" data-collapsed={collapsed} className={cx(styles.drawer, collapsed && styles.collapsed)}>
        <MiniUserCard collapsed={collapsed} />
        <AdminMenu active={section} collapsed={collapsed} onNavigate={mobile ? () => setCollapsed(true) : undefined} />
      </aside>
      <Flex vertical className={styles.body}>
        <header className={styles.header}>
          <Button
            type="text"
            aria-label={collapsed ? 'Expand admin menu' : 'Collapse admin menu'}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={1} className={styles.title}>
            {title}
          </Typography.Title>
        </header>
        <main className={cx(styles.main, mobile && styles.mainMobile)}>{children}</main>
      </Flex>
    </Flex>
  );
}
