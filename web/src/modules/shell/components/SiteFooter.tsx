import { Col, Row, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { FOOTER_LEGAL_TABS } from '../../legal/constants/legalDocuments';
import { APP_NAME, CONTACT_ADDRESS } from '../../site/constants/siteInfo';
import { AppMark } from './AppLogo';
import { ContactDetails } from './ContactDetails';
import { LegalLinks } from './LegalLinks';
import { Paragraph, Text, Title } from '../../ui/components/Typography';
import { SocialLinks } from './SocialLinks';

type FooterColumnProps = {
  title: string;
  children: ReactNode;
};

function FooterColumn({ title, children }: FooterColumnProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <section aria-label={title}>
      <Title level={2} style={{ fontSize: token.fontSize, textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The landing page footer: about, contact details, legal links and social links. */
export function SiteFooter(): ReactElement {
  const { token } = theme.useToken();
  return (
    <footer
      style={{
        background: token.colorFillQuaternary,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        padding: `${token.paddingXL}px ${token.padding}px ${token.paddingLG}px`,
      }}
    >
      <div style={{ maxWidth: 1120, margin: '0 auto' }}>
        <Row gutter={[token.marginXL, token.marginLG]}>
          <Col xs={24} md={8}>
            <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, marginBottom: token.marginSM }}>
              <AppMark size={28} />
              <Text strong style={{ fontSize: token.fontSizeLG }}>
                {APP_NAME}
              </Text>
            </div>
            <Paragraph type="secondary">
              Credentialing and a provider directory for healthcare providers, practices and credentialing staff.
            </Paragraph>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <FooterColumn title="Contact Us">
              <ContactDetails />
            </FooterColumn>
          </Col>
          <Col xs={12} sm={6} md={5}>
            <FooterColumn title="Legal">
              <LegalLinks tabs={FOOTER_LEGAL_TABS} />
            </FooterColumn>
          </Col>
          <Col xs={12} sm={6} md={5}>
            <FooterColumn title="Find Us">
              <SocialLinks />
            </FooterColumn>
          </Col>
        </Row>
        <Paragraph type="secondary" style={{ marginTop: token.marginLG, marginBottom: 0, fontSize: token.fontSizeSM }}>
          © {new Date().getFullYear()} {CONTACT_ADDRESS.organization} All rights reserved.
        </Paragraph>
      </div>
    </footer>
  );
}
