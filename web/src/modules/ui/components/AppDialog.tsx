import { Modal, type ModalProps } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { useDialogWidth } from '../../layout/hooks/useDialogWidth';

type AppDialogProps = Omit<ModalProps, 'width' | 'footer' | 'children'> & {
  children: ReactNode;
};

const useStyles = createStyles(({ css }) => ({
  dialog: css`
    && {
      max-width: calc(100vw - 16px);
    }
  `,
}));

/** The fields a dialog can start in: enabled text inputs, text areas and selects. */
const FIELD_SELECTOR = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * Puts the focus in the first field of `container`, unless a field in it already has it. antd
 * focuses the dialog's frame once its opening animation ends (an input's autoFocus fires
 * before the dialog is shown, and is lost), so this runs after that.
 */
export function focusFirstField(container: HTMLElement | null): void {
  if (!container) return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && container.contains(active) && active.matches(FIELD_SELECTOR)) return;
  container.querySelector<HTMLElement>(FIELD_SELECTOR)?.focus();
}

/**
 * A dialog of the product's size (spec §9): 350 px wide, or the window width minus 16 at
 * 576 px or narrower. Its content carries its own buttons (inside its form), so there is no
 * modal footer; the content is unmounted when closed, which resets the form. When it opens,
 * its first field has the focus.
 */
export function AppDialog({ children, className, afterOpenChange, ...props }: AppDialogProps): ReactElement {
  const { styles, cx } = useStyles();
  const width = useDialogWidth();
  const body = useRef<HTMLDivElement>(null);
  // antd hears Escape only once the focus is in the dialog (after its opening animation): opened
  // by keyboard from a menu that is gone, the focus is outside it, and Escape still closes it.
  const { open, onCancel, keyboard } = props;
  useEffect(() => {
    if (!open || !onCancel || keyboard === false) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      const dialog = body.current?.closest('[role="dialog"]');
      if (event.key === 'Escape' && !dialog?.contains(document.activeElement)) onCancel(event as unknown as Parameters<typeof onCancel>[0]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onCancel, keyboard]);
  return (
    <Modal
      width={width}
      footer={null}
      destroyOnHidden
      className={cx(styles.dialog, className)}
      afterOpenChange={(open) => {
        if (open) focusFirstField(body.current);
        afterOpenChange?.(open);
      }}
      {...props}
    >
      <div ref={body}>{children}</div>
    </Modal>
  );
}
