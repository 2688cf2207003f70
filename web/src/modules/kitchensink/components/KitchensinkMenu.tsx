import {
  AppstoreOutlined,
  BgColorsOutlined,
  BlockOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  FontSizeOutlined,
  LayoutOutlined,
  Loading3QuartersOutlined,
  MenuFoldOutlined,
  NotificationOutlined,
  ProfileOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { Link, useLocation } from 'react-router';
import { useDemoStyles } from './DemoSection';

// antd's menu borders and layout come with up to three classes (.ant-menu-light.ant-menu-root.ant-menu-inline): four beat them.
const useStyles = createStyles(({ css }) => ({
  inline: css`
    &&&& {
      border-inline-end: none;
      background: transparent;
    }
  `,
  horizontal: css`
    &&&& {
      background: transparent;
      flex-wrap: nowrap;
    }
  `,
}));

export type KitchensinkSection =
  | 'typography'
  | 'icons'
  | 'buttons'
  | 'navbar'
  | 'date-picker'
  | 'drawers'
  | 'dialog'
  | 'file-drop'
  | 'tabs'
  | 'toasts'
  | 'loaders'
  | 'grid';

const ITEMS: ReadonlyArray<{ section: KitchensinkSection; label: string; icon: ReactElement }> = [
  { section: 'typography', label: 'Typography', icon: <FontSizeOutlined /> },
  { section: 'icons', label: 'Icons', icon: <AppstoreOutlined /> },
  { section: 'buttons', label: 'Buttons', icon: <BgColorsOutlined /> },
  { section: 'navbar', label: 'Navbar', icon: <LayoutOutlined /> },
  { section: 'date-picker', label: 'Date Picker', icon: <CalendarOutlined /> },
  { section: 'drawers', label: 'Drawers', icon: <MenuFoldOutlined /> },
  { section: 'dialog', label: 'Dialog', icon: <BlockOutlined /> },
  { section: 'file-drop', label: 'File Drop', icon: <CloudUploadOutlined /> },
  { section: 'tabs', label: 'Tab Strip', icon: <ProfileOutlined /> },
  { section: 'toasts', label: 'Toasts', icon: <NotificationOutlined /> },
  { section: 'loaders', label: 'Loaders', icon: <Loading3QuartersOutlined /> },
  { section: 'grid', label: 'Data Grid', icon: <TableOutlined /> },
];

/** The section shown for a path under /kitchensink (icons for /kitchensink itself). */
export function kitchensinkSectionOf(pathname: string): KitchensinkSection {
  const segment = pathname.split('/').filter(Boolean)[1];
  return ITEMS.find((item) => item.section === segment)?.section ?? 'icons';
}

type KitchensinkMenuProps = {
  mode: 'inline' | 'horizontal';
};

/** The component demo's menu: Typography, Icons, Buttons, Navbar and the widgets. */
export function KitchensinkMenu({ mode }: KitchensinkMenuProps): ReactElement {
  const { styles } = useStyles();
  const { styles: demo } = useDemoStyles();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = ITEMS.map((item) => ({
    key: item.section,
    icon: item.icon,
    label: <Link to={`/kitchensink/${item.section}`}>{item.label}</Link>,
  }));
  const menu = (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[kitchensinkSectionOf(pathname)]}
      aria-label="Component demo sections"
      // On a phone every item stays in the strip, which scrolls sideways: antd's overflow
      // collapsing hid items with aria-hidden while they stayed focusable (axe: aria-hidden-focus).
      disabledOverflow={mode === 'horizontal'}
      className={mode === 'inline' ? styles.inline : styles.horizontal}
    />
  );
  return mode === 'horizontal' ? <div className={demo.scroller}>{menu}</div> : menu;
}
