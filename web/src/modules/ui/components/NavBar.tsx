import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from '../../layout/constants/breakpoints';
import { createTokenStyles } from '../../theme/tokenStyles';

// The top bar is on the first load: antd's CSS-in-JS, not antd-style (theme/tokenStyles.ts).
const useStyles = createTokenStyles('app-navbar', (token) => ({
  bar: {
    position: 'relative',
    top: 0,
    display: 'flex',
    alignItems: 'center',
    gap: token.marginXS,
    height: TOP_BAR_HEIGHT,
    padding: `0 ${token.paddingXS}px`,
    boxSizing: 'border-box',
  },
  sticky: { position: 'sticky', zIndex: token.zIndexPopupBase - 10 },
  primary: { background: token.colorPrimary, color: token.colorTextLightSolid, boxShadow: token.boxShadowTertiary },
  light: { background: token.colorBgContainer, color: token.colorText, borderBottom: `1px solid ${token.colorBorderSecondary}` },
  start: { display: 'flex', alignItems: 'center', gap: token.marginXXS, minWidth: 0, flexShrink: 1 },
  center: { flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center', overflow: 'hidden' },
  end: { display: 'flex', alignItems: 'center', gap: token.marginXXS, flexShrink: 0 },
}));

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
  className?: string;
  style?: CSSProperties;
};

/** The top navigation bar widget: 2.5rem high, start, centre and end slots. */
export function NavBar({ start, center, end, tone = 'primary', sticky = false, label, className, style }: NavBarProps): ReactElement {
  const { styles } = useStyles();
  const classes = [styles.bar, sticky ? styles.sticky : '', tone === 'primary' ? styles.primary : styles.light, className ?? ''].filter(Boolean).join(' ');
  return (
    <nav aria-label={label} className={classes} style={style}>
      <div className={styles.start}>{start}</div>
      <div className={styles.center}>{center}</div>
      <div className={styles.end}>{end}</div>
    </nav>
  );
}
