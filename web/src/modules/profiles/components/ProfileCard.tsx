import { CameraOutlined, EllipsisOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { type ImageKind, type ProfileView, profilesApi } from '../api/profilesApi';
import { useProfile } from '../hooks/useProfile';
import type { EditProfileVariant } from '../logic/editProfileForm';
import { formatPhone, mapsLink, websiteHref } from '../logic/profileRules';
import { ProfileHeader } from '../../ui/components/ProfileHeader';
import { EditProfileDrawer } from './EditProfileDrawer';
import { CommitteeRoleTags } from '../../committee/components/CommitteeRoleTags';
import { ImageUploadDrawer } from './ImageUploadDrawer';

const useStyles = createStyles(({ token, css }) => ({
  contactRow: css`
    padding: 6px 0;
  `,
  contactLabel: css`
    &.ant-typography {
      width: 140px;
      flex-shrink: 0;
    }
  `,
  contactValue: css`
    min-width: 0;
    overflow-wrap: anywhere;
  `,
  line: css`
    display: block;
  `,
  loading: css`
    &.ant-spin {
      display: block;
      margin: 48px;
    }
  `,
  card: css`
    background: ${token.colorBgContainer};
    border-radius: ${token.borderRadiusLG}px;
    overflow: hidden;
    max-width: 1000px;
  `,
  // A light disc over the picture, kept on hover and press (where antd's button rules would repaint it).
  camera: css`
    &.ant-btn,
    &.ant-btn:not(:disabled):not(.ant-btn-disabled):hover,
    &.ant-btn:not(:disabled):not(.ant-btn-disabled):active {
      position: absolute;
      background: rgba(255, 255, 255, 0.9);
    }
  `,
  bannerCamera: css`
    right: 12px;
    bottom: 12px;
  `,
  avatarCamera: css`
    right: 0;
    bottom: 4px;
  `,
  menuIcon: css`
    &.anticon {
      font-size: 20px;
    }
  `,
  tabs: css`
    padding: 0 ${token.padding}px ${token.padding}px;
  `,
  description: css`
    &.ant-typography {
      white-space: pre-wrap;
    }
  `,
}));

export type ProfileTab = 'about' | 'contact';

type ProfileCardProps = {
  userId: string;
  /** The admin profile (its edit drawer's display-name rule). */
  variant?: EditProfileVariant;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
};

function ContactRow({ label, children }: { label: string; children: ReactElement | string }): ReactElement {
  const { styles } = useStyles();
  return (
    <Flex gap={12} className={styles.contactRow}>
      <Typography.Text type="secondary" className={styles.contactLabel}>
        {label}
      </Typography.Text>
      <div className={styles.contactValue}>{children}</div>
    </Flex>
  );
}

/** The Contact tab: organization, mailing address with a maps link, email, mobile, phone, fax, website; empty values hidden. */
export function ContactDetails({ profile }: { profile: ProfileView }): ReactElement {
  const { styles } = useStyles();
  const a = profile.mailingAddress;
  const addressLines = [[a.streetAddress1, a.streetAddress2, a.suite].filter(Boolean).join(', '), [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean);
  const rows: ReactElement[] = [];
  if (profile.organization) rows.push(<ContactRow key="org" label="Organization">{profile.organization}</ContactRow>);
  if (addressLines.length)
    rows.push(
      <ContactRow key="address" label="Mailing Address">
        <a href={mapsLink([a.streetAddress1, a.suite, a.city, a.state, a.zip])} target="_blank" rel="noreferrer">
          {addressLines.map((line) => (
            <span key={line} className={styles.line}>
              {line}
            </span>
          ))}
        </a>
      </ContactRow>,
    );
  if (profile.email) rows.push(<ContactRow key="email" label="Email"><a href={`mailto:${profile.email}`}>{profile.email}</a></ContactRow>);
  if (profile.mobile) rows.push(<ContactRow key="mobile" label="Mobile"><a href={`tel:${profile.mobile}`}>{formatPhone(profile.mobile)}</a></ContactRow>);
  if (profile.phone) rows.push(<ContactRow key="phone" label="Phone"><a href={`tel:${profile.phone}`}>{formatPhone(profile.phone)}</a></ContactRow>);
  if (profile.fax) rows.push(<ContactRow key="fax" label="Fax">{formatPhone(profile.fax)}</ContactRow>);
  if (profile.website)
    rows.push(
      <ContactRow key="website" label="Website">
        <a href={websiteHref(profile.website)} target="_blank" rel="noreferrer">
          {profile.website}
        </a>
      </ContactRow>,
    );
  return rows.length ? <div>{rows}</div> : <Empty description="No contact details" />;
}

/**
 * A profile screen: banner and avatar (camera buttons open the upload and crop drawers), the
 * names, About and Contact tabs, and the ellipsis menu with Edit Profile. Changes to the
 * signed-in user's own profile reach the stored user through the query cache (useLiveSignedInUser).
 */
export function ProfileCard({ userId, tab, onTabChange, variant = 'user' }: ProfileCardProps): ReactElement {
  const { styles, cx } = useStyles();
  const { profile, loading, failed, reload } = useProfile(userId);
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<ImageKind | null>(null);
  const [uploadKind, setUploadKind] = useState<ImageKind>('avatar');

  if (!profile) {
    if (loading) return <Spin className={styles.loading} />;
    return <Empty description={failed ? 'The profile could not be loaded' : 'No profile'} />;
  }

  const openUpload = (kind: ImageKind) => {
    setUploadKind(kind);
    setUploading(kind);
  };

  // Both writes refetch the profile; for one's own profile the signed-in record follows the
  // cache (useLiveSignedInUser), so the top bar and menus show the new picture or name at once.
  const uploadImage = async (image: Blob, fileName: string) => {
    await profilesApi.changeImage(profile._id, uploadKind, image, fileName);
    reload();
  };

  const onSaved = () => reload();

  const fullName = [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ');
  const subtitle = [profile.credentials, profile.specialty].filter(Boolean).join(' · ');

  return (
    <section aria-label="Profile" className={styles.card}>
      <ProfileHeader
        bannerLabel="Banner"
        bannerImageUrl={profile.bannerImageUrl}
        bannerHeight="aspect"
        bannerControls={
          <Button shape="circle" size="small" icon={<CameraOutlined />} aria-label="Change banner" title="Change banner" onClick={() => openUpload('banner')} className={cx(styles.camera, styles.bannerCamera)} />
        }
        avatarSize={96}
        avatarImageUrl={profile.avatarImageUrl}
        avatarIcon={<UserOutlined />}
        avatarAlt="Avatar"
        avatarControls={
          <Button shape="circle" size="small" icon={<CameraOutlined />} aria-label="Change avatar" title="Change avatar" onClick={() => openUpload('avatar')} className={cx(styles.camera, styles.avatarCamera)} />
        }
        displayName={profile.displayName || fullName || profile.userName}
        menu={
          <Dropdown trigger={['click']} menu={{ items: [{ key: 'edit', label: 'Edit Profile' }], onClick: () => setEditing(true) }}>
            <Button type="text" aria-label="Profile menu" icon={<EllipsisOutlined className={styles.menuIcon} />} />
          </Dropdown>
        }
      >
        <Typography.Text type="secondary">
          @{profile.userName} · {profile.npi ? `NPI ${profile.npi}` : 'NPI n/a'}
        </Typography.Text>
        {fullName && fullName !== profile.displayName ? <div>{fullName}</div> : null}
        {subtitle ? <div>{subtitle}</div> : null}
        <CommitteeRoleTags userId={profile._id} />
      </ProfileHeader>
      <div className={styles.tabs}>
        <Tabs
          activeKey={tab}
          onChange={(key) => onTabChange(key as ProfileTab)}
          items={[
            {
              key: 'about',
              label: 'About',
              children: profile.profileDescription ? (
                <Typography.Paragraph className={styles.description}>{profile.profileDescription}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">No description yet.</Typography.Text>
              ),
            },
            { key: 'contact', label: 'Contact', children: <ContactDetails profile={profile} /> },
          ]}
        />
      </div>
      <EditProfileDrawer variant={variant} open={editing} profile={profile} onClose={() => setEditing(false)} onSaved={onSaved} onChangeImage={openUpload} />
      <ImageUploadDrawer open={uploading !== null} kind={uploadKind} onClose={() => setUploading(null)} onCropped={uploadImage} />
    </section>
  );
}
