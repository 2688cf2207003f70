import * as AntdIcons from '@ant-design/icons';
import { Empty, Input, Typography } from 'antd';
import { createStyles } from 'antd-style';
import { type ComponentType, type ReactElement, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../ui/hooks/useDebouncedValue';
import { filterIconNames, iconNamesFrom } from '../logic/iconNames';
import { DemoSection } from './DemoSection';

type IconComponent = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

const ICONS = AntdIcons as unknown as Record<string, IconComponent>;
const ICON_NAMES = iconNamesFrom(Object.keys(AntdIcons));

const useStyles = createStyles(({ token, css }) => ({
  tile: css`
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${token.marginXS}px;
    padding: ${token.paddingSM}px ${token.paddingXXS}px;
    background: ${token.colorBgContainer};
    border: 1px solid ${token.colorBorderSecondary};
    border-radius: ${token.borderRadius}px;
    min-width: 0;
  `,
  icon: css`
    && {
      font-size: 24px;
      color: ${token.colorText};
    }
  `,
  name: css`
    font-size: ${token.fontSizeSM}px;
    color: ${token.colorTextSecondary};
    text-align: center;
    overflow-wrap: anywhere;
  `,
  search: css`
    && {
      max-width: 360px;
      margin-bottom: ${token.marginSM}px;
    }
  `,
  grid: css`
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(112px, 1fr));
    gap: ${token.marginXS}px;
  `,
}));

type IconTileProps = {
  name: string;
};

function IconTile({ name }: IconTileProps): ReactElement {
  const { styles } = useStyles();
  const Icon = ICONS[name];
  return (
    <li title={name} className={styles.tile}>
      <Icon className={styles.icon} aria-hidden />
      <span data-icon-name className={styles.name}>
        {name}
      </span>
    </li>
  );
}

/** Every antd icon by name, with a search box filtering the names. */
export function IconsDemo(): ReactElement {
  const { styles } = useStyles();
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
        className={styles.search}
      />
      <Typography.Paragraph type="secondary" aria-live="polite">
        Showing {names.length} of {ICON_NAMES.length} icons
      </Typography.Paragraph>
      {names.length === 0 ? (
        <Empty description={`No icons match “${debouncedQuery.trim()}”`} />
      ) : (
        <ul
          aria-label="Icons"
          className={styles.grid}
        >
          {names.map((name) => (
            <IconTile key={name} name={name} />
          ))}
        </ul>
      )}
    </DemoSection>
  );
}
