import { BankOutlined, CameraOutlined, CloseOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Empty, Flex, Menu, Spin, Tabs, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { serverMessage } from '../../api/apiError';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import type { ImageKind } from '../../profiles/api/profilesApi';
import { mapsLink, websiteHref } from '../../profiles/logic/profileRules';
import { signedInUserAtom } from '../../session/state/signedInUserAtom';
import { type PracticeProfile, practicesApi } from '../api/practicesApi';
import { addressLine, canEditPractice, storedPracticeNpi } from '../logic/practiceForm';
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

function ContactRow({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <div style={{ display: 'flex', gap: 12, padding: '6px 0' }}>
      <Typography.Text type="secondary" style={{ width: 140, flexShrink: 0 }}>
        {label}
      </Typography.Text>
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
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
  const me = useAtomValue(signedInUserAtom);
  const [npi] = useState(() => storedPracticeNpi());
  const [practice, setPractice] = useState<PracticeProfile | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [section, setSection] = useState<Section>('about');
  const [tab, setTab] = useState<'about' | 'contact'>('about');
  const [editing, setEditing] = useState(false);
  const [upload, setUpload] = useState<ImageKind | null>(null);
  const [uploadKind, setUploadKind] = useState<ImageKind>('avatar');
  useDocumentTitle(practice ? `${practice.displayName} · Practice Profile` : 'Practice Profile');

  const reload = useCallback(async () => {
    if (!npi) {
      setLoading(false);
      return;
    }
    try {
      setPractice(await practicesApi.getPracticeProfile(npi));
      setFailure(null);
    } catch (error) {
      setFailure(serverMessage(error) ?? 'The practice could not be loaded');
    } finally {
      setLoading(false);
    }
  }, [npi]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Back to where practices are listed: the practices grid (master admin) or the own workspace.
  const closeTo = me?.isMasterAdmin ? '/admin/practices' : '/user';
  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!practice)
    return (
      <main style={{ padding: 48 }}>
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
    setPractice(reply.practice);
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
                children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{practice.profileDescription || 'No description yet.'}</Typography.Paragraph>,
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
    <main style={{ padding: token.padding, boxSizing: 'border-box', width: '100%' }}>
      <Flex align="center" justify="space-between" gap={token.margin} style={{ marginBottom: token.margin }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          Practice Profile
        </Typography.Title>
        <Link to={closeTo} aria-label="Close" title="Close" style={{ display: 'inline-flex', padding: token.paddingXXS, fontSize: token.fontSizeLG }}>
          <CloseOutlined />
        </Link>
      </Flex>
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Menu
        aria-label="Practice sections"
        mode="inline"
        selectedKeys={[section]}
        onClick={({ key }) => setSection(key as Section)}
        items={SECTIONS.map((s) => ({ key: s.key, label: s.label }))}
        style={{ width: 240, flexShrink: 0, borderRadius: token.borderRadiusLG }}
      />
      <div style={{ flex: 1, minWidth: 300, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}>
        <ProfileHeader
          bannerLabel="Practice banner"
          bannerImageUrl={practice.bannerImageUrl}
          bannerHeight={140}
          bannerControls={
            editable ? (
              <Button shape="circle" icon={<CameraOutlined />} aria-label="Upload Profile Banner" onClick={() => openUpload('banner')} style={{ position: 'absolute', right: 12, top: 12 }} />
            ) : null
          }
          avatarSize={80}
          avatarImageUrl={practice.avatarImageUrl}
          avatarIcon={<BankOutlined />}
          avatarAlt="Practice avatar"
          avatarControls={
            editable ? (
              <Button size="small" shape="circle" icon={<CameraOutlined />} aria-label="Upload Profile Avatar" onClick={() => openUpload('avatar')} style={{ position: 'absolute', right: 0, bottom: 0 }} />
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
        <div style={{ padding: 16 }}>
          {failure ? <Alert type="error" showIcon message={failure} style={{ marginBottom: 8 }} /> : null}
          {content()}
        </div>
      </div>
      <PracticeDrawer open={editing} practice={practice} onClose={() => setEditing(false)} onSaved={() => void reload()} />
      <PracticeImageDrawer open={upload !== null} kind={uploadKind} onClose={() => setUpload(null)} onCropped={replaceImage} />
    </div>
    </main>
  );
}
