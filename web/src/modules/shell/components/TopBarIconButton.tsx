import { Badge, Button } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { createTokenStyles } from '../../theme/tokenStyles';
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

/** Room kept after a button with a count badge: the part of a '99+' badge past the button, and a gap. */
export const COUNT_BADGE_ROOM_PX = 16;

const useStyles = createTokenStyles('top-bar-icon-button', () => ({
  badgeRoom: { display: 'inline-flex', marginInlineEnd: COUNT_BADGE_ROOM_PX },
}));

/** A round, light icon button (or link, with `to`) for the brand-coloured top bar, with an optional badge. */
export function TopBarIconButton({ icon, label, onClick, to, count, dot }: TopBarIconButtonProps): ReactElement {
  const { styles, token } = useStyles();
  const common = {
    type: 'text' as const,
    shape: 'circle' as const,
    icon,
    'aria-label': label,
    title: label,
    // Inline: the light colour has to hold on hover and press too, where antd's text-button rules outrank a class.
    style: { color: token.colorTextLightSolid, fontSize: token.fontSizeLG },
  };
  const button = to ? <RouterLinkButton {...common} to={to} /> : <Button {...common} onClick={onClick} />;
  if (count === undefined && !dot) return button;
  const badge = (
    <Badge count={dot ? undefined : count} dot={dot} size="small" offset={[-4, 8]} overflowCount={99}>
      {button}
    </Badge>
  );
  if (dot) return badge;
  // A count sticks out past the button's end (up to '99+' wide): keep that room after it, so
  // it never covers the next item (the avatar). Kept at every count, so the bar does not shift.
  return <span className={styles.badgeRoom}>{badge}</span>;
}
