import { CopyOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, theme } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useRef, useState } from 'react';
import { TAB_ITEM_HEIGHT_PX, TAB_STRIP_MIN_WIDTH_PX } from '../constants/widgetConstants';
import { textButtonRules } from '../../theme/textButtonRules';
import { useFitsWidth } from '../hooks/useFitsWidth';
import { TabItem } from './TabItem';

export type TabStripTab = {
  key: string;
  label: string;
  closable?: boolean;
  /** A warning badge (its text, or true for the default text). */
  warning?: string | boolean;
  renameDisabled?: boolean;
};

type TabStripProps = {
  tabs: readonly TabStripTab[];
  activeKey: string;
  onChange: (key: string) => void;
  /** A tab was renamed (double-click, Enter). */
  onRename?: (key: string, label: string) => void;
  onClose?: (key: string) => void;
  /** Below this width the strip is a dropdown (default 500). */
  minWidth?: number;
  /** Shows a plus icon that calls this. */
  onAdd?: () => void;
  /** Shows a copy icon per entry of the dropdown. */
  onCopy?: (key: string) => void;
  /** Shows an edit icon per entry of the dropdown. */
  onEdit?: (key: string) => void;
  /** The strip's accessible name (default 'Tabs'). */
  label?: string;
};

const useStyles = createStyles(({ token, css }) => ({
  addButton: css`
    && {
      flex-shrink: 0;
    }
  `,
  entry: css`
    min-width: 200px;
  `,
  entryLabel: css`
    font-weight: 400;
  `,
  entryLabelActive: css`
    font-weight: 600;
  `,
  strip: css`
    position: relative;
    width: 100%;
    min-width: 0;
    overflow: hidden;
  `,
  // Every tab in one row, hidden: its width says whether the tabs fit.
  measure: css`
    position: absolute;
    top: 0;
    left: 0;
    width: max-content;
    visibility: hidden;
    pointer-events: none;
    display: flex;
  `,
  row: css`
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  tabs: css`
    min-width: 0;
  `,
  dropdownRow: css`
    height: ${TAB_ITEM_HEIGHT_PX}px;
    border-bottom: 1px solid ${token.colorBorderSecondary};
  `,
  dropdownButton: css`
    && {
      min-width: 0;
      max-width: 100%;
      height: ${TAB_ITEM_HEIGHT_PX}px;
      border-radius: 0;
      border-bottom: 2px solid ${token.colorPrimary};
      font-weight: 600;
    }
    ${textButtonRules(`color: ${token.colorPrimary};`)}
  `,
  dropdownLabel: css`
    overflow: hidden;
    text-overflow: ellipsis;
  `,
  caret: css`
    && {
      font-size: 10px;
    }
  `,
  position: css`
    color: ${token.colorTextTertiary};
    white-space: nowrap;
    flex-shrink: 0;
  `,
}));

/**
 * A row of tab items that becomes a dropdown list when the available width is below
 * `minWidth` (500) or the tabs no longer fit; re-checked when the tabs change and 300 ms
 * after the window stops resizing. The dropdown can show copy and edit icons per entry and a
 * plus icon.
 */
export function TabStrip({ tabs, activeKey, onChange, onRename, onClose, minWidth = TAB_STRIP_MIN_WIDTH_PX, onAdd, onCopy, onEdit, label = 'Tabs' }: TabStripProps): ReactElement {
  const { token } = theme.useToken();
  const { styles } = useStyles();
  const container = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const fits = useFitsWidth(container, row, minWidth, [tabs, Boolean(onAdd)]);
  const active = tabs.find((tab) => tab.key === activeKey) ?? tabs[0];

  const addButton = (inert: boolean): ReactElement | null =>
    onAdd ? (
      <Button type="text" icon={<PlusOutlined />} aria-label="Add tab" tabIndex={inert ? -1 : undefined} onClick={inert ? undefined : onAdd} className={styles.addButton} />
    ) : null;

  const entryIcon = (kind: 'copy' | 'edit', tab: TabStripTab): ReactElement => (
    <Button
      type="text"
      size="small"
      icon={kind === 'copy' ? <CopyOutlined /> : <EditOutlined />}
      aria-label={`${kind === 'copy' ? 'Copy' : 'Edit'} ${tab.label}`}
      onClick={(event) => {
        event.stopPropagation();
        setMenuOpen(false);
        if (kind === 'copy') onCopy?.(tab.key);
        else onEdit?.(tab.key);
      }}
    />
  );

  const items: MenuProps['items'] = [
    ...tabs.map((tab) => ({
      key: tab.key,
      label: (
        <Flex align="center" justify="space-between" gap={token.marginSM} className={styles.entry}>
          <span className={tab.key === active?.key ? styles.entryLabelActive : styles.entryLabel}>{tab.label}</span>
          {onCopy || onEdit ? (
            <Flex gap={2}>
              {onCopy ? entryIcon('copy', tab) : null}
              {onEdit ? entryIcon('edit', tab) : null}
            </Flex>
          ) : null}
        </Flex>
      ),
    })),
    ...(onAdd ? [{ type: 'divider' as const }, { key: '__add', icon: <PlusOutlined />, label: 'Add tab' }] : []),
  ];

  return (
    <div ref={container} data-mode={fits ? 'tabs' : 'dropdown'} className={styles.strip}>
      {/* Every tab in one row, hidden: its width says whether the tabs fit. */}
      <div ref={row} aria-hidden data-measure="tabs" className={styles.measure}>
        {tabs.map((tab) => (
          <TabItem key={tab.key} label={tab.label} active={tab.key === active?.key} closable={tab.closable} warning={tab.warning} inert />
        ))}
        {addButton(true)}
      </div>
      {fits ? (
        <Flex align="center" className={styles.row}>
          <Flex role="tablist" aria-label={label} className={styles.tabs}>
            {tabs.map((tab) => (
              <TabItem
                key={tab.key}
                label={tab.label}
                active={tab.key === active?.key}
                closable={tab.closable}
                warning={tab.warning}
                renameDisabled={tab.renameDisabled || !onRename}
                onSelect={() => onChange(tab.key)}
                onRename={(next) => onRename?.(tab.key, next)}
                onClose={() => onClose?.(tab.key)}
              />
            ))}
          </Flex>
          {addButton(false)}
        </Flex>
      ) : (
        <Flex align="center" className={styles.dropdownRow}>
          <Dropdown
            open={menuOpen}
            onOpenChange={setMenuOpen}
            trigger={['click']}
            menu={{
              items,
              selectable: true,
              selectedKeys: active ? [active.key] : [],
              onClick: ({ key }) => {
                setMenuOpen(false);
                if (key === '__add') onAdd?.();
                else onChange(key);
              },
            }}
          >
            <Button
              type="text"
              aria-label={`${label}: ${active?.label ?? ''}`}
              className={styles.dropdownButton}
            >
              <span className={styles.dropdownLabel}>{active?.label}</span>
              <DownOutlined className={styles.caret} />
            </Button>
          </Dropdown>
          {/* Beside the button, not in it: its name (the strip and the tab) then holds all its visible text (WCAG 2.5.3). */}
          <span className={styles.position}>
            {tabs.findIndex((tab) => tab.key === active?.key) + 1} of {tabs.length}
          </span>
        </Flex>
      )}
    </div>
  );
}
