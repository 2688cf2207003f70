import { LoadingOutlined, SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { createStyles } from 'antd-style';
import type { CSSProperties, ReactElement } from 'react';
import type { LoaderType } from '../constants/widgetConstants';

type LoaderIconProps = {
  type?: LoaderType;
  /** Size in px (default 24). */
  size?: number;
  color?: string;
  /** The accessible name (default 'Loading'). */
  label?: string;
  style?: CSSProperties;
};

// Keyframes shared by every loader (React hoists and de-duplicates the style by its href).
const KEYFRAMES = `
@keyframes app-loader-spin { to { transform: rotate(360deg); } }
.app-loader-pulse { animation: app-loader-spin 1s steps(8) infinite; }
.app-loader-circle { animation: app-loader-spin 0.8s linear infinite; }
@media (prefers-reduced-motion: reduce) { .app-loader-pulse, .app-loader-circle { animation-duration: 3s; } }
`;

const useStyles = createStyles(({ css }) => ({
  loader: css`
    display: inline-flex;
    align-items: center;
    line-height: 0;
  `,
}));

/**
 * A loading indicator of one of the five types: spinner (a smooth spinning arc),
 * spinnerWithPulse (eight dots turning in eight steps), circle (a ring with a moving
 * segment), refresh (spinning arrows) and cog (a spinning gear).
 */
export function LoaderIcon({ type = 'spinner', size = 24, color, label = 'Loading', style }: LoaderIconProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const tint = color ?? token.colorPrimary;
  const iconStyle: CSSProperties = { fontSize: size, color: tint };
  let icon: ReactElement;
  switch (type) {
    case 'spinnerWithPulse':
      icon = (
        <svg className="app-loader-pulse" width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
          {Array.from({ length: 8 }, (_, i) => {
            const angle = (i * Math.PI) / 4;
            return <circle key={i} cx={16 + 11 * Math.sin(angle)} cy={16 - 11 * Math.cos(angle)} r={3} fill={tint} opacity={1 - i * 0.11} />;
          })}
        </svg>
      );
      break;
    case 'circle':
      icon = (
        <span
          className="app-loader-circle"
          // Run time: the ring's size and colour are the caller's.
          style={{
            display: 'inline-block',
            width: size,
            height: size,
            boxSizing: 'border-box',
            borderRadius: '50%',
            border: `${Math.max(2, Math.round(size / 8))}px solid ${token.colorFillSecondary}`,
            borderTopColor: tint,
          }}
        />
      );
      break;
    case 'refresh':
      icon = <SyncOutlined spin style={iconStyle} />;
      break;
    case 'cog':
      icon = <SettingOutlined spin style={iconStyle} />;
      break;
    default:
      icon = <LoadingOutlined spin style={iconStyle} />;
  }
  return (
    <span role="img" aria-label={label} data-loader-type={type} className={styles.loader} style={style}>
      <style href="app-loader-keyframes" precedence="default">
        {KEYFRAMES}
      </style>
      {icon}
    </span>
  );
}
