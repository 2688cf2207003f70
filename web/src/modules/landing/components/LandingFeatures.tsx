import {
  AuditOutlined,
  FileProtectOutlined,
  MessageOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Col, Row, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
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

/** What the product offers, as a grid of cards. */
export function LandingFeatures(): ReactElement {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="features-title" style={{ padding: `${token.paddingXL * 1.5}px ${token.padding}px` }}>
      <div style={{ maxWidth: 1120, margin: '0 auto' }}>
        <Title id="features-title" level={2} style={{ textAlign: 'center', marginTop: 0 }}>
          Everything credentialing needs, in one place
        </Title>
        <Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: token.marginXL }}>
          For healthcare providers, practice owners, credentialing staff and administrators.
        </Paragraph>
        <Row gutter={[token.margin, token.margin]}>
          {FEATURES.map((feature) => (
            <Col key={feature.title} xs={24} sm={12} lg={8}>
              <PlainCard style={{ height: '100%' }}>
                <div
                  aria-hidden
                  style={{
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
                  }}
                >
                  {feature.icon}
                </div>
                <Title level={3} style={{ fontSize: token.fontSizeHeading5, marginTop: 0 }}>
                  {feature.title}
                </Title>
                <Paragraph type="secondary" style={{ marginBottom: 0 }}>
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
