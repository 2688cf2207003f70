import { theme } from 'antd';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../site/constants/siteInfo';

type AppLogoProps = {
  /** 'light' for use on the brand-coloured top bar, 'brand' on light backgrounds. */
  tone?: 'light' | 'brand';
};

/** The product mark: a cross in a rounded square. */
export function AppMark({ tone = 'brand', size = 24 }: AppLogoProps & { size?: number }): ReactElement {
  const { token } = theme.useToken();
  const square = tone === 'light' ? token.colorBgContainer : token.colorPrimary;
  const cross = tone === 'light' ? token.colorPrimary : token.colorTextLightSolid;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false" style={{ flexShrink: 0 }}>
      <rect width="32" height="32" rx="7" fill={square} />
      <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill={cross} />
    </svg>
  );
}

/** The logo, linking home. */
export function AppLogo({ tone = 'light' }: AppLogoProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <Link
      to="/"
      aria-label={`${APP_NAME} home`}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.marginXS,
        color: tone === 'light' ? token.colorTextLightSolid : token.colorText,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeLG,
        whiteSpace: 'nowrap',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      <AppMark tone={tone} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{APP_NAME}</span>
    </Link>
  );
}
