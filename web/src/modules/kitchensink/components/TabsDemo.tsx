import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ReactElement, useState } from 'react';
import { DraggableDialog } from '../../widgets/components/DraggableDialog';
import { TabStrip, type TabStripTab } from '../../widgets/components/TabStrip';
import { DemoBlock, DemoSection } from './DemoSection';

const useStyles = createStyles(({ token, css }) => ({
  panel: css`
    padding: ${token.padding}px ${token.paddingXS}px 0;
  `,
  narrow: css`
    max-width: 360px;
  `,
}));

const INITIAL_TABS: TabStripTab[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'locations', label: 'Locations', warning: 'A location is missing its ZIP code' },
  { key: 'documents', label: 'Documents', closable: true },
  { key: 'claims', label: 'Claims', closable: true },
  { key: 'notes', label: 'Notes', renameDisabled: true },
];

type TabsState = {
  tabs: TabStripTab[];
  active: string;
  setActive: (key: string) => void;
  rename: (key: string, label: string) => void;
  close: (key: string) => void;
  add: () => void;
  copy: (key: string) => void;
};

function useTabs(): TabsState {
  const [tabs, setTabs] = useState<TabStripTab[]>(INITIAL_TABS);
  const [active, setActive] = useState(INITIAL_TABS[0].key);
  const [next, setNext] = useState(1);
  const newKey = (): string => {
    setNext(next + 1);
    return `new-${next}`;
  };
  return {
    tabs,
    active,
    setActive,
    rename: (key, label) => setTabs(tabs.map((tab) => (tab.key === key ? { ...tab, label } : tab))),
    close: (key) => {
      const rest = tabs.filter((tab) => tab.key !== key);
      setTabs(rest);
      if (key === active && rest.length > 0) setActive(rest[0].key);
    },
    add: () => {
      const key = newKey();
      setTabs([...tabs, { key, label: `New tab ${next}`, closable: true }]);
      setActive(key);
    },
    copy: (key) => {
      const source = tabs.find((tab) => tab.key === key);
      if (!source) return;
      const copyKey = newKey();
      setTabs([...tabs, { ...source, key: copyKey, label: `${source.label} (copy)`, closable: true, renameDisabled: false }]);
    },
  };
}

/** The tab strip in a wide and a narrow place, and its tab items' options. */
export function TabsDemo(): ReactElement {
  const { styles } = useStyles();
  const wide = useTabs();
  const narrow = useTabs();
  const [editing, setEditing] = useState<{ key: string; label: string } | null>(null);
  const activeTab = wide.tabs.find((tab) => tab.key === wide.active);

  return (
    <DemoSection
      title="Tab Strip"
      description="Double-click a tab to rename it (not Notes: renaming is disabled there), Enter confirms. Tabs can have a close button and a warning badge; the active one is underlined. When the strip is narrower than 500 px or its tabs no longer fit, it becomes a dropdown (re-checked 300 ms after the window stops resizing)."
    >
      <DemoBlock title="Full width">
        <TabStrip
          label="Practice sections"
          tabs={wide.tabs}
          activeKey={wide.active}
          onChange={wide.setActive}
          onRename={wide.rename}
          onClose={wide.close}
          onAdd={wide.add}
          onCopy={wide.copy}
          onEdit={(key) => setEditing({ key, label: wide.tabs.find((tab) => tab.key === key)?.label ?? '' })}
        />
        <div role="tabpanel" aria-label={activeTab?.label} className={styles.panel}>
          <Typography.Text type="secondary">
            Showing <strong>{activeTab?.label ?? 'nothing'}</strong>. Narrow the window under 500 px to see the dropdown.
          </Typography.Text>
        </div>
      </DemoBlock>
      <DemoBlock title="In a narrow column (a dropdown with copy, edit and plus icons)">
        <div className={styles.narrow}>
          <TabStrip
            label="Saved views"
            tabs={narrow.tabs}
            activeKey={narrow.active}
            onChange={narrow.setActive}
            onRename={narrow.rename}
            onClose={narrow.close}
            onAdd={narrow.add}
            onCopy={narrow.copy}
            onEdit={(key) => setEditing({ key: `narrow:${key}`, label: narrow.tabs.find((tab) => tab.key === key)?.label ?? '' })}
          />
        </div>
      </DemoBlock>
      <DraggableDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title="Rename tab"
        icon={<EditOutlined />}
        width={420}
        height={220}
        closeOnEscape
        footer={
          <Flex gap="small">
            <Button onClick={() => setEditing(null)}>Cancel</Button>
            <Button
              type="primary"
              disabled={!editing?.label.trim()}
              onClick={() => {
                if (!editing) return;
                if (editing.key.startsWith('narrow:')) narrow.rename(editing.key.slice('narrow:'.length), editing.label.trim());
                else wide.rename(editing.key, editing.label.trim());
                setEditing(null);
              }}
            >
              Rename
            </Button>
          </Flex>
        }
      >
        <Input
          aria-label="Tab name"
          value={editing?.label ?? ''}
          onChange={(event) => setEditing(editing ? { ...editing, label: event.target.value } : null)}
        />
      </DraggableDialog>
    </DemoSection>
  );
}
