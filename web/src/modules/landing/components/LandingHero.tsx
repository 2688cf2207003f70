import { SearchOutlined } from '@ant-design/icons';
import type { ReactElement } from 'react';
import { createTokenStyles } from '../../theme/tokenStyles';
import { RouterLinkButton } from '../../ui/components/RouterLinkButton';
import { Paragraph, Text, Title } from '../../ui/components/Typography';

const useStyles = createTokenStyles('landing-hero', (token) => ({
  hero: {
    background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgContainer} 100%)`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    padding: `${token.paddingXL * 2}px ${token.padding}px ${token.paddingXL * 1.5}px`,
  },
  content: { maxWidth: 880, margin: '0 auto', textAlign: 'center' },
  kicker: { '&.ant-typography': { color: token.colorPrimary, letterSpacing: 1, textTransform: 'uppercase' } },
  // h1 as well: antd's margin above a heading after a Typography element is h1.ant-typography's.
  title: { 'h1&.ant-typography': { marginTop: token.marginSM, fontSize: 'clamp(28px, 5vw, 44px)' } },
  lead: { '&.ant-typography': { fontSize: token.fontSizeLG, color: token.colorTextSecondary } },
}));

/** The landing page introduction: what the credentialing suite does. */
export function LandingHero(): ReactElement {
  const { styles } = useStyles();
  return (
    <section aria-labelledby="landing-title" className={styles.hero}>
      <div className={styles.content}>
        <Text strong className={styles.kicker}>
          Credentialing suite &amp; provider directory
        </Text>
        <Title id="landing-title" level={1} className={styles.title}>
          Credentialing made simple for healthcare providers and credentialing staff
        </Title>
        <Paragraph className={styles.lead}>
          A credentialing suite that integrates with central data sources for initial certification, re-certification
          and primary source verification. Provider data is stored securely, and in-app messaging connects providers
          with credentialing staff.
        </Paragraph>
        <Paragraph className={styles.lead}>
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
