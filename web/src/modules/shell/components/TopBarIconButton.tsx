import { Badge, Button, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { RouterLinkButton } from '../../ui/components/RouterLinkButton';

type TopBarIconButtonProps = {
  icon: ReactNode;
  label: string;
  /** Run on click (a button). */
  onClick?: () => void;
  /** Navigate to this app path (a link). */
  to?: string;
  /** A count badge (hidden at 0; the badge wrapper stays, so the button keeps its place and focus). */
  count?: number;
  /** An alert dot. */
  dot?: boolean;
};

/** A round, light icon button (or link, with `to`) for the brand-coloured top bar, with an optional badge. */
export function TopBarIconButton({ icon, label, onClick, to, count, dot }: TopBarIconButtonProps): ReactElement {
  const { token } = theme.useToken();
  const common = {
    type: 'text' as const,
    shape: 'circle' as const,
    icon,
    'aria-label': label,
    title: label,
    style: { color: token.colorTextLightSolid, fontSize: token.fontSizeLG },
  };
  const button = to ? <RouterLinkButton {...common} to={to} /> : <Button {...common} onClick={onClick} />;
  if (count === undefined && !dot) return button;
  return (
    <Badge count={dot ? undefined : count} dot={dot} size="small" offset={[-4, 4]} overflowCount={99}>
      {button}
    </Badge>
  );
}
