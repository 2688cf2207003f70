import { BellOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { createStyles } from 'antd-style';
import type { ReactElement } from 'react';
import { AppMark } from '../../shell/components/AppLogo';
import { textButtonRules } from '../../theme/textButtonRules';
import { NavBar } from '../../ui/components/NavBar';
import { DemoBlock, DemoSection } from './DemoSection';

const useStyles = createStyles(({ token, css }) => ({
  bar: css`
    border-radius: ${token.borderRadius}px;
  `,
  lightIcon: css(textButtonRules(`color: ${token.colorTextLightSolid};`)),
  title: css`
    font-weight: ${token.fontWeightStrong};
  `,
  avatar: css`
    && {
      background: ${token.colorPrimaryBg};
      color: ${token.colorPrimary};
    }
  `,
}));

/** The top navigation bar widget in its two tones. */
export function NavbarDemo(): ReactElement {
  const { styles } = useStyles();
  return (
    <DemoSection title="Navbar" description="The 2.5rem top navigation bar with start, centre and end slots.">
      <DemoBlock title="Primary">
        <NavBar
          label="Primary navbar example"
          start={
            <>
              <Button type="text" shape="circle" icon={<MenuOutlined />} aria-label="Menu" className={styles.lightIcon} />
              <AppMark tone="light" />
            </>
          }
          center={<span className={styles.title}>Page title</span>}
          end={
            <>
              <Button type="text" shape="circle" icon={<SearchOutlined />} aria-label="Search" className={styles.lightIcon} />
              <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="Notifications" className={styles.lightIcon} />
              <Avatar size={28} className={styles.avatar}>
                JD
              </Avatar>
            </>
          }
          className={styles.bar}
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
          center={<span className={styles.title}>Page title</span>}
          end={<Button type="primary" size="small">Action</Button>}
          className={styles.bar}
        />
      </DemoBlock>
    </DemoSection>
  );
}
