import { CloseOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, theme } from 'antd';
import { createStyles } from 'antd-style';
import {
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useMediaQuery } from '../../layout/hooks/useMediaQuery';
import {
  DIALOG_BACKDROP_COLOR,
  DIALOG_BACKDROP_OPACITY,
  DIALOG_BACKDROP_Z_INDEX,
  DIALOG_HEADER_FONT_SIZE_PX,
  DIALOG_HEADER_FONT_WEIGHT,
  DIALOG_SMALL_BODY_FONT_SIZE_PX,
  DIALOG_SMALL_FONT_BREAKPOINT_PX,
  DIALOG_SMALL_HEADER_FONT_SIZE_PX,
  DIALOG_Z_INDEX,
  DRAGGABLE_DIALOG_HEIGHT_PX,
  DRAGGABLE_DIALOG_WIDTH_PX,
} from '../constants/widgetConstants';
import { centreIn, clampInside, type Point, type Size } from '../logic/sizes';

type DraggableDialogProps = {
  open: boolean;
  /** Called by the close icon, a backdrop click (when enabled) and Escape (when enabled). */
  onClose: () => void;
  /** The header text. */
  title: ReactNode;
  /** An optional icon before the header text. */
  icon?: ReactNode;
  /** Default 800 × 400; never more than the window. */
  width?: number;
  height?: number;
  /** Header font size (bold), 20 px by default; 16 px at 576 px or narrower. */
  headerFontSize?: number;
  /** Close on the Escape key (off by default). */
  closeOnEscape?: boolean;
  /** Close on a click on the backdrop (on by default). */
  closeOnBackdropClick?: boolean;
  /** Buttons under the body. */
  footer?: ReactNode;
  children?: ReactNode;
};

const useStyles = createStyles(({ token, css }) => ({
  backdrop: css`
    position: fixed;
    inset: 0;
  `,
  frame: css`
    position: fixed;
    display: flex;
    flex-direction: column;
    background: ${token.colorBgElevated};
    border-radius: ${token.borderRadiusLG}px;
    box-shadow: ${token.boxShadow};
    overflow: hidden;
    outline: none;
    font-family: ${token.fontFamily};
    color: ${token.colorText};
  `,
  header: css`
    && {
      flex-shrink: 0;
      padding: ${token.paddingSM}px ${token.paddingSM}px ${token.paddingSM}px ${token.paddingLG}px;
      border-bottom: 1px solid ${token.colorBorderSecondary};
      cursor: move;
      user-select: none;
      touch-action: none;
    }
  `,
  icon: css`
    display: inline-flex;
    color: ${token.colorPrimary};
  `,
  title: css`
    flex: 1;
    min-width: 0;
    margin: 0;
    line-height: 1.4;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: ${token.colorTextHeading};
  `,
  body: css`
    flex: 1;
    min-height: 0;
    overflow: auto;
    padding: ${token.paddingLG}px;
  `,
  footer: css`
    && {
      flex-shrink: 0;
      padding: ${token.paddingSM}px ${token.paddingLG}px;
      border-top: 1px solid ${token.colorBorderSecondary};
    }
  `,
}));

function viewport(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

/**
 * A modal dialog over a dark blue backdrop (opacity 0.8, z-index 1500; the dialog 1525) that
 * can be dragged by its header and always stays inside the window. Header: optional icon,
 * text, close icon. Escape closes it only when `closeOnEscape`; a backdrop click closes it
 * unless `closeOnBackdropClick` is false. At 576 px or narrower its font is smaller.
 */
export function DraggableDialog({
  open,
  onClose,
  title,
  icon,
  width = DRAGGABLE_DIALOG_WIDTH_PX,
  height = DRAGGABLE_DIALOG_HEIGHT_PX,
  headerFontSize = DIALOG_HEADER_FONT_SIZE_PX,
  closeOnEscape = false,
  closeOnBackdropClick = true,
  footer,
  children,
}: DraggableDialogProps): ReactElement | null {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const titleId = useId();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointer: Point; start: Point } | null>(null);
  const small = useMediaQuery(`(max-width: ${DIALOG_SMALL_FONT_BREAKPOINT_PX}px)`);
  const [position, setPosition] = useState<Point | null>(null);

  /** The dialog's rendered size (its configured size, within the window, before layout). */
  const sizeNow = useCallback((): Size => {
    const element = frame.current;
    if (element && element.offsetWidth > 0) return { width: element.offsetWidth, height: element.offsetHeight };
    const view = viewport();
    return { width: Math.min(width, view.width), height: Math.min(height, view.height) };
  }, [width, height]);

  // Centred each time it opens.
  useLayoutEffect(() => {
    if (open) setPosition(centreIn(sizeNow(), viewport()));
    else setPosition(null);
  }, [open, sizeNow]);

  // Kept inside the window when it shrinks.
  useEffect(() => {
    if (!open) return undefined;
    const onResize = (): void => setPosition((current) => (current ? clampInside(current, sizeNow(), viewport()) : current));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open, sizeNow]);

  // The dialog is the topmost layer: Escape is its alone (closing it when enabled) and never
  // reaches a drawer or dialog under it (captured on the document before React sees it).
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      if (closeOnEscape) onClose();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, closeOnEscape, onClose]);

  useEffect(() => {
    if (open) frame.current?.focus();
  }, [open]);

  if (!open) return null;

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>): void => {
    if (event.button !== 0 || !position) return;
    if ((event.target as HTMLElement).closest('button')) return;
    event.preventDefault();
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, start: position };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>): void => {
    const state = drag.current;
    if (!state) return;
    const wanted = { x: state.start.x + event.clientX - state.pointer.x, y: state.start.y + event.clientY - state.pointer.y };
    setPosition(clampInside(wanted, sizeNow(), viewport()));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>): void => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const view = viewport();
  // Run time: where it was dragged to, its size within the window and its font at this width (the spec reads them, and its layer, from the element).
  const frameStyle: CSSProperties = {
    left: position?.x ?? 0,
    top: position?.y ?? 0,
    width: Math.min(width, view.width),
    height: Math.min(height, view.height),
    zIndex: DIALOG_Z_INDEX,
    fontSize: small ? DIALOG_SMALL_BODY_FONT_SIZE_PX : token.fontSize,
    visibility: position ? 'visible' : 'hidden',
  };
  // Run time: the caller's header size, smaller at 576 px or narrower.
  const headerSize = small ? DIALOG_SMALL_HEADER_FONT_SIZE_PX : headerFontSize;

  return createPortal(
    <>
      <div
        data-testid="dialog-backdrop"
        aria-hidden
        onClick={closeOnBackdropClick ? onClose : undefined}
        className={styles.backdrop}
        // On the element, as the spec reads them: its layer, colour and opacity.
        style={{ zIndex: DIALOG_BACKDROP_Z_INDEX, backgroundColor: DIALOG_BACKDROP_COLOR, opacity: DIALOG_BACKDROP_OPACITY }}
      />
      <ConfigProvider theme={small ? { token: { fontSize: DIALOG_SMALL_BODY_FONT_SIZE_PX } } : undefined}>
        <div ref={frame} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.frame} style={frameStyle}>
          <Flex
            component="header"
            align="center"
            gap={token.marginXS}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            data-drag-handle
            className={styles.header}
          >
            {icon ? (
              // Run time: the caller's header size.
              <span aria-hidden className={styles.icon} style={{ fontSize: headerSize }}>
                {icon}
              </span>
            ) : null}
            {/* Run time: the caller's header size; the weight beside it, as the spec reads both from the element. */}
            <h2 id={titleId} className={styles.title} style={{ fontSize: headerSize, fontWeight: DIALOG_HEADER_FONT_WEIGHT }}>
              {title}
            </h2>
            <Button type="text" icon={<CloseOutlined />} aria-label="Close dialog" onClick={onClose} />
          </Flex>
          <div className={styles.body}>{children}</div>
          {footer ? (
            <Flex
              component="footer"
              justify="flex-end"
              gap={token.marginXS}
              className={styles.footer}
            >
              {footer}
            </Flex>
          ) : null}
        </div>
      </ConfigProvider>
    </>,
    document.body,
  );
}
