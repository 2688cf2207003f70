import { BellOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { Avatar, Button, theme } from 'antd';
import type { ReactElement } from 'react';
import { AppMark } from '../../shell/components/AppLogo';
import { NavBar } from '../../ui/components/NavBar';
import { DemoBlock, DemoSection } from './DemoSection';

/** The top navigation bar widget in its two tones. */
export function NavbarDemo(): ReactElement {
  const { token } = theme.useToken();
  const lightIcon = { color: token.colorTextLightSolid };
  return (
    <DemoSection title="Navbar" description="The 2.5rem top navigation bar with start, centre and end slots.">
      <DemoBlock title="Primary">
        <NavBar
          label="Primary navbar example"
          start={
            <>
              <Button type="text" shape="circle" icon={<MenuOutlined />} aria-label="Menu" style={lightIcon} />
              <AppMark tone="light" />
            </>
          }
          center={<span style={{ fontWeight: token.fontWeightStrong }}>Page title</span>}
          end={
            <>
              <Button type="text" shape="circle" icon={<SearchOutlined />} aria-label="Search" style={lightIcon} />
              <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="Notifications" style={lightIcon} />
              <Avatar size={28} style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>
                JD
              </Avatar>
            </>
          }
          style={{ borderRadius: token.borderRadius }}
        />
      </DemoBlock>
      <DemoBlock title="Light">
        <NavBar
          label="Light navbar example"
          tone="light"
          start={
            <>
              <Button type="text" shape="circle" icon={<MenuOutlined />} aria-label="Menu" />
              <AppMark />
            </>
          }
          center={<span style={{ fontWeight: token.fontWeightStrong }}>Page title</span>}
          end={<Button type="primary" size="small">Action</Button>}
          style={{ borderRadius: token.borderRadius }}
        />
      </DemoBlock>
    </DemoSection>
  );
}
