import { LinkedinFilled, XOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactElement } from 'react';
import { SOCIAL_LINKS, type SocialNetwork } from '../../site/constants/siteInfo';
import { TextLink } from '../../ui/components/Typography';

const ICONS: Record<SocialNetwork, ReactElement> = {
  linkedin: <LinkedinFilled aria-hidden />,
  x: <XOutlined aria-hidden />,
};

/** The two social links, opening in a new tab. */
export function SocialLinks(): ReactElement {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network} style={{ marginBottom: token.marginXS }}>
          <TextLink href={link.href} target="_blank" rel="noopener noreferrer">
            <span style={{ marginInlineEnd: token.marginXS }}>{ICONS[link.network]}</span>
            {link.label}
          </TextLink>
        </li>
      ))}
    </ul>
  );
}
