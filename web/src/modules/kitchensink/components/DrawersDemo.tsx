import { Button, Flex, List, Segmented, Typography } from 'antd';
import { type ReactElement, useState } from 'react';
import { DRAWER_WIDTHS, type DrawerSize } from '../../widgets/constants/widgetConstants';
import { type DrawerPlacement, SlideDrawer } from '../../widgets/components/SlideDrawer';
import { DemoBlock, DemoSection, useDemoStyles } from './DemoSection';

const PLACEMENTS: ReadonlyArray<{ placement: DrawerPlacement; label: string; title: string }> = [
  { placement: 'left', label: 'From the left', title: 'Left drawer' },
  { placement: 'right', label: 'From the right', title: 'Right drawer' },
  { placement: 'top', label: 'From the top', title: 'Top drawer' },
  { placement: 'bottom', label: 'From the bottom', title: 'Bottom drawer' },
];

const SIZES: ReadonlyArray<{ value: DrawerSize; label: string }> = [
  { value: 'default', label: `Default (${DRAWER_WIDTHS.default} px)` },
  { value: 'profile', label: `Profile (${DRAWER_WIDTHS.profile} px)` },
  { value: 'practice', label: `Practice (${DRAWER_WIDTHS.practice} px)` },
  { value: 'facility', label: `Facility (${DRAWER_WIDTHS.facility} px)` },
];

/** Drawers from each edge, in each width, over a mask that closes them. */
export function DrawersDemo(): ReactElement {
  const { styles } = useDemoStyles();
  const [size, setSize] = useState<DrawerSize>('default');
  const [open, setOpen] = useState<DrawerPlacement | null>(null);
  return (
    <DemoSection
      title="Drawers"
      description="A drawer slides in from any edge over a mask (opacity 0.8); a click on the mask closes it. Side drawers are 256 px by default, 320, 358 or 500 px where the product says, and the full window width at 700 px or narrower."
    >
      <DemoBlock title="Width of the side drawers">
        <div className={styles.scroller}>
          <Segmented<DrawerSize> options={[...SIZES]} value={size} onChange={setSize} aria-label="Drawer width" />
        </div>
      </DemoBlock>
      <DemoBlock title="Open a drawer">
        <Flex gap="small" wrap>
          {PLACEMENTS.map(({ placement, label }) => (
            <Button key={placement} onClick={() => setOpen(placement)}>
              {label}
            </Button>
          ))}
        </Flex>
      </DemoBlock>
      {PLACEMENTS.map(({ placement, title }) => (
        <SlideDrawer
          key={placement}
          open={open === placement}
          onClose={() => setOpen(null)}
          placement={placement}
          size={size}
          title={title}
          footer={
            <Flex justify="flex-end">
              <Button type="primary" onClick={() => setOpen(null)}>
                Done
              </Button>
            </Flex>
          }
        >
          <Typography.Paragraph type="secondary">Click the mask, the close icon or Done to close this drawer.</Typography.Paragraph>
          <List
            size="small"
            dataSource={['Profile', 'Practices', 'Facilities', 'Messages']}
            renderItem={(item) => <List.Item>{item}</List.Item>}
          />
        </SlideDrawer>
      ))}
    </DemoSection>
  );
}
