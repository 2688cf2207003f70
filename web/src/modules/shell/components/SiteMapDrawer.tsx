import { HomeOutlined, SearchOutlined } from '@ant-design/icons';
import { Divider, Drawer, Typography, theme } from 'antd';
import { useAtom } from 'jotai';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SIDE_DRAWER_WIDTH_PX } from '../../layout/constants/breakpoints';
import { sideDrawerWidth } from '../../layout/constants/sizing';
import { useWindowWidth } from '../../layout/hooks/useWindowWidth';
import { siteMapOpenAtom } from '../state/siteMapOpenAtom';
import { ContactDetails } from './ContactDetails';
import { LegalLinks } from './LegalLinks';
import { SocialLinks } from './SocialLinks';

type SiteMapSectionProps = {
  title: string;
  children: ReactNode;
};

function SiteMapSection({ title, children }: SiteMapSectionProps): ReactElement {
  const { token } = theme.useToken();
  return (
    <section aria-label={title}>
      <Typography.Title level={2} style={{ fontSize: token.fontSize, textTransform: 'uppercase', letterSpacing: 0.5, color: token.colorTextSecondary }}>
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
  const { token } = theme.useToken();
  return (
    <NavLink
      to={to}
      end
      style={({ isActive }) => ({
        display: 'flex',
        alignItems: 'center',
        gap: token.marginSM,
        padding: `${token.paddingXS}px ${token.paddingSM}px`,
        borderRadius: token.borderRadius,
        color: isActive ? token.colorPrimary : token.colorText,
        background: isActive ? token.colorPrimaryBg : undefined,
        fontSize: token.fontSizeLG,
      })}
    >
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
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
