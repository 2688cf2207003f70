import { BankOutlined, CameraOutlined, CloseOutlined, EllipsisOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Empty, Flex, Menu, Spin, Tabs, Typography, theme } from 'antd';
import { createStyles } from 'antd-style';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { type ReactElement, type ReactNode, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import type { ImageKind } from '../../profiles/api/profilesApi';
import { mapsLink, websiteHref } from '../../profiles/logic/profileRules';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { type PracticeProfile, practicesApi } from '../api/practicesApi';
import { addressLine, canEditPractice, storedPracticeNpi } from '../logic/practiceForm';
import { practiceKeys } from '../logic/practiceKeys';
import { ProfileHeader } from '../../ui/components/ProfileHeader';
import { PracticeDrawer } from './PracticeDrawer';
import { PracticeImageDrawer } from './PracticeImageDrawer';
import { PhoneLink } from './PracticesScreen';
import { PracticeProvidersGrid } from './PracticeProvidersGrid';

const SECTIONS = [
  { key: 'about', label: 'About Profile' },
  { key: 'providers', label: 'Providers' },
  { key: 'facilities', label: 'Facilities' },
  { key: 'insurance', label: 'Insurance' },
  { key: 'rcm', label: 'Revenue Cycle Management' },
  { key: 'scheduling', label: 'Scheduling' },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

const useStyles = createStyles(({ token, css }) => ({
  contactRow: css`
    && {
      padding: 6px 0;
    }
  `,
  contactLabel: css`
    && {
      width: 140px;
      flex-shrink: 0;
    }
  `,
  contactValue: css`
    min-width: 0;
    overflow-wrap: anywhere;
  `,
  loader: css`
    && {
      display: block;
      margin: ${token.marginXXL}px;
    }
  `,
  empty: css`
    padding: ${token.marginXXL}px;
  `,
  description: css`
    && {
      white-space: pre-wrap;
    }
  `,
  page: css`
    padding: ${token.padding}px;
    box-sizing: border-box;
    width: 100%;
  `,
  header: css`
    && {
      margin-bottom: ${token.margin}px;
    }
  `,
  title: css`
    && {
      margin: 0;
      font-size: ${token.fontSizeHeading4}px;
    }
  `,
  close: css`
    display: inline-flex;
    padding: ${token.paddingXXS}px;
    font-size: ${token.fontSizeLG}px;
  `,
  menu: css`
    && {
      width: 240px;
      flex-shrink: 0;
      border-radius: ${token.borderRadiusLG}px;
    }
  `,
  card: css`
    flex: 1;
    min-width: 300px;
    background: ${token.colorBgContainer};
    border-radius: ${token.borderRadiusLG}px;
    overflow: hidden;
  `,
  bannerCamera: css`
    && {
      position: absolute;
      right: ${token.paddingSM}px;
      top: ${token.paddingSM}px;
    }
  `,
  avatarCamera: css`
    && {
      position: absolute;
      right: 0;
      bottom: 0;
    }
  `,
  body: css`
    padding: ${token.padding}px;
  `,
  failure: css`
    && {
      margin-bottom: ${token.marginXS}px;
    }
  `,
}));

function ContactRow({ label, children }: { label: string; children: ReactNode }): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  return (
    <Flex gap={token.marginSM} className={styles.contactRow}>
      <Typography.Text type="secondary" className={styles.contactLabel}>
        {label}
      </Typography.Text>
      <div className={styles.contactValue}>{children}</div>
    </Flex>
  );
}

function Contact({ practice }: { practice: PracticeProfile }): ReactElement {
  const a = practice.mailingAddress;
  return (
    <div aria-label="Contact">
      <ContactRow label="Organization">{practice.practiceName}</ContactRow>
      {addressLine(a) ? (
        <ContactRow label="Address">
          <a href={mapsLink([a.streetAddress1, a.city, a.zip])} target="_blank" rel="noreferrer">
            {addressLine(a)}
          </a>
        </ContactRow>
      ) : null}
      <ContactRow label="Email">
        <a href={`mailto:${practice.email}`}>{practice.email}</a>
      </ContactRow>
      {practice.phone ? (
        <ContactRow label="Phone">
          <PhoneLink phone={practice.phone} />
        </ContactRow>
      ) : null}
      {practice.fax ? (
        <ContactRow label="Fax">
          <PhoneLink phone={practice.fax} />
        </ContactRow>
      ) : null}
      {practice.website ? (
        <ContactRow label="Website">
          <a href={websiteHref(practice.website)} target="_blank" rel="noreferrer">
            {practice.website}
          </a>
        </ContactRow>
      ) : null}
    </div>
  );
}

/**
 * /practice: the practice kept in local storage (`practice`; the part after the first slash is
 * the NPI). Sections About Profile, Providers, Facilities ('Practice Facilities'), Insurance,
 * Revenue Cycle Management, Scheduling; the banner, the avatar (or a building icon), the display
 * name and @username, the ellipsis 'Edit Profile' drawer; About and Contact tabs. A cropped
 * banner or avatar replaces the image at once.
 */
export function PracticeProfileScreen(): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const client = useQueryClient();
  const me = useAtomValue(signedInUserAtom);
  const [npi] = useState(() => storedPracticeNpi());
  const [section, setSection] = useState<Section>('about');
  const [tab, setTab] = useState<'about' | 'contact'>('about');
  const [editing, setEditing] = useState(false);
  const [upload, setUpload] = useState<ImageKind | null>(null);
  const [uploadKind, setUploadKind] = useState<ImageKind>('avatar');
  // Read afresh on every visit (staleTime 0); a failed reload keeps the practice shown with the failure above it.
  const profileKey = practiceKeys.profile(npi ?? '');
  const profile = useQuery({ queryKey: profileKey, queryFn: () => practicesApi.getPracticeProfile(npi ?? ''), enabled: Boolean(npi), staleTime: 0 });
  const practice: PracticeProfile | null = profile.data ?? null;
  const loading = profile.isLoading;
  const failure = profile.error ? (serverMessage(profile.error) ?? 'The practice could not be loaded') : null;
  const reload = () => void client.invalidateQueries({ queryKey: profileKey });
  useDocumentTitle(practice ? `${practice.displayName} · Practice Profile` : 'Practice Profile');

  // Back to where practices are listed: the practices grid (master admin) or the own workspace.
  const closeTo = me?.isMasterAdmin ? '/admin/practices' : '/user';
  if (loading) return <Spin className={styles.loader} />;
  if (!practice)
    return (
      <main className={styles.empty}>
        <Empty description={failure ?? 'No practice is selected'}>
          <Link to={closeTo}>Back to the practices</Link>
        </Empty>
      </main>
    );
  // The master admin and the practice's Practice Owners and Managers edit it (the server decides too).
  const editable = canEditPractice(practice, me);

  const openUpload = (kind: ImageKind) => {
    setUploadKind(kind);
    setUpload(kind);
  };
  const replaceImage = async (image: Blob, fileName: string) => {
    const reply = await practicesApi.changeImage(practice._id, uploadKind, image, fileName);
    client.setQueryData(profileKey, reply.practice);
  };

  const content = (): ReactElement => {
    switch (section) {
      case 'about':
        return (
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'about' | 'contact')}
            items={[
              {
                key: 'about',
                label: 'About',
                children: <Typography.Paragraph className={styles.description}>{practice.profileDescription || 'No description yet.'}</Typography.Paragraph>,
              },
              { key: 'contact', label: 'Contact', children: <Contact practice={practice} /> },
            ]}
          />
        );
      case 'providers':
        return <PracticeProvidersGrid practiceId={practice._id} />;
      case 'facilities':
        return <Typography.Title level={4}>Practice Facilities</Typography.Title>;
      default:
        return <Empty description={`${SECTIONS.find((s) => s.key === section)?.label} placeholder`} />;
    }
  };

  return (
    <main className={styles.page}>
      <Flex align="center" justify="space-between" gap={token.margin} className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          Practice Profile
        </Typography.Title>
        <Link to={closeTo} aria-label="Close" title="Close" className={styles.close}>
          <CloseOutlined />
        </Link>
      </Flex>
    <Flex gap={token.margin} align="flex-start" wrap>
      <Menu
        aria-label="Practice sections"
        mode="inline"
        selectedKeys={[section]}
        onClick={({ key }) => setSection(key as Section)}
        items={SECTIONS.map((s) => ({ key: s.key, label: s.label }))}
        className={styles.menu}
      />
      <div className={styles.card}>
        <ProfileHeader
          bannerLabel="Practice banner"
          bannerImageUrl={practice.bannerImageUrl}
          bannerHeight={140}
          bannerControls={
            editable ? (
              <Button shape="circle" icon={<CameraOutlined />} aria-label="Upload Profile Banner" onClick={() => openUpload('banner')} className={styles.bannerCamera} />
            ) : null
          }
          avatarSize={80}
          avatarImageUrl={practice.avatarImageUrl}
          avatarIcon={<BankOutlined />}
          avatarAlt="Practice avatar"
          avatarControls={
            editable ? (
              <Button size="small" shape="circle" icon={<CameraOutlined />} aria-label="Upload Profile Avatar" onClick={() => openUpload('avatar')} className={styles.avatarCamera} />
            ) : null
          }
          displayName={practice.displayName}
          menu={
            editable ? (
              <Dropdown trigger={['click']} menu={{ items: [{ key: 'edit', label: 'Edit Profile' }], onClick: () => setEditing(true) }}>
                <Button type="text" icon={<EllipsisOutlined />} aria-label="Practice actions" />
              </Dropdown>
            ) : null
          }
        >
          <Typography.Text type="secondary">@{practice.userName}</Typography.Text>
        </ProfileHeader>
        <div className={styles.body}>
          {failure ? <Alert type="error" showIcon message={failure} className={styles.failure} /> : null}
          {content()}
        </div>
      </div>
      <PracticeDrawer open={editing} practice={practice} onClose={() => setEditing(false)} onSaved={reload} />
      <PracticeImageDrawer open={upload !== null} kind={uploadKind} onClose={() => setUpload(null)} onCropped={replaceImage} />
    </Flex>
    </main>
  );
}
