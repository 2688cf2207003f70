import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../format';
import {
  addressLines,
  addressMapHref,
  CONTACT_ADDRESS,
  CONTACT_EMAIL,
  CONTACT_PHONE,
} from '../../site/constants/siteInfo';

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
        <Typography.Link href={addressMapHref(CONTACT_ADDRESS)} target="_blank" rel="noopener noreferrer">
          <span style={{ display: 'block' }}>{CONTACT_ADDRESS.organization}</span>
          <span style={{ display: 'block' }}>{street}</span>
          <span style={{ display: 'block' }}>{city}</span>
        </Typography.Link>
      </ContactLine>
      <ContactLine icon={<PhoneOutlined />}>
        {tel ? <Typography.Link href={tel}>{formatPhone(CONTACT_PHONE)}</Typography.Link> : formatPhone(CONTACT_PHONE)}
      </ContactLine>
      <ContactLine icon={<MailOutlined />}>
        <Typography.Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Typography.Link>
      </ContactLine>
    </address>
  );
}
