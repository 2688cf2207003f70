import { Avatar, Flex, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
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

/** Class names the narrow layout selects by. */
const PREFIX = 'profile-header';

const useStyles = createStyles(({ token, css }) => ({
  banner: css`
    position: relative;
  `,
  /* The header's width decides the layout (a side menu or a drawer takes part of the window). */
  frame: css`
    container-type: inline-size;
  `,
  row: css`
    && {
      padding: 0 ${token.padding}px;
    }
    /* Narrow: the names get the whole width under the avatar and its menu, so a name breaks between words. */
    @container (max-width: 440px) {
      && {
        flex-wrap: wrap;
      }
      & > .${PREFIX}-names {
        order: 1;
        flex-basis: 100%;
      }
      & > .${PREFIX}-menu {
        margin-inline-start: auto;
      }
    }
  `,
  avatarBox: css`
    position: relative;
    flex-shrink: 0;
    z-index: 1;
  `,
  avatar: css`
    && {
      border: 4px solid ${token.colorBgContainer};
      background: ${token.colorPrimaryBg};
      color: ${token.colorPrimary};
    }
  `,
  names: css`
    flex: 1;
    min-width: 0;
    padding-top: ${token.paddingXS}px;
    overflow-wrap: break-word;
  `,
  name: css`
    && {
      margin: 0;
      font-size: ${token.fontSizeHeading4}px;
      line-height: 1.3;
    }
  `,
  menu: css`
    flex-shrink: 0;
    padding-top: ${token.paddingXS}px;
  `,
}));

/**
 * A profile's banner, avatar and names. Only the avatar overlaps the banner (by half its size);
 * the display name and the lines under it start below the banner and wrap on a narrow screen,
 * so the banner never covers them.
 */
export function ProfileHeader(props: ProfileHeaderProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  // Run time: the banner's height and image are the profile's.
  const banner: CSSProperties = {
    ...(props.bannerHeight === 'aspect' ? { aspectRatio: '6 / 1' } : { height: props.bannerHeight }),
    background: props.bannerImageUrl
      ? `center / cover no-repeat url("${props.bannerImageUrl}")`
      : `linear-gradient(120deg, ${token.colorPrimary}, ${token.colorPrimaryBorder})`,
  };
  return (
    <>
      {/* The image and its controls are siblings: an img role may not hold a button (axe: nested-interactive). */}
      {/* The box the banner's controls are placed in (its position is read from the element by the spec). */}
      <div style={{ position: 'relative' }}>
        <div aria-label={props.bannerLabel} role="img" className={styles.banner} style={banner} />
        {props.bannerControls}
      </div>
      <div className={styles.frame}>
        <Flex gap={token.margin} align="flex-start" className={styles.row}>
          {/* Run time: the avatar overlaps the banner by half its size. */}
          <div className={styles.avatarBox} style={{ marginTop: -props.avatarSize / 2 }}>
            <Avatar
              size={props.avatarSize}
              src={props.avatarImageUrl || undefined}
              icon={props.avatarIcon}
              alt={props.avatarAlt}
              className={styles.avatar}
            />
            {props.avatarControls}
          </div>
          <div className={`${styles.names} ${PREFIX}-names`}>
            <Typography.Title level={2} data-testid="profile-display-name" className={styles.name}>
              {props.displayName}
            </Typography.Title>
            {props.children}
          </div>
          {props.menu ? <div className={`${styles.menu} ${PREFIX}-menu`}>{props.menu}</div> : null}
        </Flex>
      </div>
    </>
  );
}
