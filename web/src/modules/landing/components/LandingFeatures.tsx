import {
  AuditOutlined,
  FileProtectOutlined,
  MessageOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { createTokenStyles } from '../../theme/tokenStyles';
import { PlainCard } from '../../ui/components/PlainCard';
import { Paragraph, Title } from '../../ui/components/Typography';

type Feature = {
  title: string;
  text: string;
  icon: ReactNode;
};

const FEATURES: readonly Feature[] = [
  {
    title: 'Initial certification',
    text: 'Collect and check a provider’s credentials against central data sources before they start seeing patients.',
    icon: <FileProtectOutlined />,
  },
  {
    title: 'Re-certification',
    text: 'Keep credentials current: re-verify licences and certifications on schedule, from the same provider record.',
    icon: <ReconciliationOutlined />,
  },
  {
    title: 'Primary source verification',
    text: 'Verify education, licences and board certifications directly with the issuing sources, with a record of each check.',
    icon: <AuditOutlined />,
  },
  {
    title: 'Secure provider data',
    text: 'Provider data is stored securely, sign-in needs a second step by text message, and security events are logged.',
    icon: <SafetyCertificateOutlined />,
  },
  {
    title: 'In-app messaging',
    text: 'Direct and group chat with file sharing between providers and credentialing staff, with notifications.',
    icon: <MessageOutlined />,
  },
  {
    title: 'Directory & networking',
    text: 'Find medical professionals, practices and facilities by name, NPI or address and connect with them.',
    icon: <TeamOutlined />,
  },
];

const useStyles = createTokenStyles('landing-features', (token) => ({
  section: { padding: `${token.paddingXL * 1.5}px ${token.padding}px` },
  content: { maxWidth: 1120, margin: '0 auto' },
  title: { 'h2&.ant-typography': { textAlign: 'center', marginTop: 0 } },
  intro: { '&.ant-typography': { textAlign: 'center', marginBottom: token.marginXL } },
  cell: { '& > .ant-card': { height: '100%' } },
  icon: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 44,
    height: 44,
    borderRadius: token.borderRadiusLG,
    background: token.colorPrimaryBg,
    color: token.colorPrimary,
    fontSize: 22,
    marginBottom: token.marginSM,
  },
  cardTitle: { 'h3&.ant-typography': { fontSize: token.fontSizeHeading5, marginTop: 0 } },
  cardText: { '&.ant-typography': { marginBottom: 0 } },
}));

/** What the product offers, as a grid of cards. */
export function LandingFeatures(): ReactElement {
  const { styles, token } = useStyles();
  return (
    <section aria-labelledby="features-title" className={styles.section}>
      <div className={styles.content}>
        <Title id="features-title" level={2} className={styles.title}>
          Everything credentialing needs, in one place
        </Title>
        <Paragraph type="secondary" className={styles.intro}>
          For healthcare providers, practice owners, credentialing staff and administrators.
        </Paragraph>
        <Row gutter={[token.margin, token.margin]}>
          {FEATURES.map((feature) => (
            <Col key={feature.title} xs={24} sm={12} lg={8} className={styles.cell}>
              <PlainCard>
                <div aria-hidden className={styles.icon}>
                  {feature.icon}
                </div>
                <Title level={3} className={styles.cardTitle}>
                  {feature.title}
                </Title>
                <Paragraph type="secondary" className={styles.cardText}>
                  {feature.text}
                </Paragraph>
              </PlainCard>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
