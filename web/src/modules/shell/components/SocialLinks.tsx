import { LinkedinFilled, XOutlined } from '@ant-design/icons';
import type { ReactElement } from 'react';
import { SOCIAL_LINKS, type SocialNetwork } from '../../site/constants/siteInfo';
import { TextLink } from '../../ui/components/Typography';
import { useSiteLinksStyles } from './siteLinksStyles';

const ICONS: Record<SocialNetwork, ReactElement> = {
  linkedin: <LinkedinFilled aria-hidden />,
  x: <XOutlined aria-hidden />,
};

/** The two social links, opening in a new tab. */
export function SocialLinks(): ReactElement {
  const { styles } = useSiteLinksStyles();
  return (
    <ul className={styles.list}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network} className={styles.item}>
          <TextLink href={link.href} target="_blank" rel="noopener noreferrer">
            <span className={styles.icon}>{ICONS[link.network]}</span>
            {link.label}
          </TextLink>
        </li>
      ))}
    </ul>
  );
}
