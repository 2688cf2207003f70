import { Drawer } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useWindowWidth } from '../../layout/hooks/useWindowWidth';
import { DRAWER_MASK_OPACITY, DRAWER_WIDTHS, type DrawerSize } from '../constants/widgetConstants';
import { drawerWidth } from '../logic/sizes';

const useStyles = createStyles(({ css }) => ({
  // The focus anchor inside the drawer's body, adding no box of its own.
  body: css`
    display: contents;
  `,
}));

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
  /** Where the focus goes once the drawer closed when what opened it is gone (default: what opened it only). */
  returnFocusTo?: () => HTMLElement | null | undefined;
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

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * Keeps Tab inside the drawer's dialog: from its last control to its first and back (antd's own
 * loop passes through focus guards outside the dialog). Answers the function that stops it.
 */
function trapTab(anchor: HTMLElement | null): () => void {
  const dialog = anchor?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) return () => undefined;
  const onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Tab') return;
    const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
    if (stops.length === 0) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    }
  };
  dialog.addEventListener('keydown', onKey);
  return () => dialog.removeEventListener('keydown', onKey);
}

/**
 * Once closed, the focus goes back where it was when the drawer opened, or where the host says
 * when that element is gone, unless the user put it somewhere on the page meanwhile.
 */
function restoreFocus(opener: HTMLElement | null, fallback: (() => HTMLElement | null | undefined) | undefined): void {
  const active = document.activeElement;
  if (active && active !== document.body && !active.closest('.app-slide-drawer')) return;
  const usable = (element: HTMLElement | null | undefined): element is HTMLElement => !!element && element.isConnected && element.getClientRects().length > 0;
  const target = usable(opener) && opener !== document.body ? opener : fallback?.();
  if (usable(target)) target.focus({ preventScroll: true });
}

/** A drawer sliding in from any edge over a mask (opacity 0.8) whose click closes it. */
export function SlideDrawer({ open, onClose, placement = 'left', size = 'default', title, footer, children, returnFocusTo }: SlideDrawerProps): ReactElement {
  const { styles } = useStyles();
  const windowWidth = useWindowWidth();
  const horizontal = placement === 'left' || placement === 'right';
  const body = useRef<HTMLDivElement>(null);
  const releaseTab = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => releaseTab.current?.(), []);
  // What had the focus when the drawer opened: it gets it back once the drawer closed (WCAG 2.4.3).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && !body.current?.closest('[role="dialog"]')?.contains(document.activeElement)) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
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
        releaseTab.current?.();
        releaseTab.current = undefined;
        if (!opened) {
          restoreFocus(opener.current, returnFocusTo);
          return;
        }
        focusInto(body.current);
        releaseTab.current = trapTab(body.current);
      }}
    >
      <div ref={body} className={styles.body}>
        {children}
      </div>
    </Drawer>
  );
}
