import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  CaretDownOutlined,
  CaretUpOutlined,
  CheckOutlined,
  MoreOutlined,
  PushpinOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type ReactElement, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { GRID_MENU_OVERLAY } from '../logic/gridConstants';
import type { ColumnAlign, ColumnPin } from '../types/gridColumn';
import type { SortOrder } from '../types/gridQuery';

const SORT_NAMES: Record<SortOrder, string> = { 0: 'unsorted', 1: 'ascending', [-1]: 'descending' };

/** The two groups of the column menu: each choice's label and icon. */
const MENU_GROUPS: Array<{ kind: 'pin' | 'align'; label: string; choices: Array<[string, string, ReactNode]> }> = [
  {
    kind: 'pin',
    label: 'Pin column',
    choices: [
      ['none', 'No pin', <PushpinOutlined key="none" />],
      ['left', 'Pin left', <PushpinOutlined key="left" rotate={-90} />],
      ['right', 'Pin right', <PushpinOutlined key="right" rotate={90} />],
    ],
  },
  {
    kind: 'align',
    label: 'Text alignment',
    choices: [
      ['left', 'Align left', <AlignLeftOutlined key="left" />],
      ['center', 'Align center', <AlignCenterOutlined key="center" />],
      ['right', 'Align right', <AlignRightOutlined key="right" />],
    ],
  },
];

type ColumnHeaderProps = {
  text: string;
  icon?: ReactNode;
  sortable: boolean;
  sortOrder: SortOrder;
  onSort: () => void;
  pin: ColumnPin;
  align: ColumnAlign;
  onPinChange: (pin: ColumnPin) => void;
  onAlignChange: (align: ColumnAlign) => void;
  /** The column's filter, shown under the title. */
  filter?: ReactNode;
};

/**
 * A column header: icon, text, the sort toggle (both carets grey when unsorted, the up or down one
 * highlighted when sorted: the grid's styles, by data-sort), the column menu (pin none/left/right,
 * text alignment left/center/right), then the column's filter.
 */
export function ColumnHeader({ text, icon, sortable, sortOrder, onSort, pin, align, onPinChange, onAlignChange, filter }: ColumnHeaderProps): ReactElement {
  // The table also renders every title in a hidden row that measures column widths: there the
  // header is a plain, inert copy, so the page has one set of header controls.
  const ref = useRef<HTMLDivElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) setMeasuring(true);
  }, []);
  if (measuring) {
    return (
      <div ref={ref} className="data-grid-header" inert>
        {text}
      </div>
    );
  }
  const chosen = { pin, align };
  const items: MenuProps['items'] = MENU_GROUPS.flatMap(({ kind, label, choices }, index) => [
    ...(index > 0 ? [{ type: 'divider' as const }] : []),
    {
      type: 'group' as const,
      label,
      children: choices.map(([value, choice, choiceIcon]) => ({
        key: `${kind}:${value}`,
        icon: choiceIcon,
        label: choice,
        extra: chosen[kind] === value ? <CheckOutlined aria-label="selected" /> : null,
        role: 'menuitemradio',
        'aria-checked': chosen[kind] === value,
      })),
    },
  ]);
  return (
    <div ref={ref} className="data-grid-header">
      <div className="data-grid-header-title">
        {icon ? <span className="data-grid-header-icon">{icon}</span> : null}
        {/* A click on the title sorts as the caret button does (the button is the keyboard's way). */}
        <span className={sortable ? 'data-grid-header-text data-grid-header-sortable' : 'data-grid-header-text'} title={text} onClick={sortable ? onSort : undefined}>
          {text}
        </span>
        {pin !== 'none' ? <PushpinOutlined className="data-grid-header-pinned" aria-label={`Pinned ${pin}`} /> : null}
        <span className="data-grid-header-actions">
          {sortable ? (
            <Button
              type="text"
              size="small"
              className="data-grid-sort"
              aria-label={`Sort by ${text}`}
              data-sort={SORT_NAMES[sortOrder]}
              title={sortOrder === 0 ? 'Sort ascending' : sortOrder === 1 ? 'Sort descending' : 'Clear sort'}
              onClick={onSort}
            >
              <span className="data-grid-sort-icon" aria-hidden>
                <CaretUpOutlined />
                <CaretDownOutlined />
              </span>
            </Button>
          ) : null}
          <Dropdown
            trigger={['click']}
            overlayStyle={GRID_MENU_OVERLAY}
            menu={{
              items,
              onClick: ({ key }) => {
                const [kind, value] = key.split(':');
                if (kind === 'pin') onPinChange(value as ColumnPin);
                else onAlignChange(value as ColumnAlign);
              },
            }}
          >
            <Button type="text" size="small" className="data-grid-column-menu" aria-label={`Column menu of ${text}`} icon={<MoreOutlined />} />
          </Dropdown>
        </span>
      </div>
      {filter}
    </div>
  );
}
