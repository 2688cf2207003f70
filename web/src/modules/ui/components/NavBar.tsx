import { theme } from 'antd';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';

type NavBarProps = {
  /** Items at the start (menu button, logo). */
  start?: ReactNode;
  /** Items in the middle, hidden when there is no room. */
  center?: ReactNode;
  /** Items at the end (actions, avatar). */
  end?: ReactNode;
  /** 'primary' is the brand-coloured bar; 'light' a white bar with a bottom border. */
  tone?: 'primary' | 'light';
  /** Keep the bar at the top of the viewport while the page scrolls. */
  sticky?: boolean;
  /** Accessible name of the navigation landmark. */
  label: string;
  style?: CSSProperties;
};

/** The top navigation bar widget: 2.5rem high, start, centre and end slots. */
export function NavBar({ start, center, end, tone = 'primary', sticky = false, label, style }: NavBarProps): ReactElement {
  const { token } = theme.useToken();
  const primary = tone === 'primary';
  return (
    <nav
      aria-label={label}
      style={{
        position: sticky ? 'sticky' : 'relative',
        top: 0,
        zIndex: sticky ? token.zIndexPopupBase - 10 : undefined,
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        height: TOP_BAR_HEIGHT,
        padding: `0 ${token.paddingXS}px`,
        background: primary ? token.colorPrimary : token.colorBgContainer,
        color: primary ? token.colorTextLightSolid : token.colorText,
        borderBottom: primary ? undefined : `1px solid ${token.colorBorderSecondary}`,
        boxShadow: primary ? token.boxShadowTertiary : undefined,
        boxSizing: 'border-box',
        ...style,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS, minWidth: 0, flexShrink: 1 }}>{start}</div>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center', overflow: 'hidden' }}>{center}</div>
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXXS, flexShrink: 0 }}>{end}</div>
    </nav>
  );
}
