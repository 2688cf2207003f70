import { CopyOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps, theme } from 'antd';
import { type ReactElement, useRef, useState } from 'react';
import { TAB_ITEM_HEIGHT_PX, TAB_STRIP_MIN_WIDTH_PX } from '../constants/widgetConstants';
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

/**
 * A row of tab items that becomes a dropdown list when the available width is below
 * `minWidth` (500) or the tabs no longer fit; re-checked when the tabs change and 300 ms
 * after the window stops resizing. The dropdown can show copy and edit icons per entry and a
 * plus icon.
 */
export function TabStrip({ tabs, activeKey, onChange, onRename, onClose, minWidth = TAB_STRIP_MIN_WIDTH_PX, onAdd, onCopy, onEdit, label = 'Tabs' }: TabStripProps): ReactElement {
  const { token } = theme.useToken();
  const container = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const fits = useFitsWidth(container, row, minWidth, [tabs, Boolean(onAdd)]);
  const active = tabs.find((tab) => tab.key === activeKey) ?? tabs[0];

  const addButton = (inert: boolean): ReactElement | null =>
    onAdd ? (
      <Button type="text" icon={<PlusOutlined />} aria-label="Add tab" tabIndex={inert ? -1 : undefined} onClick={inert ? undefined : onAdd} style={{ flexShrink: 0 }} />
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
        <Flex align="center" justify="space-between" gap={token.marginSM} style={{ minWidth: 200 }}>
          <span style={{ fontWeight: tab.key === active?.key ? 600 : 400 }}>{tab.label}</span>
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
    <div ref={container} data-mode={fits ? 'tabs' : 'dropdown'} style={{ position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden' }}>
      {/* Every tab in one row, hidden: its width says whether the tabs fit. */}
      <div ref={row} aria-hidden data-measure="tabs" style={{ position: 'absolute', top: 0, left: 0, width: 'max-content', visibility: 'hidden', pointerEvents: 'none', display: 'flex' }}>
        {tabs.map((tab) => (
          <TabItem key={tab.key} label={tab.label} active={tab.key === active?.key} closable={tab.closable} warning={tab.warning} inert />
        ))}
        {addButton(true)}
      </div>
      {fits ? (
        <Flex align="center" style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Flex role="tablist" aria-label={label} style={{ minWidth: 0 }}>
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
        <Flex align="center" style={{ height: TAB_ITEM_HEIGHT_PX, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
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
              style={{
                minWidth: 0,
                maxWidth: '100%',
                height: TAB_ITEM_HEIGHT_PX,
                borderRadius: 0,
                borderBottom: `2px solid ${token.colorPrimary}`,
                color: token.colorPrimary,
                fontWeight: 600,
              }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{active?.label}</span>
              <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
          {/* Beside the button, not in it: its name (the strip and the tab) then holds all its visible text (WCAG 2.5.3). */}
          <span style={{ color: token.colorTextTertiary, whiteSpace: 'nowrap', flexShrink: 0 }}>
            {tabs.findIndex((tab) => tab.key === active?.key) + 1} of {tabs.length}
          </span>
        </Flex>
      )}
    </div>
  );
}
