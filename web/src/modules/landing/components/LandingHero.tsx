import { SearchOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactElement } from 'react';
import { RouterLinkButton } from '../../ui/components/RouterLinkButton';
import { Paragraph, Text, Title } from '../../ui/components/Typography';

/** The landing page introduction: what the credentialing suite does. */
export function LandingHero(): ReactElement {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="landing-title"
      style={{
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgContainer} 100%)`,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        padding: `${token.paddingXL * 2}px ${token.padding}px ${token.paddingXL * 1.5}px`,
      }}
    >
      <div style={{ maxWidth: 880, margin: '0 auto', textAlign: 'center' }}>
        <Text strong style={{ color: token.colorPrimary, letterSpacing: 1, textTransform: 'uppercase' }}>
          Credentialing suite &amp; provider directory
        </Text>
        <Title id="landing-title" level={1} style={{ marginTop: token.marginSM, fontSize: 'clamp(28px, 5vw, 44px)' }}>
          Credentialing made simple for healthcare providers and credentialing staff
        </Title>
        <Paragraph style={{ fontSize: token.fontSizeLG, color: token.colorTextSecondary }}>
          A credentialing suite that integrates with central data sources for initial certification, re-certification
          and primary source verification. Provider data is stored securely, and in-app messaging connects providers
          with credentialing staff.
        </Paragraph>
        <Paragraph style={{ fontSize: token.fontSizeLG, color: token.colorTextSecondary }}>
          It is also a directory and networking application for medical professionals, each identified by a user
          name, a display name and optionally an NPI.
        </Paragraph>
        <RouterLinkButton to="/search" type="primary" size="large" icon={<SearchOutlined />}>
          Search the directory
        </RouterLinkButton>
      </div>
    </section>
  );
}
