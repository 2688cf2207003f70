import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Menu, type MenuProps, Typography, theme } from 'antd';
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { WORKSPACE_DRAWER_BREAKPOINT_PX } from '../../layout/constants/breakpoints';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import { ProfileCard, type ProfileTab } from '../../profiles/components/ProfileCard';
import { DEFAULT_WORKSPACE_SECTION, WORKSPACE_GROUPS, type WorkspaceSection, workspaceSectionTitle } from '../constants/workspaceSections';
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

function Placeholder({ text }: { text: string }): ReactElement {
  return <Empty description={text} style={{ padding: 32 }} />;
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
    <div style={{ flex: 1, display: 'flex', minWidth: 0, minHeight: '100%' }}>
      <aside
        aria-label="Workspace drawer"
        data-collapsed={collapsed}
        style={{
          width: collapsed ? 0 : DRAWER_WIDTH_PX,
          flexShrink: 0,
          overflow: 'hidden',
          background: token.colorBgContainer,
          borderInlineEnd: collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          transition: 'width 0.2s',
        }}
      >
        <nav aria-label={title} style={{ width: DRAWER_WIDTH_PX }}>
          <Menu
            mode="inline"
            selectedKeys={[section]}
            items={items}
            onClick={({ key }) => {
              setSection(key as WorkspaceSection);
              if (narrow) setCollapsed(true);
            }}
            style={{ borderInlineEnd: 0, background: 'transparent' }}
          />
        </nav>
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
            aria-label={collapsed ? 'Open workspace menu' : 'Collapse workspace menu'}
            aria-expanded={!collapsed}
            icon={collapsed ? <RightOutlined /> : <LeftOutlined />}
            onClick={() => setCollapsed((value) => !value)}
          />
          <Typography.Title level={1} style={{ margin: 0, flex: 1, fontSize: token.fontSizeHeading4 }}>
            {sectionTitle}
          </Typography.Title>
          {closeTo ? (
            <Link to={closeTo} aria-label="Close" title="Close">
              <CloseOutlined />
            </Link>
          ) : null}
        </header>
        <main style={{ flex: 1, padding: narrow ? token.paddingSM : token.padding }}>{content()}</main>
      </div>
    </div>
  );
}
