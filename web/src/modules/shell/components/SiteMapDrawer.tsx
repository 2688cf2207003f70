import { HomeOutlined, SearchOutlined } from '@ant-design/icons';
import { Divider, Drawer, Typography } from 'antd';
import { useAtom } from 'jotai';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SIDE_DRAWER_WIDTH_PX } from '../../layout/constants/breakpoints';
import { sideDrawerWidth } from '../../layout/constants/sizing';
import { useWindowWidth } from '../../layout/hooks/useWindowWidth';
import { createTokenStyles } from '../../theme/tokenStyles';
import { siteMapOpenAtom } from '../state/siteMapOpenAtom';
import { ContactDetails } from './ContactDetails';
import { LegalLinks } from './LegalLinks';
import { useSiteLinksStyles } from './siteLinksStyles';
import { SocialLinks } from './SocialLinks';

const useStyles = createTokenStyles('site-map', (token) => ({
  sectionTitle: { '&.ant-typography': { color: token.colorTextSecondary } },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: token.marginSM,
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderRadius: token.borderRadius,
    color: token.colorText,
    fontSize: token.fontSizeLG,
  },
  active: { color: token.colorPrimary, background: token.colorPrimaryBg },
}));

type SiteMapSectionProps = {
  title: string;
  children: ReactNode;
};

function SiteMapSection({ title, children }: SiteMapSectionProps): ReactElement {
  const { styles } = useStyles();
  const { styles: links } = useSiteLinksStyles();
  return (
    <section aria-label={title}>
      <Typography.Title level={2} className={`${links.heading} ${styles.sectionTitle}`}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

type SiteMapLinkProps = {
  to: string;
  icon: ReactNode;
  label: string;
};

function SiteMapLink({ to, icon, label }: SiteMapLinkProps): ReactElement {
  const { styles } = useStyles();
  return (
    <NavLink to={to} end className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
      <span aria-hidden>{icon}</span>
      {label}
    </NavLink>
  );
}

/** The site map drawer: Home, Search, Contact Us, Find Us and Legal. Closes on navigation. */
export function SiteMapDrawer(): ReactElement {
  const [open, setOpen] = useAtom(siteMapOpenAtom);
  const windowWidth = useWindowWidth();
  const location = useLocation();
  // The drawer is lazy-loaded, so it can mount after the user already asked for it: close on a
  // change of path only, never on mount.
  const shownPath = useRef(location.pathname);
  const { styles: links } = useSiteLinksStyles();

  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname, setOpen]);

  return (
    <Drawer
      title="Site Map"
      placement="left"
      open={open}
      onClose={() => setOpen(false)}
      width={sideDrawerWidth(windowWidth, SIDE_DRAWER_WIDTH_PX)}
      styles={{ body: { paddingTop: 8 } }}
    >
      <nav aria-label="Site map">
        <ul className={links.list}>
          <li>
            <SiteMapLink to="/" icon={<HomeOutlined />} label="Home" />
          </li>
          <li>
            <SiteMapLink to="/search" icon={<SearchOutlined />} label="Search" />
          </li>
        </ul>
      </nav>
      <Divider />
      <SiteMapSection title="Contact Us">
        <ContactDetails />
      </SiteMapSection>
      <Divider />
      <SiteMapSection title="Find Us">
        <SocialLinks />
      </SiteMapSection>
      <Divider />
      <SiteMapSection title="Legal">
        <LegalLinks />
      </SiteMapSection>
    </Drawer>
  );
}
