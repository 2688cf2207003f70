import { Avatar, Flex, Typography, theme } from 'antd';
import type { CSSProperties, ReactElement, ReactNode } from 'react';

type ProfileHeaderProps = {
  /** Accessible name of the banner image ('Banner', 'Practice banner'). */
  bannerLabel: string;
  bannerImageUrl?: string | null;
  /** Banner height: the profile's 6:1 image, or a fixed height in px. */
  bannerHeight: number | 'aspect';
  /** Controls on the banner (its camera button), placed by the caller. */
  bannerControls?: ReactNode;
  avatarSize: number;
  avatarImageUrl?: string | null;
  avatarIcon: ReactNode;
  avatarAlt: string;
  /** Controls on the avatar (its camera button). */
  avatarControls?: ReactNode;
  displayName: string;
  /** Lines under the display name (handle, NPI, full name). */
  children?: ReactNode;
  /** The ellipsis menu at the end of the name row. */
  menu?: ReactNode;
};

/**
 * A profile's banner, avatar and names. Only the avatar overlaps the banner (by half its size);
 * the display name and the lines under it start below the banner and wrap on a narrow screen,
 * so the banner never covers them.
 */
export function ProfileHeader(props: ProfileHeaderProps): ReactElement {
  const { token } = theme.useToken();
  const banner: CSSProperties = {
    position: 'relative',
    ...(props.bannerHeight === 'aspect' ? { aspectRatio: '6 / 1' } : { height: props.bannerHeight }),
    background: props.bannerImageUrl
      ? `center / cover no-repeat url("${props.bannerImageUrl}")`
      : `linear-gradient(120deg, ${token.colorPrimary}, ${token.colorPrimaryBorder})`,
  };
  return (
    <>
      {/* The image and its controls are siblings: an img role may not hold a button (axe: nested-interactive). */}
      <div style={{ position: 'relative' }}>
        <div aria-label={props.bannerLabel} role="img" style={banner} />
        {props.bannerControls}
      </div>
      <Flex gap={token.margin} align="flex-start" style={{ padding: `0 ${token.padding}px` }}>
        <div style={{ position: 'relative', flexShrink: 0, marginTop: -props.avatarSize / 2, zIndex: 1 }}>
          <Avatar
            size={props.avatarSize}
            src={props.avatarImageUrl || undefined}
            icon={props.avatarIcon}
            alt={props.avatarAlt}
            style={{ border: `4px solid ${token.colorBgContainer}`, background: token.colorPrimaryBg, color: token.colorPrimary }}
          />
          {props.avatarControls}
        </div>
        <div style={{ flex: 1, minWidth: 0, paddingTop: token.paddingXS, overflowWrap: 'anywhere' }}>
          <Typography.Title level={2} data-testid="profile-display-name" style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: 1.3 }}>
            {props.displayName}
          </Typography.Title>
          {props.children}
        </div>
        {props.menu ? <div style={{ flexShrink: 0, paddingTop: token.paddingXS }}>{props.menu}</div> : null}
      </Flex>
    </>
  );
}
