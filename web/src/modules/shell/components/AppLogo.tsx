import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../site/constants/siteInfo';
import { createTokenStyles } from '../../theme/tokenStyles';

const useStyles = createTokenStyles('app-logo', (token) => ({
  mark: { flexShrink: 0 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: token.marginXS,
    fontWeight: token.fontWeightStrong,
    fontSize: token.fontSizeLG,
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    minWidth: 0,
  },
  light: { color: token.colorTextLightSolid },
  brand: { color: token.colorText },
  name: { overflow: 'hidden', textOverflow: 'ellipsis' },
}));

type AppLogoProps = {
  /** 'light' for use on the brand-coloured top bar, 'brand' on light backgrounds. */
  tone?: 'light' | 'brand';
};

/** The product mark: a cross in a rounded square. */
export function AppMark({ tone = 'brand', size = 24 }: AppLogoProps & { size?: number }): ReactElement {
  const { styles, token } = useStyles();
  const square = tone === 'light' ? token.colorBgContainer : token.colorPrimary;
  const cross = tone === 'light' ? token.colorPrimary : token.colorTextLightSolid;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false" className={styles.mark}>
      <rect width="32" height="32" rx="7" fill={square} />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill={cross} />
    </svg>
  );
}

/** The logo, linking home. */
export function AppLogo({ tone = 'light' }: AppLogoProps): ReactElement {
  const { styles } = useStyles();
  return (
    <Link to="/" aria-label={`${APP_NAME} home`} className={`${styles.link} ${tone === 'light' ? styles.light : styles.brand}`}>
      <AppMark tone={tone} />
      <span className={styles.name}>{APP_NAME}</span>
    </Link>
  );
}
