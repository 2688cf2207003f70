import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { formatPhone, phoneHref } from '../../format';
import {
  addressLines,
  addressMapHref,
  CONTACT_ADDRESS,
  CONTACT_EMAIL,
  CONTACT_PHONE,
} from '../../site/constants/siteInfo';
import { createTokenStyles } from '../../theme/tokenStyles';
import { TextLink } from '../../ui/components/Typography';

const useStyles = createTokenStyles('contact-details', (token) => ({
  address: { fontStyle: 'normal' },
  line: { marginBottom: token.marginXS },
  icon: { color: token.colorPrimary, lineHeight: token.lineHeight, paddingTop: 2 },
  text: { minWidth: 0, overflowWrap: 'anywhere' },
  block: { display: 'block' },
}));

type ContactLineProps = {
  icon: ReactNode;
  children: ReactNode;
};

function ContactLine({ icon, children }: ContactLineProps): ReactElement {
  const { styles, token } = useStyles();
  return (
    <Flex gap={token.marginXS} align="flex-start" className={styles.line}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      <div className={styles.text}>{children}</div>
    </Flex>
  );
}

/** The fixed postal address (with a maps link), phone and email. */
export function ContactDetails(): ReactElement {
  const [street, city] = addressLines(CONTACT_ADDRESS);
  const tel = phoneHref(CONTACT_PHONE);
  const { styles } = useStyles();
  return (
    <address className={styles.address}>
      <ContactLine icon={<EnvironmentOutlined />}>
        <TextLink href={addressMapHref(CONTACT_ADDRESS)} target="_blank" rel="noopener noreferrer">
          <span className={styles.block}>{CONTACT_ADDRESS.organization}</span>
          <span className={styles.block}>{street}</span>
          <span className={styles.block}>{city}</span>
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
