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
import { GRID_MENU_WIDTH_PX, GRID_MENU_Z_INDEX } from '../logic/gridConstants';
import type { ColumnAlign, ColumnPin } from '../types/gridColumn';
import type { SortOrder } from '../types/gridQuery';

const SORT_NAMES: Record<SortOrder, string> = { 0: 'unsorted', 1: 'ascending', [-1]: 'descending' };

type SortButtonProps = { text: string; order: SortOrder; onClick: () => void };

/** The sort toggle of a header: both carets grey when unsorted, the up or down one highlighted when sorted (the grid's styles, by data-sort). */
function SortButton({ text, order, onClick }: SortButtonProps): ReactElement {
  return (
    <Button
      type="text"
      size="small"
      className="data-grid-sort"
      aria-label={`Sort by ${text}`}
      data-sort={SORT_NAMES[order]}
      title={order === 0 ? 'Sort ascending' : order === 1 ? 'Sort descending' : 'Clear sort'}
      onClick={onClick}
    >
      <span className="data-grid-sort-icon" aria-hidden>
        <CaretUpOutlined />
        <CaretDownOutlined />
      </span>
    </Button>
  );
}

type ColumnMenuProps = {
  text: string;
  pin: ColumnPin;
  align: ColumnAlign;
  onPinChange: (pin: ColumnPin) => void;
  onAlignChange: (align: ColumnAlign) => void;
};

const PIN_LABELS: Record<ColumnPin, string> = { none: 'No pin', left: 'Pin left', right: 'Pin right' };
const ALIGN_LABELS: Record<ColumnAlign, string> = { left: 'Align left', center: 'Align center', right: 'Align right' };
const ALIGN_ICONS: Record<ColumnAlign, ReactNode> = {
  left: <AlignLeftOutlined />,
  center: <AlignCenterOutlined />,
  right: <AlignRightOutlined />,
};

/** The column's menu: pin none/left/right and text alignment left/center/right. */
function ColumnMenu({ text, pin, align, onPinChange, onAlignChange }: ColumnMenuProps): ReactElement {
  const check = (on: boolean) => (on ? <CheckOutlined aria-label="selected" /> : null);
  const items: MenuProps['items'] = [
    {
      type: 'group',
      label: 'Pin column',
      children: (['none', 'left', 'right'] as const).map((value) => ({
        key: `pin:${value}`,
        icon: <PushpinOutlined rotate={value === 'right' ? 90 : value === 'left' ? -90 : 0} />,
        label: PIN_LABELS[value],
        extra: check(pin === value),
        role: 'menuitemradio',
        'aria-checked': pin === value,
      })),
    },
    { type: 'divider' },
    {
      type: 'group',
      label: 'Text alignment',
      children: (['left', 'center', 'right'] as const).map((value) => ({
        key: `align:${value}`,
        icon: ALIGN_ICONS[value],
        label: ALIGN_LABELS[value],
        extra: check(align === value),
        role: 'menuitemradio',
        'aria-checked': align === value,
      })),
    },
  ];
  return (
    <Dropdown
      trigger={['click']}
      overlayStyle={{ zIndex: GRID_MENU_Z_INDEX, minWidth: GRID_MENU_WIDTH_PX }}
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
  );
}

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

/** A column header: icon, text, sort toggle and column menu, then the column's filter. */
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
          {sortable ? <SortButton text={text} order={sortOrder} onClick={onSort} /> : null}
          <ColumnMenu text={text} pin={pin} align={align} onPinChange={onPinChange} onAlignChange={onAlignChange} />
        </span>
      </div>
      {filter}
    </div>
  );
}
