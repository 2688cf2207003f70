import { Drawer } from 'antd';
import { type ReactElement, type ReactNode, useRef } from 'react';
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

/** What can take the focus in a drawer, in the order tried: a field, then any control. */
const FIRST_FIELD = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled])';
const ANY_CONTROL = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Once open, the focus goes into the drawer (its first field, else its first control), unless it
 * is already inside: opened by keyboard, the user goes on from there (WCAG 2.4.3).
 */
function focusInto(anchor: HTMLElement | null): void {
  const dialog = anchor?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog || dialog.contains(document.activeElement)) return;
  const target = anchor?.querySelector<HTMLElement>(FIRST_FIELD) ?? dialog.querySelector<HTMLElement>(ANY_CONTROL);
  target?.focus({ preventScroll: true });
}

/** A drawer sliding in from any edge over a mask (opacity 0.8) whose click closes it. */
export function SlideDrawer({ open, onClose, placement = 'left', size = 'default', title, footer, children }: SlideDrawerProps): ReactElement {
  const windowWidth = useWindowWidth();
  const horizontal = placement === 'left' || placement === 'right';
  const body = useRef<HTMLDivElement>(null);
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
      afterOpenChange={(opened) => {
        if (opened) focusInto(body.current);
      }}
    >
      <div ref={body} style={{ display: 'contents' }}>
        {children}
      </div>
    </Drawer>
  );
}
