import { CloseOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { type InputRef, Tooltip, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type KeyboardEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { TAB_ITEM_HEIGHT_PX, TEXT_INPUT_WIDTH_PX } from '../constants/widgetConstants';
import { TextInput } from './TextInput';

export type TabItemProps = {
  label: string;
  active?: boolean;
  /** Called when the tab is clicked (or activated with Enter/Space). */
  onSelect?: () => void;
  /** Called with the new label when a rename is confirmed with Enter. */
  onRename?: (label: string) => void;
  /** Double-click does not rename. */
  renameDisabled?: boolean;
  /** Show a close button (calls onClose). */
  closable?: boolean;
  onClose?: () => void;
  /** Show a warning badge; the text is its tooltip and accessible name. */
  warning?: string | boolean;
  /** Rendered only to be measured (hidden, not focusable). */
  inert?: boolean;
};

const useStyles = createStyles(({ token, css }) => ({
  tab: css`
    display: inline-flex;
    align-items: center;
    gap: ${token.marginXXS}px;
    box-sizing: border-box;
    padding: 0 ${token.padding}px;
    color: ${token.colorText};
    font-weight: 400;
    cursor: pointer;
    white-space: nowrap;
    flex-shrink: 0;
    user-select: none;
    transition:
      color ${token.motionDurationMid},
      border-color ${token.motionDurationMid};
  `,
  closable: css`
    padding-inline-end: ${token.paddingXXS}px;
  `,
  active: css`
    color: ${token.colorPrimary};
    font-weight: 600;
  `,
  warning: css`
    && {
      color: ${token.colorWarning};
    }
  `,
  close: css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 24px;
    height: 24px;
    border-radius: ${token.borderRadiusSM}px;
    color: ${token.colorTextTertiary};
    cursor: pointer;
  `,
  closeIcon: css`
    && {
      font-size: 10px;
    }
  `,
}));

/**
 * One tab, 40 px high, underlined when active. A double-click makes its label editable
 * (unless renaming is disabled): Enter confirms and reports the new label, Escape cancels.
 * Optional close cross (Delete closes the focused tab) and warning badge.
 */
export function TabItem({ label, active = false, onSelect, onRename, renameDisabled = false, closable, onClose, warning, inert }: TabItemProps): ReactElement {
  const { token } = theme.useToken();
  const { styles, cx } = useStyles();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(label);
  const field = useRef<InputRef>(null);

  useEffect(() => {
    if (editing) field.current?.focus({ cursor: 'all' });
  }, [editing]);

  const startEditing = (): void => {
    if (renameDisabled || inert) return;
    setDraft(label);
    setEditing(true);
  };
  const confirm = (): void => {
    const next = draft.trim();
    setEditing(false);
    if (next && next !== label) onRename?.(next);
  };
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setEditing(false);
    }
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect?.();
    } else if (event.key === 'F2') {
      startEditing();
    } else if (event.key === 'Delete' && closable) {
      event.preventDefault();
      onClose?.();
    }
  };
  const warningText = typeof warning === 'string' ? warning : 'Needs attention';

  return (
    <div
      role={inert ? undefined : 'tab'}
      aria-selected={inert ? undefined : active}
      tabIndex={inert ? -1 : active ? 0 : -1}
      data-active={active ? 'true' : 'false'}
      onClick={editing ? undefined : onSelect}
      onDoubleClick={startEditing}
      onKeyDown={inert ? undefined : onTabKey}
      title={renameDisabled || inert ? undefined : 'Double-click to rename'}
      className={cx(styles.tab, closable && styles.closable, active && styles.active)}
      // On the element: the 40 px the tab row is measured by and the underline of the active tab (read by TabStrip.spec).
      style={{ height: TAB_ITEM_HEIGHT_PX, borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}` }}
    >
      {editing ? (
        <TextInput
          ref={field}
          size="small"
          value={draft}
          aria-label="Tab name"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onFieldKey}
          onBlur={() => setEditing(false)}
          onClick={(event) => event.stopPropagation()}
          // The text input's 120 px, wider for a longer name being typed.
          width={`max(${TEXT_INPUT_WIDTH_PX}px, ${draft.length + 2}ch)`}
        />
      ) : (
        <span>{label}</span>
      )}
      {warning ? (
        <Tooltip title={warningText}>
          <ExclamationCircleFilled role="img" aria-label={warningText} className={styles.warning} />
        </Tooltip>
      ) : null}
      {closable ? (
        // Not focusable: a control inside a tab would nest interactive elements (WCAG 4.1.2). The
        // keyboard closes the focused tab with Delete; the pointer with this cross.
        <span
          role="button"
          aria-label={`Close ${label}`}
          className={cx('app-tab-close', styles.close)}
          onClick={(event) => {
            event.stopPropagation();
            onClose?.();
          }}
        >
          <CloseOutlined aria-hidden className={styles.closeIcon} />
        </span>
      ) : null}
    </div>
  );
}
