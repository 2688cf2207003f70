import { Button, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { RouterLinkButton } from '../../ui/components/RouterLinkButton';

type TopBarIconButtonProps = {
  icon: ReactNode;
  label: string;
  /** Run on click (a button). */
  onClick?: () => void;
  /** Navigate to this app path (a link). */
  to?: string;
};

/** A round, light icon button (or link, with `to`) for the brand-coloured top bar. */
export function TopBarIconButton({ icon, label, onClick, to }: TopBarIconButtonProps): ReactElement {
  const { token } = theme.useToken();
  const common = {
    type: 'text' as const,
    shape: 'circle' as const,
    icon,
    'aria-label': label,
    title: label,
    style: { color: token.colorTextLightSolid, fontSize: token.fontSizeLG },
  };
  return to ? <RouterLinkButton {...common} to={to} /> : <Button {...common} onClick={onClick} />;
}
