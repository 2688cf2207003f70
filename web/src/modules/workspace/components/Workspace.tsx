import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Menu, type MenuProps, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { WORKSPACE_DRAWER_BREAKPOINT_PX } from '../../layout/constants/breakpoints';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { ProfileCard, type ProfileTab } from '../../profiles/components/ProfileCard';
import { DEFAULT_WORKSPACE_SECTION, WORKSPACE_GROUPS, type WorkspaceSection, workspaceSectionTitle } from '../constants/workspaceSections';
import { useSideMenuStyles } from '../../theme/sideMenuStyles';
import { PageLoader } from '../../ui/components/PageLoader';
import { ProviderPracticesGrid } from './ProviderPracticesGrid';

const CredentialingSection = lazy(() => import('../../credentialing').then((m) => ({ default: m.CredentialingSection })));

type WorkspaceProps = {
  /** Whose workspace. */
  userId: string | null;
  /** The page title ('Provider Profile', 'My Workspace'). */
  title: string;
  /** Where the close icon goes; no close icon without it. */
  closeTo?: string;
  /** The section shown first (About Profile by default). */
  initialSection?: WorkspaceSection;
};

const DRAWER_WIDTH_PX = 240;

const useStyles = createStyles(({ token, css }) => ({
  placeholder: css`
    &.ant-empty {
      padding: ${token.paddingXL}px;
    }
  `,
  workspace: css`
    flex: 1;
    min-width: 0;
    min-height: 100%;
  `,
  drawer: css`
    width: ${DRAWER_WIDTH_PX}px;
    flex-shrink: 0;
    overflow: hidden;
    background: ${token.colorBgContainer};
    border-inline-end: 1px solid ${token.colorBorderSecondary};
    transition: width 0.2s;
  `,
  collapsed: css`
    width: 0;
    border-inline-end: none;
  `,
  nav: css`
    width: ${DRAWER_WIDTH_PX}px;
  `,
  pane: css`
    flex: 1;
    min-width: 0;
  `,
  header: css`
    padding: ${token.paddingSM}px ${token.padding}px;
    background: ${token.colorBgContainer};
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  title: css`
    &.ant-typography {
      margin: 0;
      flex: 1;
      font-size: ${token.fontSizeHeading4}px;
    }
  `,
  content: css`
    flex: 1;
    padding: ${token.padding}px;
  `,
  narrowContent: css`
    padding: ${token.paddingSM}px;
  `,
}));

function Placeholder({ text }: { text: string }): ReactElement {
  const { styles } = useStyles();
  return <Empty description={text} className={styles.placeholder} />;
}

function PracticesSection({ userId }: { userId: string }): ReactElement {
  // The practices service knows whose practices they are: ask for this user's.
  return <ProviderPracticesGrid providerId={userId} />;
}

/**
 * A provider or own-user workspace: the drawer menu (About Profile; 'My Provider Folder' with
 * Scheduling and Revenue Cycle Management as placeholders, Credentialing the provider's file; 'Entity Admin
 * Privileges' with Practices, Facilities, Companies), collapsing with a chevron and on screens
 * of 768 px or less, and the chosen section (About Profile by default).
 */
export function Workspace({ userId, title, closeTo, initialSection = DEFAULT_WORKSPACE_SECTION }: WorkspaceProps): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  const { styles: menu } = useSideMenuStyles();
  const narrow = useMediaQuery(`(max-width: ${WORKSPACE_DRAWER_BREAKPOINT_PX}px)`);
  const [collapsed, setCollapsed] = useState(narrow);
  const [section, setSection] = useState<WorkspaceSection>(initialSection);
  const [tab, setTab] = useState<ProfileTab>('about');
  useEffect(() => setCollapsed(narrow), [narrow]);
  const sectionTitle = workspaceSectionTitle(section);
  useDocumentTitle(`${sectionTitle} · ${title}`);

  const items: MenuProps['items'] = WORKSPACE_GROUPS.map((group) =>
    group.title
      ? { type: 'group', key: group.title, label: group.title, children: group.entries.map((e) => ({ key: e.section, label: e.title })) }
      : { type: 'group', key: 'profile', children: group.entries.map((e) => ({ key: e.section, label: e.title })) },
  );

  const content = (): ReactElement => {
    if (!userId) return <Placeholder text="No profile is selected" />;
    switch (section) {
      case 'about':
        return <ProfileCard userId={userId} tab={tab} onTabChange={setTab} />;
      case 'practices':
        return <PracticesSection userId={userId} />;
      case 'credentialing':
        return (
          <Suspense fallback={<PageLoader />}>
            <CredentialingSection key={userId} userId={userId} />
          </Suspense>
        );
      case 'companies':
        return <Placeholder text="My Companies placeholder" />;
      default:
        return <Placeholder text={`${sectionTitle} placeholder`} />;
    }
  };

  return (
    <Flex className={styles.workspace}>
      <aside aria-label="Workspace drawer" data-collapsed={collapsed} className={cx(styles.drawer, collapsed && styles.collapsed)}>
        <nav aria-label={title} className={styles.nav}>
          <Menu
            mode="inline"
            selectedKeys={[section]}
            items={items}
            onClick={({ key }) => {
              setSection(key as WorkspaceSection);
              if (narrow) setCollapsed(true);
            }}
            className={menu.menu}
          />
        </nav>
      </aside>
      <Flex vertical className={styles.pane}>
        <Flex component="header" align="center" gap={token.marginSM} className={styles.header}>
          <Button
            type="text"
            aria-label={collapsed ? 'Open workspace menu' : 'Collapse workspace menu'}
            aria-expanded={!collapsed}
            icon={collapsed ? <RightOutlined /> : <LeftOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={1} className={styles.title}>
            {sectionTitle}
          </Typography.Title>
          {closeTo ? (
            <Link to={closeTo} aria-label="Close" title="Close">
              <CloseOutlined />
            </Link>
          ) : null}
        </Flex>
        <main className={cx(styles.content, narrow && styles.narrowContent)}>{content()}</main>
      </Flex>
    </Flex>
  );
}
