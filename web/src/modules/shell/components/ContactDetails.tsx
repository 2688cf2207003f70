import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../format';
import {
  addressLines,
  addressMapHref,
  CONTACT_ADDRESS,
  CONTACT_EMAIL,
  CONTACT_PHONE,
} from '../../site/constants/siteInfo';
import { TextLink } from '../../ui/components/Typography';

type ContactLineProps = {
  icon: ReactNode;
  children: ReactNode;
};

function ContactLine({ icon, children }: ContactLineProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', gap: token.marginXS, alignItems: 'flex-start', marginBottom: token.marginXS }}>
      <span style={{ color: token.colorPrimary, lineHeight: token.lineHeight, paddingTop: 2 }} aria-hidden>
        {icon}
      </span>
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

/** The fixed postal address (with a maps link), phone and email. */
export function ContactDetails(): ReactElement {
  const [street, city] = addressLines(CONTACT_ADDRESS);
  const tel = phoneHref(CONTACT_PHONE);
  return (
    <address style={{ fontStyle: 'normal' }}>
      <ContactLine icon={<EnvironmentOutlined />}>
        <TextLink href={addressMapHref(CONTACT_ADDRESS)} target="_blank" rel="noopener noreferrer">
          <span style={{ display: 'block' }}>{CONTACT_ADDRESS.organization}</span>
          <span style={{ display: 'block' }}>{street}</span>
          <span style={{ display: 'block' }}>{city}</span>
        </TextLink>
      </ContactLine>
      <ContactLine icon={<PhoneOutlined />}>
        {tel ? <TextLink href={tel}>{formatPhone(CONTACT_PHONE)}</TextLink> : formatPhone(CONTACT_PHONE)}
      </ContactLine>
      <ContactLine icon={<MailOutlined />}>
        <TextLink href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</TextLink>
      </ContactLine>
    </address>
  );
}
