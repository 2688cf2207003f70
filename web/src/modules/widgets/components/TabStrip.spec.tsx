import { act, screen, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { renderWithApp } from '../../../testing/renderWithApp';
import { TabItem } from './TabItem';
import { TabStrip, type TabStripTab } from './TabStrip';

/** jsdom has no layout: the strip's width and the tabs' width are set by the spec. */
let stripWidth = 800;
let tabsWidth = 300;
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
const scrollWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.mode ? stripWidth : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.measure === 'tabs' ? tabsWidth : 0;
    },
  });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
  if (scrollWidth) Object.defineProperty(HTMLElement.prototype, 'scrollWidth', scrollWidth);
});
beforeEach(() => {
  stripWidth = 800;
  tabsWidth = 300;
});

describe('tab item', () => {
  it('is 40 px high and underlined when active', () => {
    renderWithApp(
      <div role="tablist">
        <TabItem label="Overview" active />
        <TabItem label="History" />
      </div>,
    );
    const [active, other] = screen.getAllByRole('tab');
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(active.style.height).toBe('40px');
    expect(active.style.borderBottom).toMatch(/^2px solid (?!transparent)/);
    expect(other.style.borderBottom).toBe('2px solid transparent');
  });

  it('renames on double-click: Enter confirms and reports the new label, Escape cancels', async () => {
    const onRename = jest.fn();
    const { user } = renderWithApp(<TabItem label="Draft 1" onRename={onRename} />);
    await user.dblClick(screen.getByRole('tab', { name: 'Draft 1' }));
    const field = screen.getByRole('textbox', { name: 'Tab name' });
    await user.clear(field);
    await user.type(field, 'Final{Enter}');
    expect(onRename).toHaveBeenCalledWith('Final');
    expect(screen.queryByRole('textbox')).toBeNull();

    await user.dblClick(screen.getByRole('tab', { name: 'Draft 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Tab name' }), 'xyz{Escape}');
    expect(onRename).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('does not rename when renaming is disabled', async () => {
    const { user } = renderWithApp(<TabItem label="Locked" renameDisabled onRename={jest.fn()} />);
    await user.dblClick(screen.getByRole('tab', { name: 'Locked' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('has an optional close button and warning badge', async () => {
    const onClose = jest.fn();
    const onSelect = jest.fn();
    const { user } = renderWithApp(<TabItem label="Claims" closable onClose={onClose} onSelect={onSelect} warning="2 missing fields" />);
    expect(screen.getByRole('img', { name: '2 missing fields' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close Claims' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab'));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('has no focusable control inside the tab: Delete closes the focused closable tab', async () => {
    const onClose = jest.fn();
    const { user } = renderWithApp(<TabItem label="Claims" active closable onClose={onClose} />);
    const tab = screen.getByRole('tab', { name: /Claims/ });
    expect(tab.querySelectorAll('button, [tabindex]:not([tabindex="-1"]), input').length).toBe(0);
    tab.focus();
    await user.keyboard('{Delete}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

const TABS: TabStripTab[] = [
  { key: 'a', label: 'Overview' },
  { key: 'b', label: 'Locations', warning: true },
  { key: 'c', label: 'Documents', closable: true },
];

type HarnessProps = { minWidth?: number; onCopy?: (key: string) => void; onEdit?: (key: string) => void };

function Harness({ minWidth, onCopy, onEdit }: HarnessProps): ReactElement {
  const [tabs, setTabs] = useState(TABS);
  const [active, setActive] = useState('a');
  return (
    <>
      <TabStrip
        tabs={tabs}
        activeKey={active}
        onChange={setActive}
        minWidth={minWidth}
        onRename={(key, label) => setTabs(tabs.map((tab) => (tab.key === key ? { ...tab, label } : tab)))}
        onClose={(key) => setTabs(tabs.filter((tab) => tab.key !== key))}
        onAdd={() => setTabs([...tabs, { key: `n${tabs.length}`, label: `Tab ${tabs.length + 1}` }])}
        onCopy={onCopy}
        onEdit={onEdit}
        label="Sections"
      />
      <output aria-label="active">{active}</output>
    </>
  );
}

function active(): string {
  return screen.getByRole('status', { name: 'active' }).textContent ?? '';
}

describe('tab strip', () => {
  it('shows the tabs in a row when they fit in a strip of at least 500 px', async () => {
    const { user } = renderWithApp(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(within(list).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Locations', 'Documents']);
    await user.click(within(list).getByRole('tab', { name: /Locations/ }));
    expect(active()).toBe('b');
    await user.dblClick(within(list).getByRole('tab', { name: 'Overview' }));
    await user.type(screen.getByRole('textbox', { name: 'Tab name' }), ' 2026{Enter}');
    expect(within(list).getByRole('tab', { name: 'Overview 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add tab' }));
    expect(within(list).getAllByRole('tab')).toHaveLength(4);
  });

  it('is a dropdown when the strip is narrower than its minimum width', () => {
    stripWidth = 499;
    renderWithApp(<Harness />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sections: Overview' })).toBeTruthy();
  });

  it('honours another minimum width', () => {
    stripWidth = 450;
    renderWithApp(<Harness minWidth={400} />);
    expect(screen.getByRole('tablist')).toBeTruthy();
  });

  it('is a dropdown when the tabs do not fit', () => {
    tabsWidth = 801;
    renderWithApp(<Harness />);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('re-checks 300 ms after the window stops resizing', () => {
    jest.useFakeTimers();
    try {
      renderWithApp(<Harness />);
      expect(screen.getByRole('tablist')).toBeTruthy();
      stripWidth = 480;
      act(() => {
        window.dispatchEvent(new Event('resize'));
        jest.advanceTimersByTime(200);
        window.dispatchEvent(new Event('resize'));
        jest.advanceTimersByTime(299);
      });
      expect(screen.getByRole('tablist')).toBeTruthy();
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('tablist')).toBeNull();
      stripWidth = 900;
      act(() => {
        window.dispatchEvent(new Event('resize'));
        jest.advanceTimersByTime(300);
      });
      expect(screen.getByRole('tablist')).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists the tabs in the dropdown with copy and edit icons and a plus entry', async () => {
    stripWidth = 400;
    const onCopy = jest.fn();
    const onEdit = jest.fn();
    const { user } = renderWithApp(<Harness onCopy={onCopy} onEdit={onEdit} />);
    await user.click(screen.getByRole('button', { name: 'Sections: Overview' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Overview', 'Locations', 'Documents', 'Add tab']);
    await user.click(within(menu).getByRole('button', { name: 'Copy Locations' }));
    expect(onCopy).toHaveBeenCalledWith('b');
    await user.click(screen.getByRole('button', { name: 'Sections: Overview' }));
    await user.click(within(screen.getByRole('menu')).getByRole('button', { name: 'Edit Documents' }));
    expect(onEdit).toHaveBeenCalledWith('c');
    expect(active()).toBe('a');

    await user.click(screen.getByRole('button', { name: 'Sections: Overview' }));
    await user.click(within(screen.getByRole('menu')).getByText('Documents'));
    expect(active()).toBe('c');
    await user.click(screen.getByRole('button', { name: 'Sections: Documents' }));
    await user.click(within(screen.getByRole('menu')).getByText('Add tab'));
    await user.click(screen.getByRole('button', { name: 'Sections: Documents' }));
    expect(within(screen.getByRole('menu')).getByText('Tab 4')).toBeTruthy();
  });
});
