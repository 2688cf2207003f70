import { Drawer } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useWindowWidth } from '../../layout/hooks/useWindowWidth';
import { DRAWER_MASK_OPACITY, DRAWER_WIDTHS, type DrawerSize } from '../constants/widgetConstants';
import { drawerWidth } from '../logic/sizes';

export type DrawerPlacement = 'left' | 'right' | 'top' | 'bottom';

type SlideDrawerProps = {
  open: boolean;
  /** Called when the mask or the close icon is clicked, or Escape is pressed. */
  onClose: () => void;
  placement?: DrawerPlacement;
  /**
   * Width of a left or right drawer: 'default' 256, 'profile' 320 (profile and chat drawers),
   * 'practice' 358, 'facility' 500, or a number; the whole window at 700 px or narrower.
   * Top and bottom drawers take the whole width and this as their height.
   */
  size?: DrawerSize | number;
  title?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** A drawer sliding in from any edge over a mask (opacity 0.8) whose click closes it. */
export function SlideDrawer({ open, onClose, placement = 'left', size = 'default', title, footer, children }: SlideDrawerProps): ReactElement {
  const windowWidth = useWindowWidth();
  const horizontal = placement === 'left' || placement === 'right';
  const extent = horizontal ? drawerWidth(windowWidth, size) : typeof size === 'number' ? size : DRAWER_WIDTHS[size];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement={placement}
      width={horizontal ? extent : undefined}
      height={horizontal ? undefined : extent}
      title={title}
      footer={footer}
      mask
      maskClosable
      rootClassName="app-slide-drawer"
      styles={{ mask: { opacity: DRAWER_MASK_OPACITY, backgroundColor: '#0f172a' } }}
    >
      {children}
    </Drawer>
  );
}
