import { Menu, type MenuProps, Select } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSideMenuStyles } from '../../theme/sideMenuStyles';
import { SETTINGS_GROUPS, type SettingsSection, settingsPath } from '../constants/settingsSections';

const useStyles = createStyles(({ css }) => ({
  select: css`
    width: 100%;
  `,
}));

type SettingsMenuProps = {
  active: SettingsSection;
  /** A compact select instead of the side menu (small screens). */
  compact?: boolean;
};

const MENU_ITEMS: MenuProps['items'] = SETTINGS_GROUPS.map((group) => ({
  type: 'group',
  key: group.title,
  label: group.title,
  children: group.sections.map((entry) => ({
    key: entry.section,
    label: <Link to={settingsPath(entry.section)}>{entry.title}</Link>,
  })),
}));

/** The settings menu: three groups of sections, as a side menu or (compact) a select. */
export function SettingsMenu({ active, compact }: SettingsMenuProps): ReactElement {
  const navigate = useNavigate();
  const { styles } = useStyles();
  const { styles: menu } = useSideMenuStyles();
  if (compact) {
    return (
      <Select<SettingsSection>
        aria-label="Settings section"
        value={active}
        className={styles.select}
        onChange={(section) => void navigate(settingsPath(section))}
        options={SETTINGS_GROUPS.map((group) => ({
          label: group.title,
          title: group.title,
          options: group.sections.map((entry) => ({ value: entry.section, label: entry.title })),
        }))}
      />
    );
  }
  return (
    <nav aria-label="Settings">
      <Menu mode="inline" selectedKeys={[active]} items={MENU_ITEMS} className={menu.menu} />
    </nav>
  );
}
