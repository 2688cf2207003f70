import * as AntdIcons from '@ant-design/icons';
import { Empty, Input, Typography, theme } from 'antd';
import { type ComponentType, type ReactElement, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { filterIconNames, iconNamesFrom } from '../logic/iconNames';
import { DemoSection } from './DemoSection';

type IconComponent = ComponentType<{ style?: React.CSSProperties; 'aria-hidden'?: boolean }>;

const ICONS = AntdIcons as unknown as Record<string, IconComponent>;
const ICON_NAMES = iconNamesFrom(Object.keys(AntdIcons));

type IconTileProps = {
  name: string;
};

function IconTile({ name }: IconTileProps): ReactElement {
  const { token } = theme.useToken();
  const Icon = ICONS[name];
  return (
    <li
      title={name}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: token.marginXS,
        padding: `${token.paddingSM}px ${token.paddingXXS}px`,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        minWidth: 0,
      }}
    >
      <Icon style={{ fontSize: 24, color: token.colorText }} aria-hidden />
      <span
        data-icon-name
        style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary, textAlign: 'center', overflowWrap: 'anywhere' }}
      >
        {name}
      </span>
    </li>
  );
}

/** Every antd icon by name, with a search box filtering the names. */
export function IconsDemo(): ReactElement {
  const { token } = theme.useToken();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query);
  const names = useMemo(() => filterIconNames(ICON_NAMES, debouncedQuery), [debouncedQuery]);

  return (
    <DemoSection title="Icons" description="The icon set used across the app. Search by name, for example “user” or “bell filled”.">
      <Input.Search
        placeholder="Search icons"
        aria-label="Search icons"
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        style={{ maxWidth: 360, marginBottom: token.marginSM }}
      />
      <Typography.Paragraph type="secondary" aria-live="polite">
        Showing {names.length} of {ICON_NAMES.length} icons
      </Typography.Paragraph>
      {names.length === 0 ? (
        <Empty description={`No icons match “${debouncedQuery.trim()}”`} />
      ) : (
        <ul
          aria-label="Icons"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))',
            gap: token.marginXS,
          }}
        >
          {names.map((name) => (
            <IconTile key={name} name={name} />
          ))}
        </ul>
      )}
    </DemoSection>
  );
}
