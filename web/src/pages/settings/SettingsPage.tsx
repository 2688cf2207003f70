import type { ReactElement } from 'react';
import { Navigate, useParams } from 'react-router';
import {
  resolveSettingsSection,
  settingsSectionTitle,
} from '../../modules/settings/constants/settingsSections';
import { PageFrame } from '../../modules/ui/components/PageFrame';

/** /settings/{section} — settings, built in a later issue; unknown sections go to Log In Credentials. */
export function SettingsPage(): ReactElement {
  const { section } = useParams();
  const active = resolveSettingsSection(section);
  if (section !== active) return <Navigate to={`/settings/${active}`} replace />;
  return <PageFrame title="Settings" description={settingsSectionTitle(active)} />;
}
