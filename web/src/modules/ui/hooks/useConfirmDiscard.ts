import { App } from 'antd';
import { useCallback } from 'react';

/** What closing a drawer with unsaved input asks. */
export const DISCARD_TITLE = 'Discard your changes?';
export const DISCARD_TEXT = 'What you entered in this drawer has not been saved.';
/** Above the drawers and dialogs (1525). */
export const DISCARD_CONFIRM_Z_INDEX = 1600;

/**
 * A drawer's close request (Escape, the mask, the close icon): with unsaved input it asks first
 * ('Discard' closes, 'Keep editing' stays); without, it closes at once.
 */
export function useConfirmDiscard(dirty: boolean, close: () => void): () => void {
  const { modal } = App.useApp();
  return useCallback(() => {
    if (!dirty) {
      close();
      return;
    }
    modal.confirm({
      title: DISCARD_TITLE,
      content: DISCARD_TEXT,
      okText: 'Discard',
      cancelText: 'Keep editing',
      okButtonProps: { danger: true },
      zIndex: DISCARD_CONFIRM_Z_INDEX,
      onOk: close,
    });
  }, [dirty, close, modal]);
}
