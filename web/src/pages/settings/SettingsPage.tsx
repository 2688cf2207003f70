import { Typography } from 'antd';
import { createStyles } from 'antd-style';
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

const useStyles = createStyles(({ token, css }) => ({
  page: css`
    display: flex;
    width: 100%;
    max-width: 1200px;
    margin: 0 auto;
    padding: ${token.paddingLG}px ${token.padding}px;
    gap: ${token.marginLG}px;
    box-sizing: border-box;
  `,
  stacked: css`
    flex-direction: column;
  `,
  menu: css`
    width: 240px;
    flex-shrink: 0;
  `,
  fullWidth: css`
    width: 100%;
  `,
  menuTitle: css`
    &.ant-typography {
      display: block;
      margin-bottom: ${token.marginXS}px;
      text-transform: uppercase;
      letter-spacing: 0.5px;
    }
  `,
  section: css`
    flex: 1;
    min-width: 0;
  `,
  title: css`
    &.ant-typography {
      margin-top: 0;
      font-size: ${token.fontSizeHeading2}px;
    }
  `,
}));

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
  const { styles, cx } = useStyles();
  const { section } = useParams();
  const active = resolveSettingsSection(section);
  const title = settingsSectionTitle(active);
  const mobile = useIsMobile();
  useDocumentTitle(`${title} · Settings`);
  if (section !== active) return <Navigate to={settingsPath(active)} replace />;

  return (
    <div className={cx(styles.page, mobile && styles.stacked)}>
      <aside className={cx(styles.menu, mobile && styles.fullWidth)}>
        <Typography.Text type="secondary" strong className={styles.menuTitle}>
          Settings
        </Typography.Text>
        <SettingsMenu active={active} compact={mobile} />
      </aside>
      <main className={styles.section}>
        <Typography.Title level={1} className={styles.title}>
          {title}
        </Typography.Title>
        <SectionContent section={active} />
      </main>
    </div>
  );
}
