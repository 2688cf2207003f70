import { Col, Flex, Row } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { FOOTER_LEGAL_TABS } from '../../legal/constants/legalDocuments';
import { APP_NAME, CONTACT_ADDRESS } from '../../site/constants/siteInfo';
import { createTokenStyles } from '../../theme/tokenStyles';
import { AppMark } from './AppLogo';
import { ContactDetails } from './ContactDetails';
import { LegalLinks } from './LegalLinks';
import { Paragraph, Text, Title } from '../../ui/components/Typography';
import { useSiteLinksStyles } from './siteLinksStyles';
import { SocialLinks } from './SocialLinks';

const useStyles = createTokenStyles('site-footer', (token) => ({
  footer: {
    background: token.colorFillQuaternary,
    borderTop: `1px solid ${token.colorBorderSecondary}`,
    padding: `${token.paddingXL}px ${token.padding}px ${token.paddingLG}px`,
  },
  content: { maxWidth: 1120, margin: '0 auto' },
  brand: { marginBottom: token.marginSM },
  name: { '&.ant-typography': { fontSize: token.fontSizeLG } },
  copyright: { '&.ant-typography': { marginTop: token.marginLG, marginBottom: 0, fontSize: token.fontSizeSM } },
}));

type FooterColumnProps = {
  title: string;
  children: ReactNode;
};

function FooterColumn({ title, children }: FooterColumnProps): ReactElement {
  const { styles } = useSiteLinksStyles();
  return (
    <section aria-label={title}>
      <Title level={2} className={styles.heading}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The landing page footer: about, contact details, legal links and social links. */
export function SiteFooter(): ReactElement {
  const { styles, token } = useStyles();
  return (
    <footer className={styles.footer}>
      <div className={styles.content}>
        <Row gutter={[token.marginXL, token.marginLG]}>
          <Col xs={24} md={8}>
            <Flex align="center" gap={token.marginXS} className={styles.brand}>
              <AppMark size={28} />
              <Text strong className={styles.name}>
                {APP_NAME}
              </Text>
            </Flex>
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
        <Paragraph type="secondary" className={styles.copyright}>
          © {new Date().getFullYear()} {CONTACT_ADDRESS.organization} All rights reserved.
        </Paragraph>
      </div>
    </footer>
  );
}
