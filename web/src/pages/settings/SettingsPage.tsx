import { Typography, theme } from 'antd';
import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../modules/layout/hooks/useDocumentTitle';
import { useIsMobile } from '../../modules/layout/hooks/useIsMobile';
import { LoginCredentials } from '../../modules/settings/components/LoginCredentials';
import { SecurityEventsLog } from '../../modules/settings/components/SecurityEventsLog';
import { SettingsMenu } from '../../modules/settings/components/SettingsMenu';
import { SettingsPlaceholder } from '../../modules/settings/components/SettingsPlaceholder';
import {
  resolveSettingsSection,
  type SettingsSection,
  settingsPath,
  settingsSectionTitle,
} from '../../modules/settings/constants/settingsSections';

function SectionContent({ section }: { section: SettingsSection }): ReactElement {
  switch (section) {
    case 'loginCredentials':
      return <LoginCredentials />;
    case 'securityEventsLog':
      return <SecurityEventsLog />;
    default:
      return <SettingsPlaceholder title={settingsSectionTitle(section)} />;
  }
}

/** /settings/{section}: the settings menu and the section; unknown sections go to Log In Credentials. */
export function SettingsPage(): ReactElement {
  const { token } = theme.useToken();
  const { section } = useParams();
  const active = resolveSettingsSection(section);
  const title = settingsSectionTitle(active);
  const mobile = useIsMobile();
  useDocumentTitle(`${title} · Settings`);
  if (section !== active) return <Navigate to={settingsPath(active)} replace />;

  return (
    <div
      style={{
        display: 'flex',
        flexDirection: mobile ? 'column' : 'row',
        width: '100%',
        maxWidth: 1200,
        margin: '0 auto',
        padding: `${token.paddingLG}px ${token.padding}px`,
        gap: token.marginLG,
        boxSizing: 'border-box',
      }}
    >
      <aside style={{ width: mobile ? '100%' : 240, flexShrink: 0 }}>
        <Typography.Text type="secondary" strong style={{ display: 'block', marginBottom: token.marginXS, textTransform: 'uppercase', letterSpacing: 0.5 }}>
          Settings
        </Typography.Text>
        <SettingsMenu active={active} compact={mobile} />
      </aside>
      <main style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: token.fontSizeHeading2 }}>
          {title}
        </Typography.Title>
        <SectionContent section={active} />
      </main>
    </div>
  );
}
